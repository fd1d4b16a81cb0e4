import type { ListQuery, ListResult, Versioned, WritableOf } from '../platform/platform-client';
import type { Enrollment, EntityName, RecordOf } from '../platform/schemas';

type CallOptions = { signal?: AbortSignal };

/**
 * `pending`: the write is saved on this computer (in the outbox) and the school has not
 * answered yet; it is sent when the school answers. Absent when the school has it.
 * `retryAt` (unix ms): the school asked us to slow down (429); the write is sent then.
 */
export type SavedHere = { pending?: true; retryAt?: number };

/** How access is extended: by days, to a date, or to lifetime access. */
export type ExtendBy = { days: number } | { endedAt: number } | { indefinite: true };

/**
 * The one seam between the workspace (handlers and long operations) and a school's data.
 * Behind it stand the network client, the school's local copy and its outbox; callers never
 * learn which one answered or kept a write. LocalFirstSchoolData is the implementation
 * `src/core/data/schools.ts` hands out for each signed-in school.
 */
export interface SchoolData {
  /** The window [offset, offset + limit) of the matching records, and how many match. */
  list<E extends EntityName>(entity: E, query: ListQuery<E>): Promise<ListResult<RecordOf<E>>>;
  /** One record and the ETag of its version. */
  get<E extends EntityName>(
    entity: E,
    id: string,
    options?: CallOptions,
  ): Promise<Versioned<RecordOf<E>>>;
  create<E extends EntityName>(
    entity: E,
    fields: WritableOf<E>,
    options?: CallOptions & { idempotencyKey?: string },
  ): Promise<Versioned<RecordOf<E>> & { created: boolean; replayed: boolean } & SavedHere>;
  /**
   * Changes the given fields of the version `etag` names (412 → ConflictError). Without
   * `etag` the school is asked for its version first; a field it changed since the screen
   * showed it (`seen`: those fields as shown) is a conflict.
   */
  update<E extends EntityName>(
    entity: E,
    id: string,
    fields: WritableOf<E>,
    options: CallOptions & { etag?: string; seen?: Record<string, unknown> },
  ): Promise<Versioned<RecordOf<E>> & SavedHere>;
  /** Deletes the version `etag` names; without it, as `update` (`seen`: the whole record). */
  remove(
    entity: EntityName,
    id: string,
    options?: CallOptions & { etag?: string; seen?: Record<string, unknown> },
  ): Promise<SavedHere | void>;

  listEnrollments(
    studentId: string,
    query: { offset?: number; limit: number; signal?: AbortSignal },
  ): Promise<ListResult<Enrollment>>;
  enroll(
    studentId: string,
    courseId: string,
    fields?: { endedAt?: number | null },
    options?: CallOptions,
  ): Promise<Versioned<Enrollment> & { created: boolean } & SavedHere>;
  removeEnrollment(
    studentId: string,
    courseId: string,
    options?: CallOptions,
  ): Promise<SavedHere | void>;
  expireEnrollment(
    studentId: string,
    courseId: string,
    options?: CallOptions,
  ): Promise<Versioned<Enrollment> & SavedHere>;
  extendEnrollment(
    studentId: string,
    courseId: string,
    by: ExtendBy,
    options?: CallOptions,
  ): Promise<Versioned<Enrollment> & SavedHere>;
}

/** Finds the SchoolData of a signed-in school by its schoolId (Schools, in the app). */
export interface SchoolDirectory {
  /** The owner's screens: record writes go through the school's outbox. */
  for(schoolId: string): Promise<SchoolData>;
  /**
   * Long operations (import, bulk generate, bulk enroll): they need the school's answers as
   * they go, so their writes go straight to it. Defaults to `for` where there is no outbox.
   */
  forLongOperations?(schoolId: string): Promise<SchoolData>;
}
