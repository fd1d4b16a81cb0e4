import type { Versioned, WritableOf } from '../platform/platform-client';
import type { Enrollment, EntityName, RecordOf } from '../platform/schemas';
import type { ExtendBy } from '../data/school-data';
import type { SchoolWrites } from '../data/school-writes';
import type { Outbox } from './outbox';
import type { Fields } from './outbox-entry';
import type { OutboxEnrollments } from './outbox-enrollments';
import type { OutboxWrites, Pending } from './outbox-writes';

/**
 * The ETag the screen gets for a record with unsent edits whose first edit had none (it was
 * made offline on a row from a list): never sent, since such an edit waits for the earlier.
 */
const PENDING_ETAG = 'W/"schooldesk-pending"';

/**
 * The screens' writes, through the school's outbox (SchoolOutbox's `parts`): each is saved
 * on this computer first and sent when the school answers; reads see them on top of the
 * school's versions.
 */
export class OutboxSchoolWrites implements SchoolWrites {
  constructor(
    private readonly box: Outbox,
    private readonly writes: OutboxWrites,
    private readonly enrollments: OutboxEnrollments,
  ) {}

  create<E extends EntityName>(
    entity: E,
    fields: WritableOf<E>,
    options: { signal?: AbortSignal; idempotencyKey?: string },
  ): Promise<Versioned<RecordOf<E>> & { created: boolean; replayed: boolean } & Pending> {
    return this.writes.create(entity, fields, options);
  }

  update<E extends EntityName>(
    entity: E,
    id: string,
    fields: WritableOf<E>,
    options: { signal?: AbortSignal; etag?: string; seen?: Fields },
  ): Promise<Versioned<RecordOf<E>> & Pending> {
    return this.writes.update(entity, id, fields, options);
  }

  remove(
    entity: EntityName,
    id: string,
    options: { signal?: AbortSignal; etag?: string; seen?: Fields },
  ): Promise<Pending> {
    return this.writes.remove(entity, id, options);
  }

  async enroll(
    studentId: string,
    courseId: string,
    fields: { endedAt?: number | null },
  ): Promise<Versioned<Enrollment> & { created: boolean } & Pending> {
    const answer = await this.enrollments.change(studentId, courseId, {
      kind: 'enroll',
      ...fields,
    });
    return { created: true, ...answer! };
  }

  async removeEnrollment(studentId: string, courseId: string): Promise<Pending | undefined> {
    const answer = await this.enrollments.change(studentId, courseId, { kind: 'unenroll' });
    if (!answer?.pending) return undefined;
    return answer.retryAt === undefined
      ? { pending: true }
      : { pending: true, retryAt: answer.retryAt };
  }

  async expireEnrollment(
    studentId: string,
    courseId: string,
  ): Promise<Versioned<Enrollment> & Pending> {
    return (await this.enrollments.change(studentId, courseId, { kind: 'expire' }))!;
  }

  async extendEnrollment(
    studentId: string,
    courseId: string,
    by: ExtendBy,
  ): Promise<Versioned<Enrollment> & Pending> {
    return (await this.enrollments.change(studentId, courseId, { kind: 'extend', by }))!;
  }

  currentId(id: string): string {
    return this.box.currentId(id);
  }

  unsentEtag(entity: EntityName, id: string): string | undefined {
    const first = this.box.pendingFor(entity, id)[0]?.edit;
    if (!first) return undefined;
    // An edit of the record queues behind the unsent ones: it carries the first one's ETag.
    const etag = 'etag' in first ? first.etag : undefined;
    return etag ?? PENDING_ETAG;
  }

  received(entity: EntityName, answer: Versioned<{ id: string }>): void {
    this.writes.applied(entity, answer.record, answer.etag);
  }

  foldEnrollments(studentId: string, rows: Enrollment[]): Enrollment[] {
    return this.enrollments.fold(studentId, rows);
  }
}
