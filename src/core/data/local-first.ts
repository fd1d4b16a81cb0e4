import { isPlatformError, PlatformError } from '../platform/errors';
import type { ListQuery, ListResult, PlatformClient, Versioned } from '../platform/platform-client';
import type { Enrollment, EntityName, RecordOf } from '../platform/schemas';
import type { Fields } from '../outbox/outbox-entry';
import { DirectSchoolWrites } from './direct-school-writes';
import { READ_DEADLINE_MS, withReadDeadline } from './read-deadline';
import type { ExtendBy, SavedHere, SchoolData } from './school-data';
import type { SchoolWrites } from './school-writes';
import { forgetIfGone, type SyncView } from './sync-view';
import { isNoAnswer } from '../platform/errors';

function hasFilters(filters: object | undefined): boolean {
  return Object.values(filters ?? {}).some((value) => value !== undefined && value !== null);
}

/**
 * A list from the copy with the area's unreadable records counted, as a list from the school
 * counts them: in the total, and in `unreadable` for the windows that hold them. The copy
 * does not know where the school would sort them, so they stand after the last row. A search
 * or filter cannot tell whether they would match, so it counts none (`count` 0).
 */
function withUnreadable<T>(
  answer: ListResult<T>,
  count: number,
  offset: number,
  limit: number,
): ListResult<T> {
  if (count === 0) return answer;
  const start = answer.totalCount;
  const inWindow = Math.max(0, Math.min(offset + limit, start + count) - Math.max(offset, start));
  return {
    ...answer,
    totalCount: start + count,
    ...(inWindow > 0 ? { unreadable: inWindow } : {}),
  };
}

/**
 * A failure that says the school did not answer, or not in time (as opposed to an answer
 * that said no): what the copy, where it holds the record, answers instead.
 */
function isUnreachable(error: unknown): boolean {
  return isNoAnswer(error) || isPlatformError(error, 'server_error', 'school_slow');
}

/**
 * A school's data, local first: once an area is synced, its lists and records are answered
 * from the encrypted local copy (and the school is asked for news in the background);
 * before that, and for anything the copy does not hold, from the network. Writes go through
 * `writes` (SchoolWrites: the outbox's, or straight to the school), and what the school
 * answers is put into the copy at once, so every list shows it.
 * While the school cannot be reached, nothing waits on it: reads come from the copy or fail
 * at once with a code (`school_unreachable`, `not_synced_offline`); screens' writes are kept
 * in the outbox, and long operations' writes (sent straight) fail at once the same way.
 * While it answers too slowly, reads wait for it only until their deadline (read-deadline.ts).
 */
export class LocalFirstSchoolData implements SchoolData {
  private readonly readDeadlineMs: number | false;

  constructor(
    private readonly network: PlatformClient,
    private readonly sync: SyncView,
    /** Where writes go: the screens' through the outbox (saved here first); by default, straight. */
    private readonly writes: SchoolWrites = new DirectSchoolWrites(network, sync),
    /** How long a read from the school may take (READ_DEADLINE_MS); false: no deadline. */
    options: { readDeadlineMs?: number | false } = {},
  ) {
    this.readDeadlineMs = options.readDeadlineMs ?? READ_DEADLINE_MS;
  }

  /** The same data with its writes sent straight to the school (long operations). */
  direct(): LocalFirstSchoolData {
    // Long operations need each answer as they go (a bulk enroll counts what it did), and
    // nobody stares at a spinner meanwhile: their reads wait as long as the client lets them.
    return new LocalFirstSchoolData(this.network, this.sync, undefined, { readDeadlineMs: false });
  }

  async list<E extends EntityName>(
    entity: E,
    query: ListQuery<E>,
  ): Promise<ListResult<RecordOf<E>>> {
    if (this.sync.isSynced(entity)) {
      const { signal: _signal, ...rest } = query;
      const offset = query.offset ?? 0;
      await this.sync.copy.prepareSort(entity, query.sort);
      const answer = this.sync.copy.list(entity, {
        ...rest,
        offset,
        now: Math.floor(this.sync.now() / 1000),
      });
      this.sync.revalidate(entity);
      // The copy holds only records that passed the record schema when they were stored.
      return withUnreadable(
        answer as ListResult<RecordOf<E>>,
        query.q || hasFilters(query.filters) ? 0 : this.sync.unreadable(entity),
        offset,
        query.limit,
      );
    }
    this.requireReachable('not_synced_offline');
    return this.fromNetwork(
      () => this.read(query.signal, (signal) => this.network.list(entity, { ...query, signal })),
      'not_synced_offline',
    );
  }

  async get<E extends EntityName>(
    entity: E,
    id: string,
    options: { signal?: AbortSignal } = {},
  ): Promise<Versioned<RecordOf<E>>> {
    id = this.alias(id);
    const local = this.sync.isSynced(entity) ? this.sync.copy.get(entity, id) : undefined;
    const unsentEtag = this.writes.unsentEtag(entity, id);
    if (local && unsentEtag !== undefined) {
      // The copy shows the unsent edits; the school's version would hide them.
      return { record: local.record, etag: unsentEtag } as Versioned<RecordOf<E>>;
    }
    // A stored ETag means the copy holds the version an edit needs; without one (rows that
    // came from a list), the school is asked when it can be, so a save sends a real ETag.
    if (local && (local.etag !== undefined || !this.sync.isReachable())) {
      this.sync.revalidate(entity);
      return local as Versioned<RecordOf<E>>;
    }
    if (!this.sync.isReachable()) throw new PlatformError('not_synced_offline');
    try {
      const answer = await forgetIfGone(
        this.sync,
        entity,
        id,
        this.read(options.signal, (signal) => this.network.get(entity, id, { signal })),
      );
      this.writes.received(entity, answer);
      return answer;
    } catch (error) {
      if (local && isUnreachable(error)) return local as Versioned<RecordOf<E>>;
      throw this.offlineSentence(error, 'not_synced_offline');
    }
  }

