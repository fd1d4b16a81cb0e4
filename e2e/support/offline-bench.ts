import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as oauth from 'oauth4webapi';
import type { LogSink } from '../../src/core/adapters';
import { API_LIMITS, requestOptions } from '../../src/core/auth/http-policy';
import { PlatformClient } from '../../src/core/platform/platform-client';
import type { ApiTransport } from '../../src/core/platform/retry';
import { FileKeyEncryptor } from '../../src/core/store/file-key-encryptor';
import { MirrorDatabase } from '../../src/core/store/mirror-database';
import { SchoolDatabases } from '../../src/core/store/school-database';
import { DEFAULT_PULL } from '../../src/core/sync/pull';
import type { RateLimits } from '../../src/core/sync/rate-limiter';
import { linkSchool, type SchoolLink } from '../../src/core/sync/school-link';
import { SchoolSync } from '../../src/core/sync/school-sync';
import type { SyncStatus } from '../../src/shared/sync-status';
import { median } from './screen-timing';
import { OWNER_ACCOUNT_ID } from './workspace-flow';

/**
 * The core half of `npm run bench:offline` (e2e/perf/offline-performance.spec.ts): a raw
 * page loop, the app's own sync path on a minted token, and the process measurements the
 * spec prints. Nothing here replaces a piece of the app: the sync runs SchoolSync, pull.ts,
 * the rate limiter, reachability, PlatformClient (zod), and MirrorDatabase with its helper
 * processes on the school's encrypted database (SchoolDatabases, its key wrapped by the web
 * host's FileKeyEncryptor), over oauth4webapi with http-policy's deadlines and answer cap, as
 * AuthService.request sends the app's API requests. Only sign-in is skipped (a token minted
 * by the stand-in's control API).
 */

