import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { canCarry, matchesAnyVersion } from '../../shared/etag';
import { ConflictError, PlatformError } from './errors';
import { listWindow, pageUrl, type PageQuery } from './paging';
import { etagOf, expectSuccess, readAnswer, readAnswerText, readRecords } from './responses';
import { DEFAULT_RETRY_POLICY, sendWithRetry, type ApiTransport, type RetryPolicy } from './retry';
import {
  ENTITIES,
  enrollmentSchema,
  rawPageEnvelope,
  type Enrollment,
  type EntityName,
  type FiltersOf,
  type RecordOf,
  type SortOf,
} from './schemas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The server refuses more than this per page (422), so no request asks for more. */
export const MAX_PER_PAGE = 50;

export type PlatformClientOptions = {
  /** The business API root, e.g. `https://school.example/api/v1`. */
  apiBaseUrl: string | URL;
  transport: ApiTransport;
  retry?: Partial<RetryPolicy>;
  /** Pages fetched at once by `list`; small, to stay well inside the server's rate limit. */
  concurrency?: number;
  /** Server page size used by `list` (1..50); 50 means fewest requests. */
  pageSize?: number;
  /** Makes Idempotency-Keys; injectable so a test can pin one. */
  newIdempotencyKey?: () => string;
};

/** A list request in the renderer's terms: any window, whatever the server's page size. */
export type ListQuery<E extends EntityName> = {
  q?: string;
  sort?: SortOf<E>;
  filters?: FiltersOf<E>;
  offset?: number;
  limit: number;
  signal?: AbortSignal;
};

/**
 * The rows of the window and the count of all matching records. A record of the window that
 * did not match its schema is left out of `rows` and counted in `unreadable` (absent when
 * every record was read), so a screen can say so instead of losing the whole list.
 */
export type ListResult<T> = { rows: T[]; totalCount: number; unreadable?: number };

/** A record with the ETag of its version, which an update or delete must send back. */
export type Versioned<T> = { record: T; etag: string | undefined };

/** The writable fields of an entity (the server validates them and answers 422 otherwise). */
export type WritableOf<E extends EntityName> = Partial<
  Omit<RecordOf<E>, 'id' | 'createdAt' | 'updatedAt'>
>;

type CallOptions = {
  signal?: AbortSignal;
  /**
   * A 429 asking to wait longer than this is not waited out: RateLimitedError at once, with
   * the wait the school asked for. The outbox passes 0 for the owner's saves, which wait on
   * this computer instead of holding the screen (the policy's maxRetryAfterMs otherwise).
   */
  maxRetryAfterMs?: number;
};

/**
 * A typed client for the platform's business API: every answer is validated with zod and
 * every failure is a named PlatformError. It takes a transport rather than a token, so the
 * same client runs on the session's AuthService in the app and on a minted token in tests.
 */
export class PlatformClient {
  private readonly base: URL;
  private readonly policy: RetryPolicy;
  private readonly concurrency: number;
  private readonly pageSize: number;
  private readonly newKey: () => string;

  constructor(private readonly options: PlatformClientOptions) {
    const base = String(options.apiBaseUrl);
    this.base = new URL(base.endsWith('/') ? base : `${base}/`);
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.concurrency = Math.max(1, options.concurrency ?? 4);
    this.pageSize = Math.min(MAX_PER_PAGE, Math.max(1, options.pageSize ?? MAX_PER_PAGE));
    this.newKey = options.newIdempotencyKey ?? randomUUID;
  }

  /**
   * Answers the window [offset, offset + limit) of the matching records, whatever the
   * server's page size (paging.ts `listWindow` says which pages are asked for, and when).
   */
  async list<E extends EntityName>(
    entity: E,
    query: ListQuery<E>,
  ): Promise<ListResult<RecordOf<E>>> {
    const { schema } = ENTITIES[entity];
    const rows = await this.listWindow(this.url(entity), schema, query);
    // The envelope's record type is the entity's, so the cast only names what zod checked.
    return rows as ListResult<RecordOf<E>>;
  }

  /** A window of a student's enrollments, paged the same way as `list`. */
  listEnrollments(
    studentId: string,
    query: { offset?: number; limit: number; signal?: AbortSignal },
  ): Promise<ListResult<Enrollment>> {
    return this.listWindow(this.enrollmentsUrl(studentId), enrollmentSchema, query);
  }

  /**
   * Enrolls a student in a course, or changes the enrollment if there is one: the PUT is an
   * idempotent upsert, so a retry after a lost answer cannot enroll twice.
   */
  async enroll(
    studentId: string,
    courseId: string,
    fields: { endedAt?: number | null } = {},
    options: CallOptions = {},
  ): Promise<Versioned<Enrollment> & { created: boolean }> {
    const response = await this.send('PUT', this.enrollmentsUrl(studentId, courseId), {
      ...options,
      body: fields,
    });
    // 201 enrolled the student now; 200 changed an enrollment already there.
    return {
      ...(await this.versionedOf(enrollmentSchema, response)),
      created: response.status === 201,
    };
  }

