import type { Clock, LogSink } from '../adapters';
import type { AuthService } from '../auth/auth-service';
import { authTransport } from '../platform/auth-transport';
import { isPlatformError } from '../platform/errors';
import { PlatformClient, type PlatformClientOptions } from '../platform/platform-client';
import { MirrorDatabase } from '../store/mirror-database';
import type { Db } from '../store/mirror-sql';
import type { DamagedDatabase, SchoolDatabases } from '../store/school-database';
import type { SqlJsEraFiles } from '../store/upgrade/sqljs-era';
import { OutboxTable } from '../outbox/outbox-table';
import { acknowledgeSetAside, recordSetAside, setAsideNotice } from '../outbox/set-aside-notice';
import { clearArea } from '../sync/area-state';
import { ENTITY_NAMES } from '../../shared/entity-names';
import type { RateLimits } from '../sync/rate-limiter';
import type { NetworkHint } from '../sync/reachability';
import { linkSchool, type SchoolLink } from '../sync/school-link';
import { SchoolSync } from '../sync/school-sync';
import type { EntityName } from '../../shared/entity-names';
import type { SyncStatus } from '../../shared/sync-status';
import type { OutboxEntryView, OutboxStatus } from '../../shared/outbox-contract';
import type { OutboxControl } from '../workspace/outbox-handlers';
import { LocalFirstSchoolData } from './local-first';
import type { SchoolData } from './school-data';
import { SchoolOutbox } from '../outbox/school-outbox';
import { guardDamage, withDamage } from './copy-damage';

/** One signed-in school: its transports, its sync and local copy, and its data seam. */
type School = {
  key: string;
  /** The account (`sub`) the school was opened for; '' when the school names none. */
  account: string;
  scopes: string;
  link: SchoolLink;
  /** The school's encrypted database: its copy and its outbox. */
  db: Db;
  mirror: MirrorDatabase;
  table: OutboxTable;
  sync: SchoolSync<MirrorDatabase>;
  data: LocalFirstSchoolData;
  outbox: SchoolOutbox;
};

