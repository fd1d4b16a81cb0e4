import type { Clock } from '../adapters';
import { ENTITY_NAMES, type EntityName } from '../../shared/entity-names';
import type { AreaSyncState, SyncStatus } from '../../shared/sync-status';
import { overlaid } from '../outbox/overlay';
import { clearArea, readAreaMeta, readUnreadable, type SyncMirror } from './area-state';
import { CopyTooLargeError } from './area-writer';
import { pullArea, type PullProgress } from './pull';
import { isNoAnswer } from '../platform/errors';
import { fileFailureCode } from '../store/file-failure';
import { systemTimers, type Timers } from './reachability';
import {
  DEFAULT_SCHEDULE,
  describeFailure,
  readableAreas,
  type SchoolSyncOptions,
  type SyncSchedule,
} from './school-sync-options';
import { Throttle } from './throttle';
import { WriteTracker } from './write-tracker';

/** Small areas first, so most of the workspace is local before the students arrive. */
const ORDER: readonly EntityName[] = ['courses', 'coupons', 'pages', 'students'];

/**
 * One signed-in school's local copy and its sync. It keeps the school's MirrorDatabase
 * (open in the school's encrypted database, each write committed at once) and syncs the areas the session may read (first sync, then incremental every few minutes while
 * online, at once on reconnect, and on `syncNow`), and tells its status and which areas
 * changed. It is what the local-first SchoolData reads through (`copy`, `isSynced`...).
 */
export class SchoolSync<M extends SyncMirror = SyncMirror> {
  /** The mirror, for everyone else (its writes are noted for sweeps, see WriteTracker). */
  readonly copy: M;
  private readable: Set<EntityName>;
  private readonly clock: Clock;
  private readonly timers: Timers;
  private readonly schedule: SyncSchedule;
  private readonly writes = new WriteTracker();
  private readonly checkedAt = new Map<EntityName, number>();
  /**
   * Areas not kept: the copy grew past MAX_COPY_BYTES while they synced. Remembered in the
   * database, so a restart does not fetch 256 MiB again only to drop it; forgotten when the
   * area stops being readable (a new grant starts afresh).
   */
  private readonly tooLarge = new Set<EntityName>();
  private readonly pending = new Set<EntityName>();
  /**
   * Why each area's last pass failed, until a pass of it succeeds: told on the status, so a
   * first sync that cannot store what it fetches (a full disk) does not read as "not synced
   * yet" every 30 s without a word.
   */
  private readonly failures = new Map<EntityName, SyncFailure>();
  /** When the next scheduled round starts (undefined while a round runs). */
  private nextRoundAt: number | undefined;
  /** Revalidations waiting for their area's revalidateMs to pass. */
  private readonly trailing = new Map<EntityName, unknown>();
  /** When progress was last told (see SyncSchedule.progressMs). */
  private progressAt = 0;
  /**
   * The status after changes made outside a pass, told at most every progressMs: each row a
   * bulk job created was a status of its own (5,020 while 5,000 students were imported), and
   * each drew the workspace again.
   */
  private readonly changes: Throttle;
  private loop: Promise<void> | undefined;
  private current: { area: EntityName; abort: AbortController } | undefined;
  private activity: SyncStatus['activity'];
  private firstCancelled = false;
  private lastSyncedAt: number | undefined;
  private nextRound: unknown;
  private lastStatus = '';
  private unsubscribe: () => void = () => undefined;
  private stopNoting: () => void = () => undefined;
  private closed = false;
  private discarded = false;

  /** Starts syncing the school's open mirror. */
  static open<M extends SyncMirror>(options: SchoolSyncOptions<M>): SchoolSync<M> {
    const sync = new SchoolSync(options, options.mirror);
    sync.start();
    return sync;
  }

  private constructor(
    private readonly options: SchoolSyncOptions<M>,
    private readonly mirror: M,
  ) {
    this.readable = readableAreas(options.scopes);
    this.clock = options.clock ?? { now: Date.now };
    this.timers = options.timers ?? systemTimers;
    this.schedule = { ...DEFAULT_SCHEDULE, ...options.schedule };
    this.changes = new Throttle(this.schedule.progressMs, () => this.emit(), this.timers);
    this.copy = mirror;
  }

