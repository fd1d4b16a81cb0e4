import type { LogSink } from '../adapters';
import type { PlatformClient } from '../platform/platform-client';
import { Outbox, type OutboxStore } from './outbox';
import {
  isEnrollmentEdit,
  mineOverSchool,
  type EnrollmentEdit,
  type Fields,
  type OutboxEntry,
} from './outbox-entry';
import { OutboxReplay } from './outbox-replay';
import { OutboxSchoolWrites } from './outbox-school-writes';
import type { SyncOverlay } from './overlay';
import type { Reachability } from '../sync/reachability';
import { CREATE_SCHEMAS } from '../../shared/entities';
import { ENTITY_NAMES, type EntityName } from '../../shared/entity-names';
import { recordLabel } from '../../shared/record-label';
import type { OutboxEntryView, OutboxStatus } from '../../shared/outbox-contract';
import type { SchoolWrites } from '../data/school-writes';
import type { SyncView } from '../data/sync-view';
import { OutboxEnrollments } from './outbox-enrollments';
import { OutboxWrites } from './outbox-writes';

/** What an outbox works with: the school's sync, its clients, and whether it answers. */
export type AttachParts = {
  sync: SyncView;
  /** Writes the owner is waiting for (the screen's priority). */
  screen: PlatformClient;
  /** Replay, at background priority. */
  background: PlatformClient;
  reachability: Reachability;
};

/** What names a record for a person, or nothing (the renderer then says it is untitled). */
function labelOf(entity: EntityName, record: Fields | undefined): { label?: string } {
  const label = recordLabel(entity, record);
  return label === undefined ? {} : { label };
}

/**
 * One school's outbox with everything around it: replay on the school's write budget, the
 * owner's writes through it, what sync must respect (`overlay`), and what the screens see.
 * Replay runs at start, when the school answers again, on "Sync now", and after each edit.
 */
export class SchoolOutbox {
  readonly writes: OutboxWrites;
  readonly enrollments: OutboxEnrollments;
  private readonly replay: OutboxReplay;
  private signInNeeded = false;
  private readonly unsubscribe: () => void;
  /** Unix ms until which the school asked us not to write (a 429 on a save); 0 when not. */
  private slowDownUntil = 0;
  private slowDownTimer: ReturnType<typeof setTimeout> | undefined;

  private constructor(
    readonly schoolId: string,
    readonly box: Outbox,
    private readonly sync: SyncView,
    screen: PlatformClient,
    background: PlatformClient,
    reachability: Reachability,
    private readonly onStatus: (status: OutboxStatus) => void,
    log: LogSink,
  ) {
    this.writes = new OutboxWrites(box, screen, sync, (retryAt) => this.queued(retryAt));
    this.enrollments = new OutboxEnrollments(box, screen, sync, (retryAt) => this.queued(retryAt));
    this.replay = new OutboxReplay({
      outbox: box,
      client: background,
      onApplied: (entity, record, etag, was) => this.writes.applied(entity, record, etag, was),
      onGone: (entity, id) => this.writes.gone(entity, id),
      onEnrollment: (studentId, courseId, record, etag) =>
        this.enrollments.applied(studentId, courseId, record, etag),
      onSignInNeeded: () => {
        this.signInNeeded = true;
        this.emit();
      },
      log,
      isReachable: () => reachability.isReachable(),
      now: () => sync.now(),
      onBackoff: () => this.emit(),
    });
    box.onChange(() => this.emit());
    let wasReachable = reachability.isReachable();
    this.unsubscribe = reachability.subscribe(() => {
      const reachable = reachability.isReachable();
      if (reachable && !wasReachable) void this.send();
      wasReachable = reachable;
    });
  }

  /**
   * Opens the school's outbox as it was left. Sync needs the outbox (its overlay) before the
   * outbox's writes can use sync, so `attach` completes it; replay begins then.
   */
  static async open(options: {
    schoolId: string;
    store: OutboxStore;
    onStatus: (status: OutboxStatus) => void;
    log: LogSink;
  }): Promise<{ outbox: Outbox; attach(parts: AttachParts): SchoolOutbox }> {
    const box = await Outbox.open({ store: options.store });
    return {
      outbox: box,
      attach: (parts) => {
        const school = new SchoolOutbox(
          options.schoolId,
          box,
          parts.sync,
          parts.screen,
          parts.background,
          parts.reachability,
          options.onStatus,
          options.log,
        );
        void school.send();
        return school;
      },
    };
  }