export type SchoolsOptions = {
  /** Each school's encrypted database: its local copy and its unsent writes. */
  databases: SchoolDatabases;
  /** The files an older version left (their unsent edits move in at a school's first open). */
  legacy?: SqlJsEraFiles;
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
  /** Databases set aside as damaged while open, for the school's next open to report. */
  private readonly damaged = new Map<string, DamagedDatabase>();

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
    return (await this.school(schoolId)).outbox.status();
  }

  async outboxEntries(schoolId: string): Promise<OutboxEntryView[]> {
    return (await this.school(schoolId)).outbox.views();
  }

  async retry(schoolId: string, entryId?: string): Promise<boolean> {
    return (await this.school(schoolId)).outbox.retry(entryId);
  }

  /**
   * A sign-in to the school finished. If its outbox waited for one (the school had stopped
   * accepting the session), what waited is sent now, without the owner asking. A school not
   * open has nothing waiting in memory: its outbox sends when it opens.
   */
  async signedIn(schoolId: string): Promise<void> {
    if (!this.schools.has(schoolId)) return;
    // Through school(): a sign-in as another account reopens the school for that account.
    const school = await this.school(schoolId).catch(() => undefined);
    school?.outbox.signedInAgain();
  }

  async discard(schoolId: string, entryId: string): Promise<boolean> {
    return (await this.school(schoolId)).outbox.discard(entryId);
  }

  async resolve(
    schoolId: string,
    entryId: string,
    choice: 'mine' | 'theirs' | 'merge',
    fields?: Record<string, unknown>,
  ): Promise<boolean> {
    return (await this.school(schoolId)).outbox.resolve(entryId, choice, fields);
  }

  async acknowledgeUnreadable(schoolId: string): Promise<boolean> {
    const school = await this.school(schoolId);
    const acknowledged = acknowledgeSetAside(school.mirror);
    school.outbox.noticesChanged();
    return acknowledged;
  }

  async discardOtherAccount(schoolId: string): Promise<number> {
    const school = await this.school(schoolId);
    const discarded = school.table.discardOtherAccounts();
    if (discarded > 0)
      this.options.log.info(`outbox: ${discarded} unsent change(s) of another account discarded`);
    school.outbox.noticesChanged();
    return discarded;
  }

  /** The school's sync status (opening its local copy if it is not open yet). */
  async status(schoolId: string): Promise<SyncStatus> {
    return (await this.school(schoolId)).sync.status();
  }

  /** Starts a sync round now; false when one is already running. */
  async syncNow(schoolId: string): Promise<boolean> {
    const { sync, outbox } = await this.school(schoolId);
    const running = sync.status().activity !== undefined;
    void outbox.send(true);
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

  /**
   * Forgets a school and removes its database, WAL and key (sign-out); other schools keep
   * theirs. Only another account's unsent edits at the same school are kept.
   */
  async forget(schoolId: string): Promise<void> {
    const open = this.schools.get(schoolId);
    this.schools.delete(schoolId);
    const school = await open?.catch(() => undefined);
    if (school) {
      await school.outbox.close();
      await school.sync.discard();
      school.link.close();
      await school.mirror.whenSortBuildsEnd();
      if (school.table.otherAccounts()) {
        // Another account's unsent edits wait here: they are not this sign-out's to lose. The
        // database stays with only those; this account's copy and edits go.
        for (const area of ENTITY_NAMES) clearArea(school.mirror, area);
        await school.table.wipe();
        school.db.close();
        this.options.log.info(
          "sign-out: the school's database is kept for another account's edits",
        );
        return;
      }
      school.db.close();
    }
    await this.options.databases.remove(schoolId);
  }

  /** Stops every school's sync and closes its database (the app is quitting). */
  async closeAll(): Promise<void> {
    const open = [...this.schools.values()];
    this.schools.clear();
    for (const school of await Promise.allSettled(open))
      if (school.status === 'fulfilled') await close(school.value);
  }

  /**
   * A page of the school's copy failed its check when read: the school is closed, its
   * database set aside (its unsent edits read out, if they read), and it opens again on a new
   * database, so the school syncs again and the owner is told what could not be kept. Calls
   * meanwhile wait for the new one rather than open the damaged file again.
   */
  private async setAsideDamaged(schoolId: string, db: Db): Promise<void> {
    const opening = this.schools.get(schoolId);
    const school = await opening?.catch(() => undefined);
    // Damage met while opening is set aside by open() itself.
    if (!school || school.db !== db || this.schools.get(schoolId) !== opening) return;
    this.options.log.warn(`school ${schoolId}: a page of its copy is damaged; setting it aside`);
    const reopening = (async () => {
      // Each part is closed even if another fails (closing may meet the damage too).
      await school.outbox.close().catch(() => undefined);
      await school.sync.close().catch(() => undefined);
      school.link.close();
      this.damaged.set(schoolId, await this.options.databases.setAsideDamaged(schoolId, db));
      const session = await this.auth.session(schoolId);
      return this.open(schoolId, session.baseUrl, session.scopes, session.sub ?? '');
    })();
    this.schools.set(schoolId, reopening);
    await reopening.catch((error: unknown) => {
      if (this.schools.get(schoolId) === reopening) this.schools.delete(schoolId);
      this.options.log.warn(`school ${schoolId} did not open again: ${nameOf(error)}`);
    });
  }

  /**
   * A signed-in school, opened once (concurrent callers share the opening).
   * Each call looks at the session's scopes, so an area granted by step-up starts syncing
   * and one no longer granted after a refresh is dropped from the copy.
   */
  private async school(schoolId: string): Promise<School> {
    const session = await this.auth.session(schoolId);
    const account = session.sub ?? '';
    let opening = this.schools.get(schoolId);
    const open = await opening?.catch(() => undefined);
    if (open && open.account !== account && this.schools.get(schoolId) === opening) {
      // Another account signed in to this school (the first one's session ended): what was
      // opened for the first one is closed, not forgotten, and opened again for this one.
      this.schools.delete(schoolId);
      await close(open);
      opening = undefined;
    }
    if (!opening) {
      opening = this.open(schoolId, session.baseUrl, session.scopes, account);
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

  private async open(
    schoolId: string,
    baseUrl: string,
    scopes: string[],
    account: string,
  ): Promise<School> {
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
    // The school's key (issuer and resource) also names its database.
    const opened = withDamage(
      await options.databases.open(schoolId).catch((error: unknown) => {
        link.close();
        throw error;
      }),
      this.damaged.get(schoolId),
    );
    this.damaged.delete(schoolId);
    const { db } = opened;
    try {
      const mirror = guardDamage(
        MirrorDatabase.open(db, opened.buildIndexes, opened.startHelper),
        () => void this.setAsideDamaged(schoolId, db),
      );
      recordSetAside(mirror, opened, (options.clock ?? Date).now());
      keepCopyFor(mirror, account);
      const store = new OutboxTable(db, account, (count) => {
        try {
          options.databases.noteUnsent(schoolId, count, (options.clock ?? Date).now());
        } catch (error) {
          options.log.warn(`outbox: the unsent count was not recorded (${nameOf(error)})`);
        }
      });
      if (opened.salvaged) store.restore(opened.salvaged);
      await options.legacy?.moveInto(schoolId, db, account);
      const withOutbox = await SchoolOutbox.open({
        schoolId,
        store,
        onStatus: (status) => options.onOutbox?.(status),
        log: options.log,
      });
      const sync = SchoolSync.open({
        schoolId,
        mirror,
        source: (area, query) => background.page(area, query),
        reachability: link.reachability,
        scopes,
        log: options.log,
        ...(options.clock ? { clock: options.clock } : {}),
        memoryOnly: options.memoryOnly,
        onStatus: options.onStatus,
        onDataChanged: (areas) => options.onDataChanged(schoolId, areas),
        overlay: SchoolOutbox.overlayOf(withOutbox.outbox),
      });
      const outbox = withOutbox.attach({
        sync,
        screen,
        background,
        reachability: link.reachability,
      });
      outbox.notices = () => {
        const unreadable = setAsideNotice(mirror);
        const otherAccount = store.otherAccounts();
        return { ...(unreadable ? { unreadable } : {}), ...(otherAccount ? { otherAccount } : {}) };
      };
      const data = new LocalFirstSchoolData(screen, sync, outbox.parts);
      const key = schoolId;
      const sorted = [...scopes].sort().join(' ');
      return { key, account, scopes: sorted, link, db, mirror, table: store, sync, data, outbox };
    } catch (error) {
      link.close();
      if (!isPlatformError(error, 'copy_damaged')) {
        db.close();
        throw error;
      }
      // Damage met while opening: set aside now, and open once more on a new database.
      this.damaged.set(schoolId, await options.databases.setAsideDamaged(schoolId, db));
      return this.open(schoolId, baseUrl, scopes, account);
    }
  }
}

/** Closes what was opened for a school; everything in it is already committed. */
async function close(school: School): Promise<void> {
  await school.outbox.close();
  await school.sync.close();
  school.link.close();
  school.db.close();
}

/**
 * Keeps the local copy only for the account it was synced for: what one account may read is
 * not what another may, so another account's copy is dropped and syncs again.
 */
function keepCopyFor(mirror: MirrorDatabase, account: string): void {
  const key = 'copy:account';
  const held = mirror.getMeta<string>(key);
  if (held === account) return;
  if (held !== undefined) for (const area of ENTITY_NAMES) clearArea(mirror, area);
  mirror.setMeta(key, account);
}

function nameOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.name : 'error';
}
