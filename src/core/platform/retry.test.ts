import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isPlatformError, RateLimitedError } from './errors';
import { DEFAULT_RETRY_POLICY, parseRetryAfter, type ApiTransport } from './retry';
import { isAuthError } from '../auth/errors';
import { API_LIMITS, guardedFetch } from '../auth/http-policy';
import {
  startClientHarness,
  type ClientHarness,
} from '../../../e2e/support/harness/client-harness';

let harness: ClientHarness;
let courseId: string;
const ITEM = 'GET /api/v1/courses/:id';

beforeAll(async () => {
  harness = await startClientHarness();
  const { rows } = await harness.client().list('courses', { limit: 1 });
  courseId = rows[0]?.id ?? '';
});

afterAll(async () => {
  await harness?.close();
});

beforeEach(async () => {
  await harness.control('/reset');
  harness.sleeps.length = 0;
});

/** Faults on the courses API only, clearing themselves after `count`. */
const fault = (kind: '500' | '503' | 'drop', count?: number) =>
  harness.control('/faults', { rate: 1, kind, pathPrefix: '/api/v1/courses', count });

/** A unique course body, so creates never clash on slug. */
const newCourse = () => {
  const slug = `retry-${Math.random().toString(36).slice(2, 10)}`;
  return { name: `Course ${slug}`, slug };
};

describe('reads retry 5xx and dropped connections with backoff', () => {
  it('a GET that meets two 500s succeeds on the third request', async () => {
    await fault('500', 2);
    const { record } = await harness.client().get('courses', courseId);
    expect(record.id).toBe(courseId);
    expect((await harness.route(ITEM)).byStatus).toEqual({ '500': 2, '200': 1 });
    expect(harness.sleeps).toEqual([10, 20]);
  });

  it('a GET whose connection is dropped is sent again', async () => {
    await fault('drop', 1);
    await harness.client().get('courses', courseId);
    expect((await harness.route(ITEM)).byStatus).toEqual({ dropped: 1, '200': 1 });
    expect(harness.sleeps).toEqual([10]);
  });

  it("a 503's Retry-After is waited out when longer than the backoff", async () => {
    await fault('503', 1);
    await harness.client().get('courses', courseId);
    expect((await harness.route(ITEM)).byStatus).toEqual({ '503': 1, '200': 1 });
    expect(harness.sleeps).toEqual([1000]);
  });

  it('gives up after the retry cap with server_error', async () => {
    await fault('500');
    const client = harness.client({ retry: { maxRetries: 2 } });
    const error: unknown = await client.get('courses', courseId).catch((e: unknown) => e);
    expect(isPlatformError(error, 'server_error')).toBe(true);
    expect((await harness.route(ITEM)).byStatus).toEqual({ '500': 3 });
  });

  it('stops waiting when the caller aborts', async () => {
    await fault('500');
    const controller = new AbortController();
    const abortOnAnswer: ApiTransport = async (url, init) => {
      const response = await harness.transport(url, init);
      controller.abort();
      return response;
    };
    const client = harness.client({
      transport: abortOnAnswer,
      retry: { sleep: DEFAULT_RETRY_POLICY.sleep, baseDelayMs: 60_000 },
    });
    const error: unknown = await client
      .get('courses', courseId, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    expect((await harness.route(ITEM)).total).toBe(1);
  });
});

describe('writes are not repeated unless the server can deduplicate them', () => {
  it('a PATCH that meets a 500 is not sent again', async () => {
    const { etag } = await harness.client().get('courses', courseId);
    await fault('500', 1);
    const error: unknown = await harness
      .client()
      .update('courses', courseId, { featured: true }, { etag: etag ?? '' })
      .catch((e: unknown) => e);
    expect(isPlatformError(error, 'server_error')).toBe(true);
    expect((await harness.route('PATCH /api/v1/courses/:id')).byStatus).toEqual({ '500': 1 });
    expect(harness.sleeps).toEqual([]);
  });

  it('a PATCH whose connection dropped is network_error after one request', async () => {
    const { etag } = await harness.client().get('courses', courseId);
    await fault('drop', 1);
    const error: unknown = await harness
      .client()
      .update('courses', courseId, { featured: true }, { etag: etag ?? '' })
      .catch((e: unknown) => e);
    expect(isPlatformError(error, 'network_error')).toBe(true);
    expect((await harness.route('PATCH /api/v1/courses/:id')).byStatus).toEqual({ dropped: 1 });
  });

  it('a create (keyed POST) is retried after a drop and a 500 with the same key, made once', async () => {
    const keys: (string | null)[] = [];
    const recording: ApiTransport = (url, init) => {
      keys.push(init.headers.get('Idempotency-Key'));
      return harness.transport(url, init);
    };
    const course = newCourse();
    await harness.control('/faults', {
      rate: 1,
      kind: 'drop',
      pathPrefix: '/api/v1/courses',
      count: 1,
    });
    const client = harness.client({ transport: recording });
    const created = await client.create('courses', course);
    expect(created.record.slug).toBe(course.slug);
    expect((await harness.route('POST /api/v1/courses')).byStatus).toEqual({
      dropped: 1,
      '201': 1,
    });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);

    await fault('500', 1);
    const second = await client.create('courses', newCourse());
    expect(keys[3]).toBe(keys[2]);
    expect(keys[2]).not.toBe(keys[0]);
    const found = await client.list('courses', { q: course.slug, limit: 10 });
    expect(found.totalCount).toBe(1);
    await client.remove('courses', created.record.id);
    await client.remove('courses', second.record.id);
  });
});

