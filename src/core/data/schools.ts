import type { Clock, LogSink } from '../adapters';
import type { AuthService } from '../auth/auth-service';
import { authTransport, PlatformClient, type PlatformClientOptions } from '../platform';
import { MirrorDatabase } from '../store/mirror-database';
import type { MirrorStorage } from '../sync/school-sync-options';
import {
  linkSchool,
  SchoolSync,
  type NetworkHint,
  type RateLimits,
  type SchoolLink,
} from '../sync';
import type { EntityName } from '../../shared/entity-names';
import type { SyncStatus } from '../../shared/sync-status';
import type { OutboxEntryView, OutboxStatus } from '../../shared/outbox-contract';
import type { OutboxStore } from '../sync/outbox';
import type { OutboxControl } from '../workspace/outbox-handlers';
import { LocalFirstSchoolData } from './local-first';
import type { SchoolData } from './school-data';
import { SchoolOutbox } from './school-outbox';

/** One signed-in school: its transports, its sync and local copy, and its data seam. */
type School = {
  key: string;
  scopes: string;
  link: SchoolLink;
  sync: SchoolSync<MirrorDatabase>;
  data: LocalFirstSchoolData;
  outbox: SchoolOutbox | undefined;
};

export type SchoolsOptions = {
  /** Where each school's encrypted local copy lives (MirrorFiles). */
  files: MirrorStorage;
  /**
   * Where each school's unsent writes are kept (OutboxJournal). Without one, writes go
   * straight to the school as they did before the outbox.
   */
  outboxes?: OutboxStore;
  onOutbox?: (status: OutboxStatus) => void;
  /** True while local copies stay in memory only (no keyring and no opt-in). */
  memoryOnly: () => boolean;
  onStatus: (status: SyncStatus) => void;
  onDataChanged: (schoolId: string, areas: EntityName[]) => void;
  log: LogSink;
  clock?: Clock;
  /** The host's view of the network (Electron's net.isOnline); a hint only. */
  hint?: NetworkHint;
  /** The pace kept with each school; the platform's published limits by default. */
  rateLimits?: Partial<RateLimits>;
  /** Platform client settings, for tests. */
  client?: Partial<Omit<PlatformClientOptions, 'apiBaseUrl' | 'transport'>>;
};

/**
 * The data of each signed-in school behind the SchoolData seam. Each school gets, once:
 * - a link: its rate limiter and reachability in front of the session's transport, so the
 *   screen's requests and sync share one budget and every answer tells whether the school
 *   is there;
 * - its SchoolSync, which keeps the encrypted local copy of the areas the session may read;
 * - the local-first SchoolData the handlers and jobs call.
 * Each school is named by its key (issuer and resource), and so are its local copy and its
 * outbox: two schools may share one authorization server.
 */
export class Schools implements OutboxControl {
  private readonly schools = new Map<string, Promise<School>>();

  constructor(
    private readonly auth: Pick<AuthService, 'request' | 'session' | 'signedIn'>,
    private readonly options: SchoolsOptions,
  ) {}

  /** The data of a signed-in school; `not_signed_in` when there is no session for it. */
  async for(schoolId: string): Promise<SchoolData> {
    return (await this.school(schoolId)).data;
  }

  /** The same school's data with writes straight to the school (long operations). */
  async forLongOperations(schoolId: string): Promise<SchoolData> {
    return (await this.school(schoolId)).data.direct();
  }

  async outboxStatus(schoolId: string): Promise<OutboxStatus> {
    const { outbox } = await this.school(schoolId);
    return outbox?.status() ?? emptyOutbox(schoolId);
  }

  async outboxEntries(schoolId: string): Promise<OutboxEntryView[]> {
    return (await this.school(schoolId)).outbox?.views() ?? [];
  }

  async retry(schoolId: string, entryId?: string): Promise<boolean> {
    return (await (await this.school(schoolId)).outbox?.retry(entryId)) ?? false;
  }

  async discard(schoolId: string, entryId: string): Promise<boolean> {
    return (await (await this.school(schoolId)).outbox?.discard(entryId)) ?? false;
  }

  async resolve(
    schoolId: string,
    entryId: string,
    choice: 'mine' | 'theirs' | 'merge',
    fields?: Record<string, unknown>,
  ): Promise<boolean> {
    const { outbox } = await this.school(schoolId);
    return (await outbox?.resolve(entryId, choice, fields)) ?? false;
  }

  /** The school's sync status (opening its local copy if it is not open yet). */
  async status(schoolId: string): Promise<SyncStatus> {
    return (await this.school(schoolId)).sync.status();
  }

  /** Starts a sync round now; false when one is already running. */
  async syncNow(schoolId: string): Promise<boolean> {
    const { sync, outbox } = await this.school(schoolId);
    const running = sync.status().activity !== undefined;
    void outbox?.send(true);
    void sync.syncNow();
    return !running;
  }

  /** Stops a first sync, which resumes at the next round; false when none ran. */
  async cancel(schoolId: string): Promise<boolean> {
    const { sync } = await this.school(schoolId);
    if (sync.status().activity?.kind !== 'first') return false;
    sync.cancel();
    return true;
  }