/** A bearer token for the owner with `scopes`, minted by the stand-in's control API. */
export async function mintToken(platformUrl: string, scopes: string[]): Promise<string> {
  const response = await fetch(`${platformUrl}/__control/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountId: OWNER_ACCOUNT_ID, scopes }),
  });
  if (!response.ok) throw new Error(`minting a token answered ${response.status}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/**
 * The app's API transport without a session: the request AuthService.request makes
 * (src/core/auth/authorized-request.ts), oauth4webapi's protectedResourceRequest through
 * guardedFetch with API_LIMITS, on a fixed token.
 */
export function appTransport(accessToken: string): ApiTransport {
  return (url, init) =>
    oauth.protectedResourceRequest(
      accessToken,
      init.method,
      url,
      init.headers,
      init.body,
      requestOptions(fetch, url, init.signal, API_LIMITS),
    );
}

/**
 * The baseline: every page of `area` sorted by createdAt, `concurrency` requests at once
 * (page 1 first, for the number of pages), each body read and JSON.parse'd, nothing else.
 */
export async function rawPageLoop(options: {
  apiBaseUrl: string;
  token: string;
  area: string;
  perPage: number;
  concurrency: number;
}): Promise<{ pages: number; records: number }> {
  const { apiBaseUrl, token, area, perPage, concurrency } = options;
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const get = async (page: number) => {
    const url = `${apiBaseUrl}/${area}?page=${page}&perPage=${perPage}&sort=createdAt`;
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`raw page ${page} answered ${response.status}`);
    return JSON.parse(await response.text()) as { nodes: unknown[]; totalPages: number };
  };
  const first = await get(1);
  let records = first.nodes.length;
  let next = 2;
  const worker = async () => {
    while (next <= first.totalPages) {
      const page = next;
      next += 1;
      const answer = await get(page);
      records += answer.nodes.length;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { pages: first.totalPages, records };
}

/** Sync's own page size and page concurrency (what the raw loop must match). */
export const SYNC_PAGING = { perPage: DEFAULT_PULL.perPage, concurrency: DEFAULT_PULL.concurrency };

const quietLog: LogSink = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A SchoolSync on the stand-in, built as the app builds one (see the module comment). */
export type CoreSchool = {
  sync: SchoolSync<MirrorDatabase>;
  link: SchoolLink;
  databases: SchoolDatabases;
  /** A client on the screen transport, as the local-first SchoolData's network side. */
  screenClient: PlatformClient;
  /** Resolves with the first status (the current one included) that satisfies `test`. */
  until(test: (status: SyncStatus) => boolean): Promise<SyncStatus>;
  /** The school's database files (bytes on disk: the database and its WAL). */
  fileBytes(): number;
  close(): Promise<void>;
};

/**
 * Opens the school's SchoolSync (on its database in `dataDir`, made if there is none), which
 * starts syncing the areas `scopes` may read at once. `limits` go to the app's rate limiter
 * (its defaults where not given).
 */
export async function openCoreSchool(options: {
  platformUrl: string;
  token: string;
  dataDir: string;
  scopes: string[];
  limits?: Partial<RateLimits>;
  /** Where to add the time spent in the mirror's methods. */
  timings?: MainThreadTimings;
}): Promise<CoreSchool> {
  const apiBaseUrl = `${options.platformUrl}/api/v1`;
  const encryptor = new FileKeyEncryptor(join(options.dataDir, 'mirror.key'));
  const databases = new SchoolDatabases(options.dataDir, encryptor, () => true, quietLog);
  const schoolId = `${options.platformUrl} ${options.platformUrl}`;
  const { db, buildIndexes, startHelper } = await databases.open(schoolId);
  const mirror = MirrorDatabase.open(db, buildIndexes, startHelper);
  if (options.timings)
    timeMethods(mirror, ['upsert', 'get', 'count', 'list', 'setMeta'], options.timings);
  const link = linkSchool(appTransport(options.token), {
    limits: options.limits ?? {},
    log: quietLog,
  });
  const syncClient = new PlatformClient({ apiBaseUrl, transport: link.background });
  const screenClient = new PlatformClient({ apiBaseUrl, transport: link.screen });
  link.setProbe((signal) => syncClient.page('courses', { page: 1, perPage: 1, signal }));
  const waiters = new Set<() => void>();
  const sync = SchoolSync.open<MirrorDatabase>({
    schoolId,
    mirror,
    source: (area, query) => syncClient.page(area, query),
    reachability: link.reachability,
    scopes: options.scopes,
    log: quietLog,
    onStatus: () => {
      for (const wake of [...waiters]) wake();
    },
  });
  return {
    sync,
    link,
    databases,
    screenClient,
    until: (test) =>
      new Promise((resolve) => {
        const check = () => {
          const status = sync.status();
          if (!test(status)) return false;
          waiters.delete(check);
          resolve(status);
          return true;
        };
        if (!check()) waiters.add(check);
      }),
    fileBytes: () => databaseFileBytes(databases.folder),
    async close() {
      await sync.close();
      link.close();
      db.close();
    },
  };
}

/** Milliseconds spent inside each timed method, by name. */
export type MainThreadTimings = Record<string, number>;

/**
 * Adds the time of each call of `methods` on `target` to `timings[name]`, by shadowing the
 * prototype's methods on the instance. The methods stay the real ones; sync's work between
 * them (transport, zod, the limiter, status) is what remains of the process's CPU time.
 * Synchronous methods only, or ones whose work is synchronous before their promise (the
 * encryptor's), so the figure is main-thread time.
 */
function timeMethods<T extends object>(target: T, methods: string[], timings: MainThreadTimings) {
  const record = target as Record<string, unknown>;
  for (const name of methods) {
    const original = record[name] as (...args: unknown[]) => unknown;
    record[name] = (...args: unknown[]) => {
      const started = performance.now();
      try {
        return original.apply(target, args);
      } finally {
        timings[name] = (timings[name] ?? 0) + performance.now() - started;
      }
    };
  }
}

/** Bytes of the database files (database, WAL) in a SchoolDatabases folder. */
export function databaseFileBytes(folder: string): number {
  try {
    return readdirSync(folder)
      .filter((name) => name.includes('.sqlite'))
      .reduce((sum, name) => sum + statSync(join(folder, name)).size, 0);
  } catch {
    return 0;
  }
}

/** Peaks of this process's memory over a stretch of time, in MiB. */
export type MemoryPeak = {
  /** The kernel's high-water mark of resident memory (VmHWM), reset at the start. */
  rssHwmMb: number;
  /** The largest of the samples below. */
  rssSampledMb: number;
  heapUsedMb: number;
  /** Memory outside V8's heap: Buffers (SQLite's page cache is not counted here). */
  externalMb: number;
  /** At the start, for comparison. */
  baseline: { rssMb: number; heapUsedMb: number; externalMb: number };
  samples: number;
};

const MB = 1024 * 1024;

/**
 * Samples this process's memory every `everyMs` (process.memoryUsage) until stopped. Resident
 * memory is also read from the kernel: writing 5 to /proc/self/clear_refs resets VmHWM, the
 * peak resident size, so a peak between two samples is not missed (Linux; NaN elsewhere).
 */
export function sampleMemory(everyMs = 100): { stop(): MemoryPeak } {
  let hwmReset = true;
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    hwmReset = false;
  }
  const start = process.memoryUsage();
  const peak = { rss: start.rss, heapUsed: start.heapUsed, external: start.external, samples: 1 };
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
    peak.external = Math.max(peak.external, now.external);
    peak.samples += 1;
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      let hwm = NaN;
      if (hwmReset) {
        const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
        if (match?.[1]) hwm = (Number(match[1]) * 1024) / MB;
      }
      return {
        rssHwmMb: hwm,
        rssSampledMb: peak.rss / MB,
        heapUsedMb: peak.heapUsed / MB,
        externalMb: peak.external / MB,
        baseline: {
          rssMb: start.rss / MB,
          heapUsedMb: start.heapUsed / MB,
          externalMb: start.external / MB,
        },
        samples: peak.samples,
      };
    },
  };
}

