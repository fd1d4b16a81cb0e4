import { isPlatformError } from '../platform/errors';
import type { EntityName } from '../platform/schemas';
import type { MirrorListQuery } from '../store/mirror-query';

/** A stored row: the record as the platform sent it and the ETag of its version, if known. */
export type StoredRow = { record: unknown; etag: string | undefined };

/** What answering from the local copy needs of it (MirrorDatabase has these). */
export interface LocalCopy {
  list(entity: EntityName, query: MirrorListQuery): { rows: unknown[]; totalCount: number };
  /** Readies `list` sorted by `sort` (builds its index off the event loop if missing). */
  prepareSort(entity: EntityName, sort: string | undefined): Promise<void>;
  get(entity: EntityName, id: string): StoredRow | undefined;
  upsert(entity: EntityName, records: Array<Record<string, unknown> & { id: string }>): void;
  setEtag(entity: EntityName, id: string, etag: string | undefined): void;
  remove(entity: EntityName, ids: string[]): void;
  listEnrollments(
    studentId: string,
    window: { offset: number; limit: number },
  ): { rows: unknown[]; totalCount: number } | undefined;
  putEnrollments(studentId: string, records: unknown[], complete: boolean): void;
  upsertEnrollment(record: unknown, etag?: string): void;
  removeEnrollment(studentId: string, courseId: string): void;
}

/**
 * What the local-first data and its writes need to know of the school's sync (SchoolSync has
 * these). Kept apart from both, so the outbox and the data each import it, not each other.
 */
export interface SyncView {
  readonly copy: LocalCopy;
  /** True once the area's first sync finished: its reads are answered locally. */
  isSynced(area: EntityName): boolean;
  /** How many of the area's records the school sent that could not be read (not in the copy). */
  unreadable(area: EntityName): number;
  /** False while the school is known not to answer (a failed request, a timeout, a 5xx). */
  isReachable(): boolean;
  /** A read of the area was answered locally: check the school for news (throttled). */
  revalidate(area: EntityName): void;
  /** The local copy changed outside a sync pass (a write, a record gone on the server). */
  changed(area: EntityName): void;
  /** Milliseconds since the epoch, for filters that compare with now (coupon expiry). */
  now(): number;
}

/** A record the school says is gone (404) leaves the copy, and lists showing it refresh. */
export async function forgetIfGone<T>(
  sync: SyncView,
  entity: EntityName,
  id: string,
  call: Promise<T>,
): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isPlatformError(error, 'not_found') && sync.isSynced(entity)) {
      sync.copy.remove(entity, [id]);
      sync.changed(entity);
    }
    throw error;
  }
}