  /** The status the renderer shows. */
  status(): SyncStatus {
    const { reachability, retryAt, networkHint } = this.options.reachability.state;
    return {
      schoolId: this.options.schoolId,
      reachability,
      ...(retryAt === undefined ? {} : { retryAt }),
      networkHint,
      areas: Object.fromEntries(
        ENTITY_NAMES.map((area) => [area, this.areaState(area)]),
      ) as SyncStatus['areas'],
      ...(this.activity ? { activity: this.activity } : {}),
      ...(this.lastSyncedAt === undefined ? {} : { lastSyncedAt: this.lastSyncedAt }),
      memoryOnly: this.options.memoryOnly?.() ?? false,
    };
  }

  /** True once the area's first sync finished: its reads may be answered locally. */
  isSynced(area: EntityName): boolean {
    return this.readable.has(area) && readAreaMeta(this.mirror, area)?.phase === 'synced';
  }

  /** How many of the area's records the school sent that could not be read (not in the copy). */
  unreadable(area: EntityName): number {
    return this.readable.has(area) ? readUnreadable(this.mirror, area).length : 0;
  }

  /** False while the school is known not to answer. */
  isReachable(): boolean {
    return this.options.reachability.isReachable();
  }

  /** Milliseconds since the epoch. */
  now(): number {
    return this.clock.now();
  }

  /**
   * A read of `area` was answered locally: look for news, at most every revalidateMs. A read
   * inside that time schedules one look at its end rather than none, so news made just after
   * a pass (a course created in the web admin) still arrives within revalidateMs.
   */
  revalidate(area: EntityName): void {
    if (this.closed || !this.isReachable() || !this.isSynced(area)) return;
    if (this.trailing.has(area) || this.pending.has(area) || this.current?.area === area) return;
    const wait = (this.checkedAt.get(area) ?? 0) + this.schedule.revalidateMs - this.clock.now();
    if (wait > 0) {
      const timer = this.timers.setTimeout(() => {
        this.trailing.delete(area);
        this.revalidate(area);
      }, wait);
      this.trailing.set(area, timer);
      return;
    }
    this.checkedAt.set(area, this.clock.now());
    void this.kick([area]);
  }

  /** The copy changed outside a pass (the app saved a record, one was gone on the server). */
  changed(area: EntityName): void {
    if (this.closed) return;
    this.options.onDataChanged?.([area]);
    this.changes.call();
  }

