import { randomUUID } from 'node:crypto';
import { isPlatformError, RateLimitedError } from '../platform/errors';
import type { PlatformClient, Versioned } from '../platform/platform-client';
import type { Enrollment } from '../platform/schemas';
import type { Outbox } from './outbox';
import {
  enrollmentKey,
  foldedEnrollment,
  isEnrollmentEdit,
  type EnrollmentEdit,
  type ExtendBy,
  type Fields,
  type OutboxEntry,
} from './outbox-entry';
import type { SyncView } from '../data/sync-view';
import { isRefusal, NO_RATE_LIMIT_WAIT, type Pending } from './outbox-writes';

type Change =
  | { kind: 'enroll'; endedAt?: number | null }
  | { kind: 'unenroll' }
  | { kind: 'expire' }
  | { kind: 'extend'; by: ExtendBy };

/**
 * The owner's changes of enrollments, through the outbox like record writes: saved here
 * first, shown in the student's list at once, sent at once when the school answers (and
 * once the student or course, if made here, has reached it), else `pending`.
 */
export class OutboxEnrollments {
  constructor(
    private readonly outbox: Outbox,
    private readonly network: PlatformClient,
    private readonly sync: SyncView,
    /** A change waits here; not sent before `retryAt` (unix ms) when the school said so. */
    private readonly onQueued: (retryAt?: number) => void = () => undefined,
  ) {}

  async change(
    studentId: string,
    courseId: string,
    change: Change,
  ): Promise<(Versioned<Enrollment> & Pending) | undefined> {
    // undefined: removed (an unenroll the school has).
    const edit = {
      entity: 'enrollments',
      id: enrollmentKey(studentId, courseId),
      studentId,
      courseId,
      ...change,
    } as EnrollmentEdit;
    let { entry } = await this.outbox.add(edit);
    const shown = this.show(edit);
    let exact = true;
    if (entry && edit.kind === 'extend' && 'days' in edit.by) {
      // Sent as the end date the days give from the end this computer knows, so a repeat
      // after a lost answer cannot add them twice; unknown here, replay asks the school first.
      const end = shown?.['endedAt'];
      if (end === undefined) exact = false;
      else {
        const by: ExtendBy = end === null ? { indefinite: true } : { endedAt: end as number };
        entry = { ...entry, edit: { ...edit, by } };
        await this.outbox.put(entry);
      }
    }
    const waits =
      !exact ||
      this.outbox.isUnsentCreate('students', studentId) ||
      this.outbox.isUnsentCreate('courses', courseId) ||
      this.outbox.pendingFor('enrollments', edit.id).length > 1;
    let retryAt: number | undefined;
    if (entry && !waits && this.sync.isReachable() && (await this.claim(entry))) {
      try {
        const answer = await this.send(entry.edit as EnrollmentEdit);
        await this.outbox.drop(entry.id);
        this.applied(studentId, courseId, answer?.record, answer?.etag);
        return answer;
      } catch (error) {
        const current = this.outbox.entries().find((e) => e.id === entry.id) ?? entry;
        if (isRefusal(error) && !isPlatformError(error, 'not_found')) {
          await this.outbox.drop(current.id);
          this.sync.changed('students');
          throw error;
        }
        if (isPlatformError(error, 'not_found') && edit.kind === 'unenroll') {
          await this.outbox.drop(current.id);
          return undefined;
        }
        await this.outbox.put({ ...current, state: 'waiting' });
        // A 429 is not waited out with the owner watching: the change goes when it says.
        if (error instanceof RateLimitedError && error.retryAfterMs !== undefined)
          retryAt = this.sync.now() + error.retryAfterMs;
      }
    }
    this.onQueued(retryAt);
    // What the screen shows until the school answers (a bare one when this computer does not
    // keep the student's enrollments).
    const record = (shown ?? { id: randomUUID(), studentId, courseId }) as Enrollment;
    return {
      record,
      etag: undefined,
      pending: true,
      ...(retryAt === undefined ? {} : { retryAt }),
    };
  }

  /** The school's answer to an enrollment change (here or in replay) goes into the copy. */
  applied(studentId: string, courseId: string, record?: Enrollment, etag?: string): void {
    if (!this.sync.isSynced('students')) return;
    if (record) this.sync.copy.upsertEnrollment(record, etag);
    else this.sync.copy.removeEnrollment(studentId, courseId);
    this.sync.changed('students');
  }

  /** A student's enrollments as the school listed them, with the unsent changes on top. */
  fold(studentId: string, rows: Enrollment[]): Enrollment[] {
    const edits = this.outbox.enrollmentEdits(studentId).map((entry: OutboxEntry) => entry.edit);
    if (edits.length === 0) return rows;
    const byCourse = new Map<string, Fields | undefined>(rows.map((row) => [row.courseId, row]));
    const now = Math.floor(this.sync.now() / 1000);
    for (const edit of edits) {
      if (!isEnrollmentEdit(edit)) continue;
      byCourse.set(
        edit.courseId,
        foldedEnrollment(byCourse.get(edit.courseId), edit, now, randomUUID),
      );
    }
    return [...byCourse.values()].filter((row): row is Enrollment => row !== undefined);
  }

  private async send(edit: EnrollmentEdit) {
    const { studentId, courseId } = edit;
    switch (edit.kind) {
      case 'enroll':
        return this.network.enroll(
          studentId,
          courseId,
          edit.endedAt === undefined ? {} : { endedAt: edit.endedAt },
          NO_RATE_LIMIT_WAIT,
        );
      case 'unenroll':
        await this.network.removeEnrollment(studentId, courseId, NO_RATE_LIMIT_WAIT);
        return undefined;
      case 'expire':
        return this.network.expireEnrollment(studentId, courseId, NO_RATE_LIMIT_WAIT);
      case 'extend':
        // Online, the school counts the days itself, once: the request is sent once.
        return this.network.extendEnrollment(studentId, courseId, edit.by, NO_RATE_LIMIT_WAIT);
    }
  }

  /** The change in the copy (when the student's enrollments are kept): what it shows now. */
  private show(edit: EnrollmentEdit): Fields | undefined {
    if (!this.sync.isSynced('students')) return undefined;
    const list = this.sync.copy.listEnrollments(edit.studentId, { offset: 0, limit: 1000 });
    const current = list?.rows.find(
      (row) => (row as { courseId?: unknown }).courseId === edit.courseId,
    ) as Fields | undefined;
    const shown = foldedEnrollment(current, edit, Math.floor(this.sync.now() / 1000), randomUUID);
    if (shown) this.sync.copy.upsertEnrollment(shown);
    else this.sync.copy.removeEnrollment(edit.studentId, edit.courseId);
    this.sync.changed('students');
    return shown;
  }

  private claim(entry: OutboxEntry): Promise<boolean> {
    return Promise.resolve(this.outbox.markSending(entry.id));
  }
}