describe('429 is waited out for exactly Retry-After', () => {
  it('parses delta-seconds and HTTP-dates', () => {
    expect(parseRetryAfter('7', 0)).toBe(7000);
    expect(parseRetryAfter('Thu, 01 Jan 1970 00:00:10 GMT', 4000)).toBe(6000);
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
    expect(parseRetryAfter(null, 0)).toBeUndefined();
  });

  /** A sleep that lets the server's rate-limit window pass: the control API starts a new one. */
  const windowPasses = (sleeps: number[]) => async (ms: number) => {
    sleeps.push(ms);
    await harness.control('/rate-limit', { reads: 5, writes: 5 });
  };

  it('a GET refused with 429 waits Retry-After and succeeds', async () => {
    await harness.control('/rate-limit', { reads: 1, writes: 5 });
    const sleeps: number[] = [];
    const client = harness.client({ retry: { sleep: windowPasses(sleeps) } });
    await client.get('courses', courseId);
    await client.get('courses', courseId);
    expect((await harness.route(ITEM)).byStatus).toEqual({ '200': 2, '429': 1 });
    expect(sleeps).toHaveLength(1);
    // Fixed one-minute windows: Retry-After is the whole seconds left of this one.
    expect(sleeps[0]).toBeGreaterThanOrEqual(58_000);
    expect(sleeps[0]).toBeLessThanOrEqual(60_000);
  });

  it('gives up with RateLimitedError after the retry cap', async () => {
    await harness.control('/rate-limit', { reads: 1, writes: 5 });
    const client = harness.client({ retry: { maxRetries: 2 } });
    await client.get('courses', courseId);
    const error: unknown = await client.get('courses', courseId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterMs).toBeGreaterThan(0);
    expect((await harness.route(ITEM)).byStatus).toEqual({ '200': 1, '429': 3 });
  });

  it('does not wait out a Retry-After longer than it is willing to', async () => {
    await harness.control('/rate-limit', { reads: 1, writes: 5 });
    const client = harness.client({ retry: { maxRetryAfterMs: 5_000 } });
    await client.get('courses', courseId);
    await expect(client.get('courses', courseId)).rejects.toBeInstanceOf(RateLimitedError);
    expect((await harness.route(ITEM)).byStatus).toEqual({ '200': 1, '429': 1 });
    expect(harness.sleeps).toEqual([]);
  });

  it('a concurrent list over the limit completes, one extra request per 429', async () => {
    await harness.control('/rate-limit', { reads: 5, writes: 5 });
    const sleeps: number[] = [];
    const client = harness.client({ pageSize: 20, retry: { sleep: windowPasses(sleeps) } });
    const result = await client.list('students', { offset: 0, limit: 200 });
    expect(result.rows).toHaveLength(200);
    expect(new Set(result.rows.map((r) => r.id)).size).toBe(200);
    const counts = await harness.route('GET /api/v1/students');
    expect(counts.byStatus['200']).toBe(10);
    expect(counts.byStatus['429']).toBe(sleeps.length);
    expect(sleeps.length).toBeGreaterThan(0);
    expect(counts.total).toBe(10 + sleeps.length);
  });
});