  /** Removes a student's access to a course. */
  async removeEnrollment(studentId: string, courseId: string, options: CallOptions = {}) {
    const response = await this.send('DELETE', this.enrollmentsUrl(studentId, courseId), options);
    await expectSuccess(response, enrollmentSchema);
  }

  /** Ends a student's access now; progress is kept so access can be extended again. */
  async expireEnrollment(studentId: string, courseId: string, options: CallOptions = {}) {
    const url = this.enrollmentsUrl(studentId, courseId, 'expire');
    return this.versionedOf(enrollmentSchema, await this.send('POST', url, options));
  }

  /** Extends access by days, to a date, or to lifetime access. */
  async extendEnrollment(
    studentId: string,
    courseId: string,
    by: { days: number } | { endedAt: number } | { indefinite: true },
    options: CallOptions = {},
  ): Promise<Versioned<Enrollment>> {
    const url = this.enrollmentsUrl(studentId, courseId, 'extend');
    const response = await this.send('POST', url, { ...options, body: by });
    return this.versionedOf(enrollmentSchema, response);
  }

  /** One record and its ETag. */
  async get<E extends EntityName>(
    entity: E,
    id: string,
    options: CallOptions = {},
  ): Promise<Versioned<RecordOf<E>>> {
    const response = await this.send('GET', this.itemUrl(entity, id), options);
    return this.versioned(entity, response);
  }

  /**
   * Creates a record. A fresh Idempotency-Key goes with it and with each of its own retries,
   * so a create whose answer was lost is not made twice.
   */
  async create<E extends EntityName>(
    entity: E,
    fields: WritableOf<E>,
    options: CallOptions & { idempotencyKey?: string } = {},
  ): Promise<Versioned<RecordOf<E>> & { created: boolean; replayed: boolean }> {
    const response = await this.send('POST', this.url(entity), {
      ...options,
      body: fields,
      headers: { 'Idempotency-Key': options.idempotencyKey ?? this.newKey() },
    });
    // 201 made a record; 200 answers one already there (a student's e-mail on file).
    // `replayed`: the server answered an earlier request with the same key (a re-run import
    // asks this to tell "made now" from "made by an earlier run").
    return {
      ...(await this.versioned(entity, response)),
      created: response.status === 201,
      replayed: response.headers.get('Idempotent-Replayed') === 'true',
    };
  }

  /**
   * Changes the given fields of the version `etag` names. SECURITY: the ETag is required so
   * an edit made on stale data can never silently overwrite someone else's change; a 412
   * becomes ConflictError with the server's current record.
   */
  async update<E extends EntityName>(
    entity: E,
    id: string,
    fields: WritableOf<E>,
    options: CallOptions & { etag: string },
  ): Promise<Versioned<RecordOf<E>>> {
    await this.checkEtag(entity, id, options.etag, options);
    const response = await this.send('PATCH', this.itemUrl(entity, id), {
      ...options,
      body: fields,
      headers: { 'If-Match': options.etag },
    });
    return this.versioned(entity, response);
  }

  /** Deletes a record; with `etag`, only the version it names (412 otherwise). */
  async remove(
    entity: EntityName,
    id: string,
    options: CallOptions & { etag?: string } = {},
  ): Promise<void> {
    if (options.etag !== undefined) await this.checkEtag(entity, id, options.etag, options);
    const response = await this.send('DELETE', this.itemUrl(entity, id), {
      ...options,
      headers: options.etag ? { 'If-Match': options.etag } : {},
    });
    await expectSuccess(response, ENTITIES[entity].schema);
  }

  /** A window of `collection`, paged onto the server's pages (paging.ts `listWindow`). */
  private listWindow<S extends z.ZodType>(
    collection: URL,
    schema: S,
    query: PageQuery,
  ): Promise<ListResult<z.output<S>>> {
    return listWindow(
      (page, perPage) => this.fetchPage(collection, schema, query, page, perPage),
      query,
      { pageSize: this.pageSize, concurrency: this.concurrency },
    );
  }

  private async fetchPage<S extends z.ZodType>(
    collection: URL,
    schema: S,
    query: PageQuery,
    page: number,
    perPage: number,
  ) {
    const url = pageUrl(collection, query, page, perPage);
    const response = await this.send('GET', url, { signal: query.signal });
    // The envelope must hold; its records are read one by one, so a malformed one costs a row.
    const { answer, text } = await readAnswerText(response, rawPageEnvelope, schema);
    const { slots, unreadable } = readRecords(schema, answer.nodes);
    const nodes = slots.filter((record) => record !== undefined);
    // Sync keeps only the ids of unreadable records, to count them while lists are local.
    const unreadableIds: string[] = [];
    for (let i = 0; i < slots.length; i += 1) {
      const id =
        slots[i] === undefined ? (answer.nodes[i] as { id?: unknown } | null)?.id : undefined;
      if (typeof id === 'string') unreadableIds.push(id);
    }
    return { ...answer, nodes, slots, unreadable, unreadableIds, text };
  }