  /** What sync keeps on top of the school's records. */
  static overlayOf(box: Outbox): SyncOverlay {
    return {
      fold: (entity, record) => {
        const folded = box.fold(entity, record.id, record);
        return folded ? { ...folded, id: record.id } : undefined;
      },
      pendingIds: (entity) => box.pendingIds(entity),
    };
  }

  /** What the local-first data writes through (its reads see the unsent writes by it). */
  get parts(): SchoolWrites {
    return new OutboxSchoolWrites(this.box, this.writes, this.enrollments);
  }

  /**
   * Sends what can go now (a sign-in may have been renewed meanwhile); while the school
   * asked us to slow down, once its wait is over; while it refuses writes, at the end of
   * replay's backoff unless the owner asked (Send again).
   */
  send(ownerAsked = false): Promise<void> {
    if (this.signInNeeded) {
      this.signInNeeded = false;
      this.emit();
    }
    const wait = this.slowDownUntil - this.sync.now();
    if (wait > 0) {
      this.slowDownTimer ??= setTimeout(() => {
        this.slowDownTimer = undefined;
        void this.send(ownerAsked);
      }, wait);
      // A pending wait never keeps the process alive (a quitting app, a finished test).
      (this.slowDownTimer as { unref?: () => void }).unref?.();
      return Promise.resolve();
    }
    return this.replay.run(ownerAsked);
  }

  /** An owner's write waits here; `retryAt`: not before then, as the school asked (429). */
  private queued(retryAt: number | undefined): void {
    if (retryAt !== undefined) this.slowDownUntil = Math.max(this.slowDownUntil, retryAt);
    void this.send();
  }

  /** What else the status tells: set-aside data, another account's edits (see OutboxStatus). */
  notices: () => Pick<OutboxStatus, 'unreadable' | 'otherAccount'> = () => ({});

  /** Tells the status again (a notice changed). */
  noticesChanged(): void {
    this.onStatus(this.status());
  }

  status(): OutboxStatus {
    const entries = this.box.entries();
    const pending = Object.fromEntries(
      ENTITY_NAMES.map((area) => [area, [...this.box.pendingIds(area)]]),
    ) as OutboxStatus['pending'];
    return {
      schoolId: this.schoolId,
      count: entries.length,
      needsYou: entries.filter((entry) => entry.state === 'needs_you').length,
      signInNeeded: this.signInNeeded,
      ...(this.replay.refusingUntil === undefined
        ? {}
        : { refusingUntil: this.replay.refusingUntil }),
      ...this.notices(),
      pending,
    };
  }

  views(): OutboxEntryView[] {
    return this.box.entries().map((entry) => this.view(entry));
  }

  async retry(entryId?: string): Promise<boolean> {
    const entry = entryId ? this.find(entryId) : undefined;
    if (entryId && !entry) return false;
    if (entry?.state === 'needs_you') {
      const { problem: _problem, ...rest } = entry;
      await this.box.put({ ...rest, state: 'waiting' });
    }
    void this.send(true);
    return true;
  }

  /** A new sign-in: when replay stopped for want of one, it sends again at once. */
  signedInAgain(): void {
    if (this.signInNeeded) void this.retry();
  }

  async discard(entryId: string): Promise<boolean> {
    const entry = this.find(entryId);
    if (!entry) return false;
    await this.writes.discard(entry);
    return true;
  }

