import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LogSink } from '../../../src/core/adapters';
import { PlatformClient } from '../../../src/core/platform/platform-client';
import type { ApiTransport } from '../../../src/core/platform/retry';
import { FileKeyEncryptor } from '../../../src/core/store/file-key-encryptor';
import { MirrorDatabase } from '../../../src/core/store/mirror-database';
import type { Db } from '../../../src/core/store/mirror-sql';
import {
  SchoolDatabases,
  type OpenedSchoolDatabase,
} from '../../../src/core/store/school-database';
import type { RateLimits } from '../../../src/core/sync/rate-limiter';
import { linkSchool, type SchoolLink } from '../../../src/core/sync/school-link';
import { SchoolSync } from '../../../src/core/sync/school-sync';
import type { SchoolSyncOptions } from '../../../src/core/sync/school-sync-options';
import type { EntityName } from '../../../src/shared/entity-names';
import type { SyncStatus } from '../../../src/shared/sync-status';
import type { PlatformOptions } from '../../platform/types';
import { ALL_SCOPES, startClientHarness, type ClientHarness } from './client-harness';

/** Log lines of a test, kept to look at rather than printed. */
export function memoryLog(): LogSink & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (m) => lines.push(`info ${m}`),
    warn: (m) => lines.push(`warn ${m}`),
    error: (m) => lines.push(`error ${m}`),
  };
}

/** A running SchoolSync with what it told. */
export type OpenedSync = {
  sync: SchoolSync<MirrorDatabase>;
  link: SchoolLink;
  /** The school's database the sync writes to. */
  db: Db;
  statuses: SyncStatus[];
  /** Areas of each onDataChanged call. */
  changes: EntityName[][];
  /** Resolves with the first status (the current one included) that satisfies `test`. */
  until(test: (status: SyncStatus) => boolean, timeoutMs?: number): Promise<SyncStatus>;
  close(): Promise<void>;
};

export type SyncHarness = {
  client: ClientHarness;
  dataDir: string;
  /** The school databases of the data folder (encrypted, its key in a key file). */
  databases: SchoolDatabases;
  log: ReturnType<typeof memoryLog>;
  /** Opens the school's database, as the app does (the caller closes it). */
  openDatabase(): Promise<Db>;
  /**
   * Opens a SchoolSync on the stand-in with the real pieces: a school link (rate limiter and
   * reachability) over the harness transport, a PlatformClient at background priority as
   * the page source, and MirrorDatabase in the school's encrypted database (`db`, or one it
   * opens and closes).
   */
  open(
    options?: Partial<SchoolSyncOptions<MirrorDatabase>> & {
      limits?: Partial<RateLimits>;
      transport?: ApiTransport;
      db?: Db;
    },
  ): Promise<OpenedSync>;
  /** Every id of an area on the server, by plain paging. */
  serverIds(area: EntityName): Promise<string[]>;
  close(): Promise<void>;
};

export const SCHOOL_KEY = 'https://school.test https://school.test';

/** Starts the stand-in (small, rate limit off unless asked) and a data folder for the mirror. */
export async function startSyncHarness(
  platform: Partial<PlatformOptions> = {},
  scopes: string[] = ALL_SCOPES,
): Promise<SyncHarness> {
  const client = await startClientHarness(platform, scopes);
  const dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-sync-'));
  const log = memoryLog();
  const databases = new SchoolDatabases(
    dataDir,
    new FileKeyEncryptor(join(dataDir, 'data.key')),
    () => true,
    log,
  );
  /**
   * The index builder and helper of each database opened here (the app hands them to
   * MirrorDatabase).
   */
  const helpers = new WeakMap<Db, Pick<OpenedSchoolDatabase, 'buildIndexes' | 'startHelper'>>();
  const openDatabase = async () => {
    const { db, buildIndexes, startHelper } = await databases.open(SCHOOL_KEY);
    helpers.set(db, { buildIndexes, startHelper });
    return db;
  };
  const opened: OpenedSync[] = [];

  const open: SyncHarness['open'] = async (options = {}) => {
    const { limits, transport, db: given, ...rest } = options;
    const db = given ?? (await openDatabase());
    const link = linkSchool(transport ?? client.transport, {
      limits: { reads: null, writes: null, ...limits },
      firstRetryMs: 50,
      maxRetryMs: 400,
      log,
    });
    const syncClient = new PlatformClient({
      apiBaseUrl: client.apiBaseUrl,
      transport: link.background,
      retry: { baseDelayMs: 5, maxDelayMs: 20 },
    });
    link.setProbe((signal) => syncClient.page('courses', { page: 1, perPage: 1, signal }));
    const statuses: SyncStatus[] = [];
    const changes: EntityName[][] = [];
    const waiters = new Set<() => void>();
    const sync = SchoolSync.open<MirrorDatabase>({
      schoolId: SCHOOL_KEY,
      mirror: MirrorDatabase.open(db, helpers.get(db)?.buildIndexes, helpers.get(db)?.startHelper),
      source: (area, query) => syncClient.page(area, query),
      reachability: link.reachability,
      scopes,
      log,
      ...rest,
      onStatus: (status) => {
        statuses.push(status);
        rest.onStatus?.(status);
        for (const wake of [...waiters]) wake();
      },
      onDataChanged: (areas) => {
        changes.push(areas);
        rest.onDataChanged?.(areas);
      },
    });
    const until: OpenedSync['until'] = (test, timeoutMs = 20_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const status = sync.status();
          if (!test(status)) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(status);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`no such status within ${timeoutMs} ms: ${JSON.stringify(sync.status())}`),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    let closed = false;
    const handle: OpenedSync = {
      sync,
      link,
      db,
      statuses,
      changes,
      until,
      async close() {
        if (closed) return;
        closed = true;
        await sync.close();
        link.close();
        if (!given) db.close();
      },
    };
    opened.push(handle);
    return handle;
  };

  const serverIds = async (area: EntityName): Promise<string[]> => {
    const ids: string[] = [];
    for (let page = 1; ; page += 1) {
      const url = new URL(`${client.apiBaseUrl}/${area}?page=${page}&perPage=50&sort=createdAt`);
      const response = await client.transport(url, { method: 'GET', headers: new Headers() });
      const body = (await response.json()) as { nodes: { id: string }[]; totalPages: number };
      ids.push(...body.nodes.map((node) => node.id));
      if (page >= body.totalPages) return ids.sort();
    }
  };

  return {
    client,
    dataDir,
    databases,
    log,
    openDatabase,
    open,
    serverIds,
    async close() {
      for (const handle of opened) await handle.close().catch(() => undefined);
      await client.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** True when every readable area of `status` is synced. */
export function allSynced(status: SyncStatus): boolean {
  return Object.values(status.areas).every(
    (area) => area.state === 'synced' || area.state === 'not_granted',
  );
}