  /**
   * Syncs every readable area now ("Sync now"); also resumes first syncs that were
   * cancelled. While the school does not answer, probes it instead (it syncs on reconnect).
   * Resolves when the round finished.
   */
  syncNow(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.firstCancelled) {
      this.firstCancelled = false;
      this.emit();
    }
    if (!this.isReachable()) {
      this.options.reachability.probeNow();
      return Promise.resolve();
    }
    return this.kick(this.readable);
  }

  /**
   * Stops a first sync under way, and first syncs are skipped until `syncNow` (or the next
   * start of the app, which resumes them where they stopped).
   */
  cancel(): void {
    this.firstCancelled = true;
    if (this.current && this.activity?.kind === 'first') this.current.abort.abort();
    this.emit();
  }

  /**
   * The session's scopes changed (step-up granted more; a refresh answered fewer). A newly
   * readable area syncs; one no longer readable is dropped from the copy at once.
   */
  updateScopes(scopes: readonly string[]): void {
    if (this.closed) return;
    const next = readableAreas(scopes);
    const added = [...next].filter((area) => !this.readable.has(area));
    const removed = [...this.readable].filter((area) => !next.has(area));
    this.readable = next;
    if (removed.length > 0) {
      if (this.current && removed.includes(this.current.area)) this.current.abort.abort();
      for (const area of removed) {
        clearArea(this.mirror, area);
        this.tooLarge.delete(area);
        this.failures.delete(area);
        this.mirror.setMeta(tooLargeKey(area), undefined);
      }
      this.options.onDataChanged?.(removed);
    }
    this.emit();
    if (added.length > 0 && this.isReachable()) void this.kick(added);
  }

  /** Stops syncing (a pass under way is aborted); every change is already committed. */
  async close(): Promise<void> {
    await this.stop();
  }

  /** Stops syncing and tells no more status: the school's copy is being removed (sign-out). */
  async discard(): Promise<void> {
    this.discarded = true;
    await this.stop();
  }

  private start(): void {
    // Scopes may have shrunk while the app was closed: nothing unreadable stays.
    for (const area of ENTITY_NAMES) {
      if (!this.readable.has(area) && readAreaMeta(this.mirror, area) !== undefined)
        clearArea(this.mirror, area);
      if (!this.readable.has(area)) this.mirror.setMeta(tooLargeKey(area), undefined);
      else if (this.mirror.getMeta(tooLargeKey(area)) !== undefined) this.tooLarge.add(area);
    }
    this.stopNoting = this.mirror.onRecordsWritten((area, ids) => this.writes.note(area, ids));
    let wasReachable = this.isReachable();
    this.unsubscribe = this.options.reachability.subscribe(() => {
      const reachable = this.isReachable();
      // Back from unreachable: sync at once rather than at the next scheduled round.
      if (reachable && !wasReachable) void this.kick(this.readable);
      wasReachable = reachable;
      this.emit();
    });
    this.emit();
    void this.kick(this.readable);
  }

  private async stop(): Promise<void> {
    this.closed = true;
    this.unsubscribe();
    this.stopNoting();
    this.timers.clearTimeout(this.nextRound);
    for (const timer of this.trailing.values()) this.timers.clearTimeout(timer);
    this.trailing.clear();
    this.changes.cancel();
    this.current?.abort.abort();
    await this.loop?.catch(() => undefined);
  }

  /** Adds areas to the next round and runs rounds until none is asked for. */
  private kick(areas: Iterable<EntityName>): Promise<void> {
    if (this.closed) return Promise.resolve();
    for (const area of areas) if (this.readable.has(area)) this.pending.add(area);
    // Rounds that are ending may no longer look at `pending`: their last status can wake a
    // listener that asks again ("Sync now" after a failed round) before they have resolved.
    // What it asks for runs after them, not at the next scheduled round.
    const loop = this.loop
      ? this.loop.then(() => (this.pending.size > 0 ? this.runRounds() : undefined))
      : this.runRounds();
    this.loop = loop;
    const settled = () => {
      if (this.loop === loop) this.loop = undefined;
    };
    loop.then(settled, settled);
    return loop;
  }

  private async runRounds(): Promise<void> {
    this.timers.clearTimeout(this.nextRound);
    this.nextRoundAt = undefined;
    while (this.pending.size > 0 && !this.closed) {
      // Unreachable: nothing is asked of the school; reconnecting starts a round.
      if (!this.isReachable()) {
        this.pending.clear();
        break;
      }
      const areas = ORDER.filter((area) => this.pending.has(area));
      this.pending.clear();
      await this.round(areas);
    }
    if (!this.closed) {
      this.nextRound = this.timers.setTimeout(
        () => void this.kick(this.readable),
        this.schedule.incrementalMs,
      );
      this.nextRoundAt = this.clock.now() + this.schedule.incrementalMs;
      if (this.failures.size > 0) this.emit();
    }
  }

  private async round(areas: EntityName[]): Promise<void> {
    let failed = false;
    for (const area of areas) {
      if (this.closed || !this.isReachable()) return;
      if (!this.readable.has(area) || this.tooLarge.has(area)) continue;
      const meta = readAreaMeta(this.mirror, area);
      if (this.firstCancelled && meta?.phase !== 'synced') continue;
      const outcome = await this.pass(area);
      if (outcome === 'unreachable') return;
      failed ||= outcome === 'failed';
    }
    const all = [...this.readable].filter((area) => !this.tooLarge.has(area));
    if (!failed && all.every((area) => areas.includes(area) && this.isSynced(area))) {
      this.lastSyncedAt = this.clock.now();
      this.emit();
    }
  }

  /** One area's pass; never throws. */
  private async pass(area: EntityName): Promise<'done' | 'failed' | 'unreachable'> {
    const abort = new AbortController();
    this.current = { area, abort };
    this.checkedAt.set(area, this.clock.now());
    try {
      const result = await pullArea({
        ...this.options.pull,
        mirror: overlaid(this.mirror, this.options.overlay),
        source: this.options.source,
        area,
        signal: abort.signal,
        now: () => this.clock.now(),
        onProgress: (progress) => this.progress(area, progress),
        trackWrites: () => this.writes.track(area),
      });
      if (result.changed > 0) this.options.onDataChanged?.([area]);
      this.failures.delete(area);
      return 'done';
    } catch (error) {
      if (abort.signal.aborted) return 'failed';
      if (error instanceof CopyTooLargeError) {
        // Nothing of the area is kept (what it stored is dropped, and the copy stops growing),
        // and it is read from the school from now on; the status says why.
        this.tooLarge.add(area);
        clearArea(this.mirror, area);
        this.mirror.setMeta(tooLargeKey(area), error.bytes);
        this.options.onDataChanged?.([area]);
        this.options.log.warn(
          `sync: ${area} not kept: the school's copy is too large (${error.bytes} bytes)`,
        );
        return 'failed';
      }
      if (isNoAnswer(error) || describeFailure(error) === 'server_error') {
        this.options.log.warn(`sync: ${area} stopped: the school does not answer`);
        return 'unreachable';
      }
      this.options.log.warn(`sync: ${area} failed (${describeFailure(error)})`);
      this.failures.set(area, fileFailureCode(error) ?? 'sync_error');
      return 'failed';
    } finally {
      this.current = undefined;
      this.activity = undefined;
      this.emit();
    }
  }

  private progress(area: EntityName, progress: PullProgress): void {
    this.activity = {
      area,
      kind: progress.kind,
      done: progress.done,
      ...(progress.total === undefined ? {} : { total: progress.total }),
    };
    const now = this.clock.now();
    const last = progress.total !== undefined && progress.done >= progress.total;
    if (!last && now - this.progressAt < this.schedule.progressMs) return;
    this.progressAt = now;
    this.emit();
  }

  private areaState(area: EntityName): AreaSyncState {
    if (!this.readable.has(area)) return { state: 'not_granted', rows: 0 };
    if (this.tooLarge.has(area)) return { state: 'too_large', rows: 0 };
    const meta = readAreaMeta(this.mirror, area);
    const rows = this.rowsOf(area);
    const failure = this.failureOf(area);
    if (meta?.phase === 'synced')
      return {
        state: 'synced',
        rows,
        ...(meta.syncedAt ? { syncedAt: meta.syncedAt } : {}),
        ...failure,
      };
    const underWay = this.activity?.area === area || (meta !== undefined && !this.firstCancelled);
    return { state: underWay ? 'syncing' : 'never', rows, ...failure };
  }

  /** Why the area's last pass failed and when the next round is, while it stays failed. */
  private failureOf(area: EntityName): Pick<AreaSyncState, 'failure'> {
    const reason = this.failures.get(area);
    if (reason === undefined) return {};
    const retryAt = this.nextRoundAt;
    return { failure: { reason, ...(retryAt === undefined ? {} : { retryAt }) } };
  }

  /**
   * The rows an area holds. While its first sync runs, the pull's own tally of what it stored
   * (PullProgress.done), not a COUNT: at 100,000 students a COUNT reads the whole id index
   * and held the host's event loop 26-72 ms each time the status was told (every
   * `progressMs`), the longest of its stalls during a first sync.
   */
  private rowsOf(area: EntityName): number {
    const activity = this.activity;
    if (activity?.area === area && activity.kind === 'first') return activity.done;
    return this.mirror.count(area);
  }

  /** Tells the status when it changed. */
  private emit(): void {
    if (this.discarded || !this.options.onStatus) return;
    const status = this.status();
    const text = JSON.stringify(status);
    if (text === this.lastStatus) return;
    this.lastStatus = text;
    this.options.onStatus(status);
  }
}

/** Why an area's last pass failed (AreaSyncState.failure). */
type SyncFailure = NonNullable<AreaSyncState['failure']>['reason'];

/** Where an area's "too large to keep" is remembered (the bytes the copy had reached). */
function tooLargeKey(area: EntityName): string {
  return `sync:too-large:${area}`;
}