  /**
   * The owner's answer to a conflict: `theirs` takes the edit back; `mine` sends the edit on
   * the school's version; `merge` sends the chosen values on it.
   */
  async resolve(entryId: string, choice: 'mine' | 'theirs' | 'merge', fields?: Fields) {
    const entry = this.find(entryId);
    if (entry?.problem?.code === 'gone' && entry.edit.kind === 'update')
      return choice === 'theirs' ? this.discard(entryId) : this.recreate(entry);
    if (!entry || entry.problem?.code !== 'conflict' || entry.edit.kind === 'create') return false;
    if (choice === 'theirs') {
      await this.writes.discard(entry);
      return true;
    }
    const { theirs, theirsEtag } = entry.problem;
    const { problem: _problem, ...rest } = entry;
    const version = theirsEtag ? { etag: theirsEtag } : {};
    const edit =
      entry.edit.kind !== 'update'
        ? { ...entry.edit, ...version }
        : {
            ...entry.edit,
            fields:
              choice === 'merge' && fields
                ? fields
                : mineOverSchool(entry.edit.fields, entry.base, theirs),
            ...version,
          };
    await this.box.put({ ...rest, edit, base: theirs, state: 'waiting' });
    void this.send(true);
    return true;
  }

  /**
   * The record was deleted on the school and the owner wants it back: the edit becomes a
   * create of the record as this computer knew it, with the edit on top (its writable fields
   * only), under its id here until the school gives it a new one.
   */
  private async recreate(entry: OutboxEntry): Promise<boolean> {
    const { edit } = entry;
    if (edit.kind !== 'update') return false;
    const writable = Object.keys(CREATE_SCHEMAS[edit.entity].shape);
    const known = { ...entry.base, ...edit.fields };
    const fields = Object.fromEntries(
      Object.entries(known).filter(
        ([name, value]) => writable.includes(name) && value !== undefined,
      ),
    );
    const { problem: _problem, ...rest } = entry;
    await this.box.put({
      ...rest,
      edit: { kind: 'create', entity: edit.entity, id: edit.id, fields },
      state: 'waiting',
    });
    void this.send(true);
    return true;
  }

  /** Stops replay (the app quits or the school is forgotten). */
  async close(): Promise<void> {
    this.unsubscribe();
    clearTimeout(this.slowDownTimer);
    this.slowDownTimer = undefined;
    await this.replay.close();
  }

  private find(entryId: string): OutboxEntry | undefined {
    return this.box.entries().find((entry) => entry.id === entryId);
  }

  private view(entry: OutboxEntry): OutboxEntryView {
    const { edit } = entry;
    if (isEnrollmentEdit(edit)) return this.enrollmentView(entry, edit);
    const fields = edit.kind === 'delete' ? {} : edit.fields;
    const shown = this.sync.isSynced(edit.entity)
      ? (this.sync.copy.get(edit.entity, edit.id)?.record as Fields | undefined)
      : undefined;
    return {
      ...this.common(entry),
      area: edit.entity,
      recordId: edit.id,
      kind: edit.kind,
      ...labelOf(edit.entity, { ...(shown ?? entry.base), ...fields }),
      fields,
    };
  }

  /** An enrollment's change, shown on its student: the change and the course's name. */
  private enrollmentView(entry: OutboxEntry, edit: EnrollmentEdit): OutboxEntryView {
    const record = (area: 'students' | 'courses', id: string) =>
      this.sync.isSynced(area)
        ? (this.sync.copy.get(area, id)?.record as Fields | undefined)
        : undefined;
    const { label: course } = labelOf('courses', record('courses', edit.courseId));
    return {
      ...this.common(entry),
      area: 'students',
      recordId: edit.studentId,
      kind: 'update',
      ...labelOf('students', record('students', edit.studentId)),
      fields: {},
      enrollment: { change: edit.kind, ...(course === undefined ? {} : { course }) },
    };
  }

  private common(entry: OutboxEntry) {
    const problem = entry.problem;
    return {
      id: entry.id,
      state: entry.state,
      ...(problem
        ? {
            problem:
              problem.code === 'conflict'
                ? {
                    code: 'conflict' as const,
                    theirs: problem.theirs,
                    fields: problem.fields,
                    ...(entry.base ? { opened: entry.base } : {}),
                  }
                : problem,
          }
        : {}),
      savedAt: entry.savedAt,
      attempts: entry.attempts,
    };
  }

  private emit(): void {
    this.onStatus(this.status());
  }
}