// Last in this file: a request the stand-in delays is still served after the client gave up,
// and must not count against the rate-limit windows of the tests above.
describe('a request that gets no answer in time counts as a dropped connection', () => {
  let pageId: string;
  beforeAll(async () => {
    pageId = (await harness.client().list('pages', { limit: 1 })).rows[0]?.id ?? '';
  });

  /** The harness's transport behind http-policy's deadlines, as AuthService sends API calls. */
  const timed = (attempts: string[]): ApiTransport => {
    const guarded = guardedFetch(
      (input, init) =>
        harness.transport(new URL(input instanceof Request ? input.url : input), {
          method: init?.method ?? 'GET',
          headers: new Headers(init?.headers),
          body: typeof init?.body === 'string' ? init.body : undefined,
          signal: init?.signal ?? undefined,
        }),
      { ...API_LIMITS, answerMs: 200 },
    );
    return (url, { method, headers, body, signal }) => {
      attempts.push(`${method} ${url.pathname}`);
      return guarded(url, { method, headers, body, signal });
    };
  };
  /** Pages answer after 5 s (the client waits 200 ms for headers). */
  const slowPages = () => harness.control('/latency', { ms: 5_000, pathPrefix: '/api/v1/pages' });

  it('a GET that timed out is sent again after a backoff', async () => {
    await slowPages();
    const attempts: string[] = [];
    const client = harness.client({
      transport: timed(attempts),
      // The answer comes back in time once the backoff is over.
      retry: {
        sleep: async (ms) => {
          harness.sleeps.push(ms);
          await harness.control('/latency', { ms: 0 });
        },
      },
    });
    const { record } = await client.get('pages', pageId);
    expect(record.id).toBe(pageId);
    expect(attempts).toHaveLength(2);
    expect(harness.sleeps).toEqual([10]);
  });

  it('a GET that keeps timing out fails with network_error after one retry', async () => {
    await slowPages();
    const attempts: string[] = [];
    const error: unknown = await harness
      .client({ transport: timed(attempts) })
      .get('pages', pageId)
      .catch((e: unknown) => e);
    expect(isPlatformError(error, 'network_error')).toBe(true);
    expect(isAuthError((error as Error).cause, 'no_answer')).toBe(true);
    expect(attempts).toHaveLength(2);
    expect(harness.sleeps).toEqual([10]);
  });

  it('a PATCH that timed out is not sent again: its outcome is unknown', async () => {
    const { etag } = await harness.client().get('pages', pageId);
    await slowPages();
    const attempts: string[] = [];
    const error: unknown = await harness
      .client({ transport: timed(attempts) })
      .update('pages', pageId, { published: true }, { etag: etag ?? '' })
      .catch((e: unknown) => e);
    expect(isPlatformError(error, 'network_error')).toBe(true);
    expect(attempts).toEqual([`PATCH /api/v1/pages/${pageId}`]);
    expect(harness.sleeps).toEqual([]);
  });
});
