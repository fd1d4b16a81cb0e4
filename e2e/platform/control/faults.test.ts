import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestPlatform, type Answer } from '../api/testing';
import { WELL_KNOWN } from '../seed';
import type { CounterSnapshot, RouteCounts } from '../http/control-state';

let platform: TestPlatform;
let token: string;

beforeAll(async () => {
  platform = await TestPlatform.start({ students: 10, rateLimit: null });
  token = await platform.token();
});
afterEach(() => platform.control('/reset'));
afterAll(() => platform.close());

type Course = { id: string; name: string; slug: string };

const coursePath = `/api/v1/courses/${WELL_KNOWN.publishedCourse.id}`;
const WRITES = ['POST', 'PATCH', 'PUT', 'DELETE'];
const MIXED = ['500', '503', 'drop-after', '429'];

async function route(key: string): Promise<RouteCounts | undefined> {
  return (await platform.control<CounterSnapshot>('/counters', undefined, 'GET')).byRoute[key];
}

/** The status of a call, or `dropped` when the connection closed without an answer. */
async function outcome<T>(call: Promise<Answer<T>>): Promise<number | 'dropped'> {
  try {
    return (await call).status;
  } catch (error) {
    expect(String(error)).toMatch(/socket hang up|ECONNRESET/);
    return 'dropped';
  }
}

const patch = (name: string, etag?: string) =>
  platform.call<Course>(coursePath, {
    method: 'PATCH',
    token,
    body: { name },
    headers: etag ? { 'if-match': etag } : {},
  });

describe('control API: mixed faults', () => {
  it('fails exactly the share of matching writes, cycling the kinds, and leaves reads alone', async () => {
    await platform.control('/faults', {
      rate: 0.2,
      kinds: MIXED,
      pathPrefix: '/api/v1/courses',
      methods: WRITES,
    });
    const results: (number | 'dropped')[] = [];
    for (let i = 1; i <= 40; i += 1) {
      results.push(await outcome(patch(`Edit ${i}`)));
      expect((await platform.call(coursePath, { token })).status).toBe(200);
    }
    const faults = results.flatMap((status, i) => (status === 200 ? [] : [[i + 1, status]]));
    expect(faults).toEqual([
      [5, 500],
      [10, 503],
      [15, 'dropped'],
      [20, 429],
      [25, 500],
      [30, 503],
      [35, 'dropped'],
      [40, 429],
    ]);
    expect((await route('PATCH /api/v1/courses/:id'))?.byStatus).toEqual({
      '200': 32,
      '500': 2,
      '503': 2,
      'dropped-after': 2,
      '429': 2,
    });
    expect((await route('GET /api/v1/courses/:id'))?.byStatus).toEqual({ '200': 40 });
    // The 40th edit met a 429 and was not applied; the 35th was, though its answer was lost.
    expect((await platform.call<Course>(coursePath, { token })).body.name).toBe('Edit 39');
  });

  it('answers an injected 429 as the rate limiter does, with Retry-After, and applies nothing', async () => {
    const before = (await platform.call<Course>(coursePath, { token })).body.name;
    await platform.control('/faults', { rate: 1, kind: '429', methods: ['PATCH'] });
    const limited = await patch('Never stored');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.body).toMatchObject({
      error: 'rate_limited',
      error_description: expect.stringMatching(/Retry after 1 s/) as unknown,
      error_uri: expect.stringContaining('rate_limited') as unknown,
    });
    expect((await platform.call<Course>(coursePath, { token })).body.name).toBe(before);
  });

  it('refuses a rule that mixes kind and kinds, or names an unknown kind or method', async () => {
    const refused = async (body: unknown) =>
      (await platform.call('/__control/faults', { method: 'POST', body })).status;
    expect(await refused({ rate: 1, kind: '500', kinds: ['503'] })).toBe(422);
    expect(await refused({ rate: 1, kinds: [] })).toBe(422);
    expect(await refused({ rate: 1, kinds: ['500', '418'] })).toBe(422);
    expect(await refused({ rate: 1, kind: '500', methods: ['FETCH'] })).toBe(422);
    const state = await platform.control('/faults', { rate: 0.2, kinds: MIXED, methods: WRITES });
    expect(state).toMatchObject({ fault: { rate: 0.2, kinds: MIXED, methods: WRITES } });
  });
});

describe('control API: drop-after (a lost acknowledgement)', () => {
  it('creates once under an Idempotency-Key, and the retry answers the stored result', async () => {
    await platform.control('/faults', {
      rate: 1,
      kind: 'drop-after',
      pathPrefix: '/api/v1/courses',
      methods: ['POST'],
      count: 1,
    });
    const create = () =>
      platform.call<Course>('/api/v1/courses', {
        method: 'POST',
        token,
        body: { name: 'Lost answer', slug: 'lost-answer' },
        headers: { 'idempotency-key': 'drop-after-create' },
      });
    expect(await outcome(create())).toBe('dropped');
    const retry = await create();
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const stored = await platform.call<Course>(`/api/v1/courses/${retry.body.id}`, { token });
    expect(stored.body).toEqual(retry.body);
    expect(stored.headers.get('etag')).toBe(retry.headers.get('etag'));
    expect(retry.headers.get('location')).toBe(`${platform.url}/api/v1/courses/${retry.body.id}`);
    const found = await platform.call<{ totalCount: number }>('/api/v1/courses?q=lost-answer', {
      token,
    });
    expect(found.body.totalCount).toBe(1);
    // Created = 201 + dropped-after - replayed = 1.
    expect(await route('POST /api/v1/courses')).toEqual({
      total: 2,
      byStatus: { 'dropped-after': 1, '201': 1 },
      replayed: 1,
    });
  });

  it('applies a PATCH whose answer is lost, so its retry with the old ETag meets 412', async () => {
    const read = await platform.call<Course>(coursePath, { token });
    const oldEtag = read.headers.get('etag') ?? '';
    await platform.control('/faults', { rate: 1, kind: 'drop-after', methods: ['PATCH'] });
    expect(await outcome(patch('Applied, answer lost', oldEtag))).toBe('dropped');
    // A handler that refuses is still cut off, but counted apart: nothing was applied.
    expect(await outcome(patch('Stale', oldEtag))).toBe('dropped');
    await platform.control('/faults', { off: true });

    const now = await platform.call<Course>(coursePath, { token });
    expect(now.body.name).toBe('Applied, answer lost');
    expect(now.headers.get('etag')).not.toBe(oldEtag);
    const retry = await patch('Applied, answer lost', oldEtag);
    expect(retry.status).toBe(412);
    expect(retry.body).toMatchObject({ current: { name: 'Applied, answer lost' } });
    expect((await route('PATCH /api/v1/courses/:id'))?.byStatus).toEqual({
      'dropped-after': 1,
      'dropped-after-412': 1,
      '412': 1,
    });
  });

  it('cuts off answers that a handler writes itself (the OAuth server) too', async () => {
    await platform.control('/faults', {
      rate: 1,
      kind: 'drop-after',
      pathPrefix: '/.well-known/openid-configuration',
    });
    const discovery = () => platform.call('/.well-known/openid-configuration');
    expect(await outcome(discovery())).toBe('dropped');
    await platform.control('/faults', { off: true });
    expect((await discovery()).status).toBe(200);
    expect((await route('GET /.well-known/openid-configuration'))?.byStatus).toEqual({
      'dropped-after': 1,
      '200': 1,
    });
  });
});
