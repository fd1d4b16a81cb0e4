import { isPlatformError, PlatformError } from '../platform';
import type {
  Enrollment,
  EntityName,
  ListQuery,
  ListResult,
  PlatformClient,
  RecordOf,
  Versioned,
} from '../platform';
import type { MirrorListQuery } from '../store/mirror-query';
import type { Outbox } from '../sync/outbox';
import type { Fields } from '../sync/outbox-entry';
import { conditionalRemove, conditionalUpdate, shownBase } from './conditional-writes';
import type { OutboxEnrollments } from './outbox-enrollments';
import type { OutboxWrites } from './outbox-writes';
import type { ExtendBy, SavedHere, SchoolData } from './school-data';

/** A stored row: the record as the platform sent it and the ETag of its version, if known. */
type StoredRow = { record: unknown; etag: string | undefined };

/** What answering from the local copy needs of it (MirrorDatabase has these). */
export interface LocalCopy {
  list(entity: EntityName, query: MirrorListQuery): { rows: unknown[]; totalCount: number };
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

/** What the local-first data needs to know of the school's sync (SchoolSync has these). */
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

/**
 * The ETag the screen gets for a record with unsent edits whose first edit had none (it was
 * made offline on a row from a list): never sent, since such an edit waits for the earlier.
 */
const PENDING_ETAG = 'W/"schooldesk-pending"';

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

/** A failure that says the school did not answer (as opposed to an answer that said no). */
function isUnreachable(error: unknown): boolean {
  return isPlatformError(error, 'network_error', 'server_error', 'school_unreachable');
}

/**
 * A school's data, local first: once an area is synced, its lists and records are answered
 * from the encrypted local copy (and the school is asked for news in the background);
 * before that, and for anything the copy does not hold, from the network. Writes go to the
 * school, and what it answered is put into the copy at once, so every list shows it.
 * While the school cannot be reached, nothing waits on it: reads come from the copy or fail
 * at once with a sentence, and writes fail at once (the outbox will queue them).
 */
export class LocalFirstSchoolData implements SchoolData {
  constructor(
    private readonly network: PlatformClient,
    private readonly sync: SyncView,
    /** The school's outbox: when given, record writes go through it (saved here first). */
    private readonly outbox?: {
      box: Outbox;
      writes: OutboxWrites;
      enrollments: OutboxEnrollments;
    },
  ) {}

  /** The same data with record writes sent straight to the school (long operations). */
  direct(): LocalFirstSchoolData {
    // Long operations need each answer as they go (a bulk enroll counts what it did).
    return this.outbox ? new LocalFirstSchoolData(this.network, this.sync) : this;
  }