  /** Opens the local copy of every school signed in on this computer, and syncs them. */
  async resumeAll(): Promise<void> {
    const sessions = await this.auth.signedIn();
    await Promise.all(
      sessions.map((s) =>
        this.school(s.schoolId).catch((error: unknown) =>
          this.options.log.warn(`sync of ${s.schoolId} could not start: ${nameOf(error)}`),
        ),
      ),
    );
  }

  /** Forgets a school and wipes its local copy (sign-out); other schools keep theirs. */
  async forget(schoolId: string): Promise<void> {
    const open = this.schools.get(schoolId);
    this.schools.delete(schoolId);
    const school = await open?.catch(() => undefined);
    if (school) {
      await school.outbox?.close();
      await school.outbox?.box.wipe();
      await school.sync.wipe();
      school.link.close();
    } else {
      await this.options.files.wipe(schoolId);
      await this.options.outboxes?.wipe(schoolId);
    }
  }

  /** Stops every school's sync and saves what is in memory (the app is quitting). */
  async closeAll(): Promise<void> {
    const open = [...this.schools.values()];
    this.schools.clear();
    for (const school of await Promise.allSettled(open)) {
      if (school.status !== 'fulfilled') continue;
      await school.value.outbox?.close();
      await school.value.sync.close();
      school.value.link.close();
    }
    await this.options.outboxes?.close?.();
  }

  /**
   * A signed-in school, opened once (concurrent callers share the opening).
   * Each call looks at the session's scopes, so an area granted by step-up starts syncing
   * and one no longer granted after a refresh is dropped from the copy.
   */
  private async school(schoolId: string): Promise<School> {
    const session = await this.auth.session(schoolId);
    let opening = this.schools.get(schoolId);
    if (!opening) {
      opening = this.open(schoolId, session.baseUrl, session.scopes);
      this.schools.set(schoolId, opening);
      opening.catch(() => this.schools.delete(schoolId));
    }
    const school = await opening;
    const scopes = [...session.scopes].sort().join(' ');
    if (school.scopes !== scopes) {
      school.scopes = scopes;
      school.sync.updateScopes(session.scopes);
    }
    return school;
  }

  private async open(schoolId: string, baseUrl: string, scopes: string[]): Promise<School> {
    const { options } = this;
    const apiBaseUrl = new URL('api/v1/', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
    // The limiter stands outside the session's transport, so time spent waiting for a turn
    // does not count against a request's own deadline. No step-up here: a 403
    // insufficient_scope goes back to the renderer, which asks the owner (core must not open
    // a browser unasked).
    const link = linkSchool(authTransport(this.auth, schoolId), {
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.hint ? { hint: options.hint } : {}),
      ...(options.rateLimits ? { limits: options.rateLimits } : {}),
      log: options.log,
    });
    const client = (transport: SchoolLink['screen']) =>
      new PlatformClient({ ...options.client, apiBaseUrl, transport });
    const screen = client(link.screen);
    const background = client(link.background);
    link.setProbe((signal) => background.page('courses', { page: 1, perPage: 1, signal }));
    // The school's key (issuer and resource) also names its local copy and its outbox.
    const key = schoolId;
    try {
      const opened = options.outboxes
        ? await SchoolOutbox.open({
            schoolId,
            key,
            store: options.outboxes,
            onStatus: (status) => options.onOutbox?.(status),
            log: options.log,
          })
        : undefined;
      const sync = await SchoolSync.open({
        schoolId,
        key,
        files: options.files,
        openMirror: (bytes) => MirrorDatabase.create(bytes),
        source: (area, query) => background.page(area, query),
        reachability: link.reachability,
        scopes,
        log: options.log,
        ...(options.clock ? { clock: options.clock } : {}),
        memoryOnly: options.memoryOnly,
        onStatus: options.onStatus,
        onDataChanged: (areas) => options.onDataChanged(schoolId, areas),
        // A list the owner opens asks the school for news this often at most, so an edit made
        // elsewhere shows within seconds while the school answers; and a quiet app still
        // checks every 30 s (two small requests an area, a few percent of the read budget),
        // so the status line notices a school that went away.
        schedule: { revalidateMs: 5_000, incrementalMs: 30_000 },
        ...(opened ? { overlay: SchoolOutbox.overlayOf(opened.outbox) } : {}),
      });
      const outbox = opened?.attach({
        sync,
        screen,
        background,
        reachability: link.reachability,
      });
      const data = new LocalFirstSchoolData(screen, sync, outbox?.parts);
      return { key, scopes: [...scopes].sort().join(' '), link, sync, data, outbox };
    } catch (error) {
      link.close();
      throw error;
    }
  }
}

function emptyOutbox(schoolId: string): OutboxStatus {
  return {
    schoolId,
    count: 0,
    needsYou: 0,
    signInNeeded: false,
    pending: { courses: [], students: [], coupons: [], pages: [] },
  };
}

function nameOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.name : 'error';
}