/** One line of a MemoryPeak for the printout. */
export const memoryLine = (peak: MemoryPeak) =>
  `peak RSS ${peak.rssHwmMb.toFixed(0)} MiB (kernel high-water mark; sampled max ${peak.rssSampledMb.toFixed(0)}), ` +
  `peak V8 heap used ${peak.heapUsedMb.toFixed(0)} MiB, peak external (Buffers) ${peak.externalMb.toFixed(0)} MiB; ` +
  `before: RSS ${peak.baseline.rssMb.toFixed(0)}, heap ${peak.baseline.heapUsedMb.toFixed(0)}, external ${peak.baseline.externalMb.toFixed(0)} MiB (${peak.samples} samples)`;

/** Times `work` `repeats` times after one untimed cold call; answers cold, median and max. */
export async function timed(repeats: number, work: () => unknown) {
  let started = performance.now();
  await work();
  const cold = performance.now() - started;
  const runs: number[] = [];
  for (let i = 0; i < repeats; i += 1) {
    started = performance.now();
    await work();
    runs.push(performance.now() - started);
  }
  return { cold, median: median(runs), max: Math.max(...runs) };
}

/** `GET /__control/counters` (control requests are not counted). */
export type Counters = {
  total: number;
  byStatus: Record<string, number>;
  byRoute: Record<string, { total: number; byStatus: Record<string, number> }>;
};

export async function readCounters(platformUrl: string): Promise<Counters> {
  const response = await fetch(`${platformUrl}/__control/counters`);
  return (await response.json()) as Counters;
}

/** Business API reads (GET /api/v1/...) the stand-in answered: served (2xx, 3xx) and 429. */
export function apiReads(counters: Counters): { served: number; tooMany: number } {
  return apiRequests(counters, (route) => route.startsWith('GET /api/v1/'));
}

/** Business API writes (POST, PATCH, PUT, DELETE under /api/v1/): served and 429. */
export function apiWrites(counters: Counters): { served: number; tooMany: number } {
  return apiRequests(counters, (route) => /^(POST|PATCH|PUT|DELETE) \/api\/v1\//.test(route));
}

function apiRequests(
  counters: Counters,
  test: (route: string) => boolean,
): { served: number; tooMany: number } {
  const reads = Object.entries(counters.byRoute).filter(([route]) => test(route));
  const sum = (test: (status: string) => boolean) =>
    reads.reduce(
      (total, [, entry]) =>
        total +
        Object.entries(entry.byStatus)
          .filter(([status]) => test(status))
          .reduce((n, [, count]) => n + count, 0),
      0,
    );
  return { served: sum((status) => /^[23]\d\d$/.test(status)), tooMany: sum((s) => s === '429') };
}

/** One reading of the counters: ms since the watch began, and reads served and refused. */
export type ReadsPoint = { atMs: number; reads: number; tooMany: number };

/**
 * A series of API requests so far (reads unless `pick` says otherwise), polled from the
 * stand-in's counters every `everyMs`.
 */
export function watchReads(platformUrl: string, everyMs = 250, pick = apiReads) {
  const started = performance.now();
  const series: ReadsPoint[] = [];
  let last: Counters | undefined;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      last = await readCounters(platformUrl).catch(() => last);
      if (last) {
        const { served, tooMany } = pick(last);
        series.push({ atMs: performance.now() - started, reads: served, tooMany });
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    series,
    /** Stops polling; answers the last counters read. */
    async stop(): Promise<Counters | undefined> {
      stopped = true;
      await loop;
      return last;
    },
  };
}

/** When 429s appeared: the first reading that showed each new one (seconds, reads served). */
export function tooManyMoments(series: readonly ReadsPoint[]): string[] {
  const moments: string[] = [];
  let seen = 0;
  for (const point of series) {
    if (point.tooMany > seen) {
      moments.push(
        `${point.tooMany - seen} by ${(point.atMs / 1000).toFixed(1)} s (after read ${point.reads})`,
      );
      seen = point.tooMany;
    }
  }
  return moments;
}

/**
 * The sustained read rate of a paced sync, per minute: the reads between the moment the
 * count first passed `from` and the moment it first passed `to`, over the time between.
 * With a sliding-window limiter of `limit` requests, `from` = limit and `to` = a multiple of
 * it later measure whole windows after the first (the first window's burst is not a rate).
 */
export function rateBetween(
  series: readonly ReadsPoint[],
  from: number,
  to: number,
): { perMinute: number; seconds: number; reads: number } | undefined {
  const a = series.find((point) => point.reads > from);
  const b = series.find((point) => point.reads > to);
  if (!a || !b || b.atMs <= a.atMs) return undefined;
  const reads = b.reads - a.reads;
  const seconds = (b.atMs - a.atMs) / 1000;
  return { perMinute: (reads / seconds) * 60, seconds, reads };
}