  async list<E extends EntityName>(
    entity: E,
    query: ListQuery<E>,
  ): Promise<ListResult<RecordOf<E>>> {
    if (this.sync.isSynced(entity)) {
      const { signal: _signal, ...rest } = query;
      const offset = query.offset ?? 0;
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
    return this.fromNetwork(() => this.network.list(entity, query), 'not_synced_offline');
  }

  async get<E extends EntityName>(
    entity: E,
    id: string,
    options: { signal?: AbortSignal } = {},
  ): Promise<Versioned<RecordOf<E>>> {
    id = this.alias(id);
    const local = this.sync.isSynced(entity) ? this.sync.copy.get(entity, id) : undefined;
    const pending = this.outbox?.box.pendingFor(entity, id) ?? [];
    if (local && pending.length > 0) {
      // The copy shows the unsent edits; the school's version would hide them. An edit of
      // it queues behind them, so the ETag is the one the first of them carries.
      const first = pending[0]?.edit;
      const etag = first && 'etag' in first ? first.etag : undefined;
      return { record: local.record, etag: etag ?? PENDING_ETAG } as Versioned<RecordOf<E>>;
    }
    // A stored ETag means the copy holds the version an edit needs; without one (rows that
    // came from a list), the school is asked when it can be, so a save sends a real ETag.
    if (local && (local.etag !== undefined || !this.sync.isReachable())) {
      this.sync.revalidate(entity);
      return local as Versioned<RecordOf<E>>;
    }
    if (!this.sync.isReachable()) throw new PlatformError('not_synced_offline');
    try {
      const answer = await this.goneWith(entity, id, this.network.get(entity, id, options));
      this.keep(entity, answer);
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
    if (this.outbox) return this.outbox.writes.create(entity, fields, options);
    this.requireReachable('school_unreachable');
    const answer = await this.network.create(entity, fields, options);
    this.keep(entity, answer);
    return answer;
  }

  async update<E extends EntityName>(
    entity: E,
    id: string,
    fields: Parameters<PlatformClient['update']>[2] & object,
    options: { signal?: AbortSignal; etag?: string; seen?: Fields },
  ): Promise<Versioned<RecordOf<E>>> {
    if (this.outbox) return this.outbox.writes.update(entity, this.alias(id), fields, options);
    this.requireReachable('school_unreachable');
    // Without an ETag the school is asked for its version first: never an unconditional save.
    const { seen, ...call } = options;
    const base = shownBase(this.copied(entity, id), seen);
    const answer = await this.goneWith(
      entity,
      id,
      conditionalUpdate(this.network, entity, id, fields, base, call),
    );
    this.keep(entity, answer);
    return answer;
  }

  async remove(
    entity: EntityName,
    id: string,
    options: { signal?: AbortSignal; etag?: string; seen?: Fields } = {},
  ): Promise<SavedHere | void> {
    if (this.outbox) return this.outbox.writes.remove(entity, this.alias(id), options);
    this.requireReachable('school_unreachable');
    const { seen, ...call } = options;
    const base = shownBase(this.copied(entity, id), seen);
    await this.goneWith(entity, id, conditionalRemove(this.network, entity, id, base, call));
    this.sync.copy.remove(entity, [id]);
    this.sync.changed(entity);
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
      const school = await this.network.listEnrollments(studentId, query);
      // Unsent changes stay on top of what the school lists until it has them.
      const rows = this.outbox ? this.outbox.enrollments.fold(studentId, school.rows) : school.rows;
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
    if (this.outbox) {
      const answer = await this.outbox.enrollments.change(
        this.alias(studentId),
        this.alias(courseId),
        {
          kind: 'enroll',
          ...fields,
        },
      );
      return { created: true, ...answer! };
    }
    this.requireReachable('school_unreachable');
    const answer = await this.network.enroll(studentId, courseId, fields, options);
    this.keepEnrollment(answer);
    return answer;
  }

  async removeEnrollment(
    studentId: string,
    courseId: string,
    options: { signal?: AbortSignal } = {},
  ): Promise<SavedHere | void> {
    if (this.outbox) {
      const answer = await this.outbox.enrollments.change(
        this.alias(studentId),
        this.alias(courseId),
        {
          kind: 'unenroll',
        },
      );
      if (!answer?.pending) return undefined;
      return answer.retryAt === undefined
        ? { pending: true }
        : { pending: true, retryAt: answer.retryAt };
    }
    this.requireReachable('school_unreachable');
    await this.network.removeEnrollment(studentId, courseId, options);
    this.sync.copy.removeEnrollment(studentId, courseId);
  }

  async expireEnrollment(
    studentId: string,
    courseId: string,
    options = {},
  ): Promise<Versioned<Enrollment> & SavedHere> {
    if (this.outbox)
      return (await this.outbox.enrollments.change(this.alias(studentId), this.alias(courseId), {
        kind: 'expire',
      }))!;
    this.requireReachable('school_unreachable');
    const answer = await this.network.expireEnrollment(studentId, courseId, options);
    this.keepEnrollment(answer);
    return answer;
  }

  async extendEnrollment(
    studentId: string,
    courseId: string,
    by: ExtendBy,
    options = {},
  ): Promise<Versioned<Enrollment> & SavedHere> {
    if (this.outbox)
      return (await this.outbox.enrollments.change(this.alias(studentId), this.alias(courseId), {
        kind: 'extend',
        by,
      }))!;
    this.requireReachable('school_unreachable');
    const answer = await this.network.extendEnrollment(studentId, courseId, by, options);
    this.keepEnrollment(answer);
    return answer;
  }

  /** The record as the copy holds it (what the owner was shown), when the area is synced. */
  private copied(entity: EntityName, id: string): Fields | undefined {
    if (!this.sync.isSynced(entity)) return undefined;
    return this.sync.copy.get(entity, id)?.record as Fields | undefined;
  }

  /** The school's id of a record made here, for a screen that still knows its first id. */
  private alias(id: string): string {
    return this.outbox?.box.currentId(id) ?? id;
  }

  /** A record the school says is gone (404) leaves the copy, and lists showing it refresh. */
  private async goneWith<T>(entity: EntityName, id: string, call: Promise<T>): Promise<T> {
    try {
      return await call;
    } catch (error) {
      if (isPlatformError(error, 'not_found') && this.sync.isSynced(entity)) {
        this.sync.copy.remove(entity, [id]);
        this.sync.changed(entity);
      }
      throw error;
    }
  }

  /** Puts a record the school answered into the copy, with the ETag of its version. */
  private keep(entity: EntityName, answer: Versioned<{ id: string }>): void {
    if (this.outbox) return this.outbox.writes.applied(entity, answer.record, answer.etag);
    if (!this.sync.isSynced(entity)) return;
    this.sync.copy.upsert(entity, [answer.record]);
    this.sync.copy.setEtag(entity, answer.record.id, answer.etag);
    this.sync.changed(entity);
  }

  private keepEnrollment(answer: Versioned<Enrollment>): void {
    if (this.sync.isSynced('students')) this.sync.copy.upsertEnrollment(answer.record, answer.etag);
  }

  /** Fails at once, with a sentence, while the school is known not to answer. */
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