  private async versioned<E extends EntityName>(
    entity: E,
    response: Response,
  ): Promise<Versioned<RecordOf<E>>> {
    return this.versionedOf(ENTITIES[entity].schema, response) as Promise<Versioned<RecordOf<E>>>;
  }

  private async versionedOf<S extends z.ZodType>(
    schema: S,
    response: Response,
  ): Promise<Versioned<z.output<S>>> {
    const record = await readAnswer(response, schema, schema);
    return { record, etag: etagOf(response) };
  }

  /**
   * Refuses an If-Match that cannot name one version. One matching any version (see etag.ts)
   * is a caller's mistake, thrown as such. One HTTP cannot carry (a CR or LF: from an entry an
   * earlier version queued, say) cannot be the school's version: it is answered as the school
   * answers a version it does not hold, a ConflictError with its current record, so the
   * caller compares as after any 412 and nothing is saved unseen. Thrown as fetch's
   * TypeError, it would read as a dropped connection and be retried for ever.
   */
  private async checkEtag(
    entity: EntityName,
    id: string,
    etag: string,
    options: CallOptions,
  ): Promise<void> {
    if (matchesAnyVersion(etag)) throw new RangeError('a write needs the ETag of one version');
    if (canCarry(etag)) return;
    const current = await this.get(entity, id, options);
    throw new ConflictError(current.record, current.etag);
  }

  private send(
    method: string,
    url: URL,
    options: CallOptions & { body?: unknown; headers?: Record<string, string> },
  ): Promise<Response> {
    const headers = new Headers({ accept: 'application/json', ...options.headers });
    let body: string | undefined;
    if (options.body !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(options.body);
    }
    const { maxRetryAfterMs } = options;
    return sendWithRetry(
      this.options.transport,
      url,
      { method, headers, body, signal: options.signal },
      maxRetryAfterMs === undefined ? this.policy : { ...this.policy, maxRetryAfterMs },
    );
  }

  private url(entity: EntityName): URL {
    return new URL(entity, this.base);
  }

  /** SECURITY: both ids are checked as UUIDs, as in `itemUrl`. */
  private enrollmentsUrl(studentId: string, courseId?: string, action?: string): URL {
    const ids = courseId === undefined ? [studentId] : [studentId, courseId];
    if (!ids.every((id) => UUID.test(id)))
      throw new PlatformError('not_found', { detail: 'not a record id' });
    const tail = [courseId, action].filter(Boolean).join('/');
    return new URL(`students/${studentId}/enrollments${tail ? `/${tail}` : ''}`, this.base);
  }

  /**
   * SECURITY: ids are UUIDs, and anything else is refused before a request is made, so a
   * crafted id (`..`, `x?y`, `a/b`) cannot reach another path of the API.
   */
  private itemUrl(entity: EntityName, id: string): URL {
    if (!UUID.test(id)) throw new PlatformError('not_found', { detail: 'not a record id' });
    return new URL(`${entity}/${id}`, this.base);
  }

  /**
   * One server page as the server numbers it, for sync (src/core/sync/pull.ts): `perPage`
   * is clamped to 1..MAX_PER_PAGE, and `updatedSince` (unix seconds, inclusive) asks only for
   * records changed since then. Answers the page's readable records with the collection's
   * totals, and the ids of the records it sent that did not match their schema; and when
   * every record it sent was readable, its body as the school sent it (PageAnswer.text).
   */
  async page<E extends EntityName>(
    entity: E,
    query: {
      page: number;
      perPage: number;
      sort?: SortOf<E>;
      updatedSince?: number;
      signal?: AbortSignal;
    },
  ): Promise<{
    nodes: RecordOf<E>[];
    totalCount: number;
    totalPages: number;
    unreadableIds: string[];
    text?: string;
  }> {
    const perPage = Math.min(MAX_PER_PAGE, Math.max(1, query.perPage));
    const answer = await this.fetchPage(
      this.url(entity),
      ENTITIES[entity].schema,
      { sort: query.sort, updatedSince: query.updatedSince, signal: query.signal, limit: perPage },
      query.page,
      perPage,
    );
    // The envelope's record type is the entity's, so the cast only names what zod checked.
    return {
      nodes: answer.nodes as RecordOf<E>[],
      totalCount: answer.totalCount,
      totalPages: answer.totalPages,
      unreadableIds: answer.unreadableIds,
      // Only when it holds exactly `nodes`: a record left out is in it too.
      ...(answer.unreadable === 0 && { text: answer.text }),
    };
  }
}
