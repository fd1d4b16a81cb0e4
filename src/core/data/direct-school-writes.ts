import { PlatformError } from '../platform/errors';
import type { PlatformClient, Versioned, WritableOf } from '../platform/platform-client';
import type { Enrollment, EntityName, RecordOf } from '../platform/schemas';
import { conditionalRemove, conditionalUpdate, shownBase } from '../outbox/conditional-writes';
import type { Fields } from '../outbox/outbox-entry';
import type { ExtendBy } from './school-data';
import type { SchoolWrites } from './school-writes';
import { forgetIfGone, type SyncView } from './sync-view';

/**
 * Writes straight to the school, for long operations (import, bulk generate, bulk enroll):
 * they need each answer as they go, so nothing waits in the outbox. Each create carries its
 * own Idempotency-Key (the caller's, as each row of an import has, else a fresh one from the
 * client). What the school answers goes into the copy at once; while it is known not to
 * answer, a write fails at once.
 */
export class DirectSchoolWrites implements SchoolWrites {
  constructor(
    private readonly network: PlatformClient,
    private readonly sync: SyncView,
  ) {}

  async create<E extends EntityName>(
    entity: E,
    fields: WritableOf<E>,
    options: { signal?: AbortSignal; idempotencyKey?: string },
  ): Promise<Versioned<RecordOf<E>> & { created: boolean; replayed: boolean }> {
    this.requireReachable();
    const answer = await this.network.create(entity, fields, options);
    this.received(entity, answer);
    return answer;
  }

  async update<E extends EntityName>(
    entity: E,
    id: string,
    fields: WritableOf<E>,
    options: { signal?: AbortSignal; etag?: string; seen?: Fields },
  ): Promise<Versioned<RecordOf<E>>> {
    this.requireReachable();
    // Without an ETag the school is asked for its version first: never an unconditional save.
    const { seen, ...call } = options;
    const base = shownBase(this.copied(entity, id), seen);
    const answer = await forgetIfGone(
      this.sync,
      entity,
      id,
      conditionalUpdate(this.network, entity, id, fields, base, call),
    );
    this.received(entity, answer);
    return answer;
  }

  async remove(
    entity: EntityName,
    id: string,
    options: { signal?: AbortSignal; etag?: string; seen?: Fields },
  ): Promise<void> {
    this.requireReachable();
    const { seen, ...call } = options;
    const base = shownBase(this.copied(entity, id), seen);
    await forgetIfGone(
      this.sync,
      entity,
      id,
      conditionalRemove(this.network, entity, id, base, call),
    );
    this.sync.copy.remove(entity, [id]);
    this.sync.changed(entity);
  }

  async enroll(
    studentId: string,
    courseId: string,
    fields: { endedAt?: number | null },
    options: { signal?: AbortSignal },
  ): Promise<Versioned<Enrollment> & { created: boolean }> {
    this.requireReachable();
    const answer = await this.network.enroll(studentId, courseId, fields, options);
    this.keepEnrollment(answer);
    return answer;
  }

  async removeEnrollment(
    studentId: string,
    courseId: string,
    options: { signal?: AbortSignal },
  ): Promise<void> {
    this.requireReachable();
    await this.network.removeEnrollment(studentId, courseId, options);
    this.sync.copy.removeEnrollment(studentId, courseId);
  }

  async expireEnrollment(
    studentId: string,
    courseId: string,
    options: { signal?: AbortSignal },
  ): Promise<Versioned<Enrollment>> {
    this.requireReachable();
    const answer = await this.network.expireEnrollment(studentId, courseId, options);
    this.keepEnrollment(answer);
    return answer;
  }

  async extendEnrollment(
    studentId: string,
    courseId: string,
    by: ExtendBy,
    options: { signal?: AbortSignal },
  ): Promise<Versioned<Enrollment>> {
    this.requireReachable();
    const answer = await this.network.extendEnrollment(studentId, courseId, by, options);
    this.keepEnrollment(answer);
    return answer;
  }

  /** Nothing is made here, so every id is the school's. */
  currentId(id: string): string {
    return id;
  }

  /** Nothing waits here. */
  unsentEtag(): undefined {
    return undefined;
  }

  /** Puts a record the school answered into the copy, with the ETag of its version. */
  received(entity: EntityName, answer: Versioned<{ id: string }>): void {
    if (!this.sync.isSynced(entity)) return;
    this.sync.copy.upsert(entity, [answer.record]);
    this.sync.copy.setEtag(entity, answer.record.id, answer.etag);
    this.sync.changed(entity);
  }

  /** Nothing waits here: the school's list is the whole answer. */
  foldEnrollments(_studentId: string, rows: Enrollment[]): Enrollment[] {
    return rows;
  }

  /** The record as the copy holds it (what the owner was shown), when the area is synced. */
  private copied(entity: EntityName, id: string): Fields | undefined {
    if (!this.sync.isSynced(entity)) return undefined;
    return this.sync.copy.get(entity, id)?.record as Fields | undefined;
  }

  private keepEnrollment(answer: Versioned<Enrollment>): void {
    if (this.sync.isSynced('students')) this.sync.copy.upsertEnrollment(answer.record, answer.etag);
  }

  /** Fails at once, with a sentence, while the school is known not to answer. */
  private requireReachable(): void {
    if (!this.sync.isReachable()) throw new PlatformError('school_unreachable');
  }
}