  async create<E extends EntityName>(
    entity: E,
    fields: Parameters<PlatformClient['create']>[1] & object,
    options: { signal?: AbortSignal; idempotencyKey?: string } = {},
  ): Promise<Versioned<RecordOf<E>> & { created: boolean; replayed: boolean } & SavedHere> {
    return this.writes.create(entity, fields, options);
  }

  async update<E extends EntityName>(
    entity: E,
    id: string,
    fields: Parameters<PlatformClient['update']>[2] & object,
    options: { signal?: AbortSignal; etag?: string; seen?: Fields },
  ): Promise<Versioned<RecordOf<E>>> {
    return this.writes.update(entity, this.alias(id), fields, options);
  }

  async remove(
    entity: EntityName,
    id: string,
    options: { signal?: AbortSignal; etag?: string; seen?: Fields } = {},
  ): Promise<SavedHere | void> {
    return this.writes.remove(entity, this.alias(id), options);
  }

  async listEnrollments(
    studentId: string,
    query: { offset?: number; limit: number; signal?: AbortSignal },
  ): Promise<ListResult<Enrollment>> {
    studentId = this.alias(studentId);
    const window = { offset: query.offset ?? 0, limit: query.limit };
    const local = this.sync.isSynced('students')
      ? this.sync.copy.listEnrollments(studentId, window)
      : undefined;
    if (!this.sync.isReachable()) {
      if (local) return local as ListResult<Enrollment>;
      throw new PlatformError('not_synced_offline');
    }
    try {
      const school = await this.read(query.signal, (signal) =>
        this.network.listEnrollments(studentId, { ...query, signal }),
      );
      // Unsent changes stay on top of what the school lists until it has them.
      const rows = this.writes.foldEnrollments(studentId, school.rows);
      const answer = {
        ...school,
        rows,
        totalCount: school.totalCount + rows.length - school.rows.length,
      };
      // Enrollments are not part of a full sync (a request per student); the ones seen are
      // kept, and a window that holds them all marks the student's set complete.
      if (this.sync.isSynced('students')) {
        const complete = window.offset === 0 && answer.rows.length >= answer.totalCount;
        this.sync.copy.putEnrollments(studentId, answer.rows, complete);
      }
      return answer;
    } catch (error) {
      if (local && isUnreachable(error)) return local as ListResult<Enrollment>;
      throw this.offlineSentence(error, 'not_synced_offline');
    }
  }

  async enroll(
    studentId: string,
    courseId: string,
    fields: { endedAt?: number | null } = {},
    options: { signal?: AbortSignal } = {},
  ): Promise<Versioned<Enrollment> & { created: boolean } & SavedHere> {
    return this.writes.enroll(this.alias(studentId), this.alias(courseId), fields, options);
  }

  async removeEnrollment(
    studentId: string,
    courseId: string,
    options: { signal?: AbortSignal } = {},
  ): Promise<SavedHere | void> {
    return this.writes.removeEnrollment(this.alias(studentId), this.alias(courseId), options);
  }

  async expireEnrollment(
    studentId: string,
    courseId: string,
    options = {},
  ): Promise<Versioned<Enrollment> & SavedHere> {
    return this.writes.expireEnrollment(this.alias(studentId), this.alias(courseId), options);
  }

  async extendEnrollment(
    studentId: string,
    courseId: string,
    by: ExtendBy,
    options = {},
  ): Promise<Versioned<Enrollment> & SavedHere> {
    return this.writes.extendEnrollment(this.alias(studentId), this.alias(courseId), by, options);
  }

  /** The school's id of a record made here, for a screen that still knows its first id. */
  private alias(id: string): string {
    return this.writes.currentId(id);
  }

  /** A read from the school within this data's read deadline. */
  private read<T>(
    signal: AbortSignal | undefined,
    call: (signal: AbortSignal | undefined) => Promise<T>,
  ): Promise<T> {
    return withReadDeadline(this.readDeadlineMs, signal, call);
  }

  /** Fails at once, with its code, while the school is known not to answer. */
  private requireReachable(code: 'school_unreachable' | 'not_synced_offline'): void {
    if (!this.sync.isReachable()) throw new PlatformError(code);
  }

  private async fromNetwork<T>(
    call: () => Promise<T>,
    code: 'school_unreachable' | 'not_synced_offline',
  ): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw this.offlineSentence(error, code);
    }
  }

  /** A read that found the school unreachable says so in the owner's terms. */
  private offlineSentence(error: unknown, code: 'school_unreachable' | 'not_synced_offline') {
    return isPlatformError(error, 'network_error')
      ? new PlatformError(code, { cause: error })
      : error;
  }
}
