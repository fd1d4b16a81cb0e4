import type { Enrollment, EntityName, RecordOf, Versioned, WritableOf } from '../platform';
import type { ExtendBy, SavedHere } from './school-data';

type CallOptions = { signal?: AbortSignal };

/**
 * Where LocalFirstSchoolData's writes go, and what its reads must know of writes not yet at
 * the school. Two stand behind it: the outbox's (OutboxSchoolWrites: the screens' writes,
 * saved here first) and DirectSchoolWrites (straight to the school: long operations, which
 * need each answer as they go). Ids come in as the school knows them (`currentId` first).
 */
export interface SchoolWrites {
  create<E extends EntityName>(
    entity: E,
    fields: WritableOf<E>,
    options: CallOptions & { idempotencyKey?: string },
  ): Promise<Versioned<RecordOf<E>> & { created: boolean; replayed: boolean } & SavedHere>;
  update<E extends EntityName>(
    entity: E,
    id: string,
    fields: WritableOf<E>,
    options: CallOptions & { etag?: string; seen?: Record<string, unknown> },
  ): Promise<Versioned<RecordOf<E>> & SavedHere>;
  remove(
    entity: EntityName,
    id: string,
    options: CallOptions & { etag?: string; seen?: Record<string, unknown> },
  ): Promise<SavedHere | void>;

  enroll(
    studentId: string,
    courseId: string,
    fields: { endedAt?: number | null },
    options: CallOptions,
  ): Promise<Versioned<Enrollment> & { created: boolean } & SavedHere>;
  removeEnrollment(
    studentId: string,
    courseId: string,
    options: CallOptions,
  ): Promise<SavedHere | void>;
  expireEnrollment(
    studentId: string,
    courseId: string,
    options: CallOptions,
  ): Promise<Versioned<Enrollment> & SavedHere>;
  extendEnrollment(
    studentId: string,
    courseId: string,
    by: ExtendBy,
    options: CallOptions,
  ): Promise<Versioned<Enrollment> & SavedHere>;

  /** The school's id of a record made here, for a screen that still knows its first id. */
  currentId(id: string): string;
  /**
   * The ETag a record with unsent edits is shown with (an edit of it queues behind them);
   * undefined when none waits, so the copy's or the school's version stands.
   */
  unsentEtag(entity: EntityName, id: string): string | undefined;
  /** A version the school sent goes into the copy (with any unsent edits on top). */
  received(entity: EntityName, answer: Versioned<{ id: string }>): void;
  /** A student's enrollments as the school listed them, with any unsent changes on top. */
  foldEnrollments(studentId: string, rows: Enrollment[]): Enrollment[];
}
