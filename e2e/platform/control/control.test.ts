import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestPlatform } from '../api/testing';
import { WELL_KNOWN } from '../seed';
import { parseOptions } from '../cli-options';
import { DOCUMENTED_FIELDS } from './answer-shape';
import type { CounterSnapshot } from '../http/control-state';

let platform: TestPlatform;
let token: string;

beforeAll(async () => {
  platform = await TestPlatform.start({ students: 10, rateLimit: null });
  token = await platform.token();
});
afterEach(() => platform.control('/reset'));
afterAll(() => platform.close());

const course = `/api/v1/courses/${WELL_KNOWN.publishedCourse.id}`;

describe('control API: latency and faults', () => {
  it('delays every non-control request by the set latency', async () => {
    await platform.control('/latency', { ms: 300 });
    let started = performance.now();
    expect((await platform.call(course)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    started = performance.now();
    await platform.control('/state', undefined, 'GET');
    expect(performance.now() - started).toBeLessThan(290);
  });

  it('fails requests under a path prefix with 500 or 503, for `count` requests', async () => {
    await platform.control('/faults', {
      rate: 1,
      kind: '503',
      pathPrefix: '/api/v1/courses',
      count: 2,
    });
    const first = await platform.call(course);
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('1');
    expect(first.body).toMatchObject({ error: 'temporarily_unavailable' });
    expect((await platform.call('/api/v1/pages')).status).toBe(200);
    expect((await platform.call(course)).status).toBe(503);
    expect((await platform.call(course)).status).toBe(200);

    await platform.control('/faults', { rate: 0.5, kind: '500' });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await platform.call(course)).status);
    expect(statuses).toEqual([200, 500, 200, 500]);
  });

  it('drops the connection without an answer', async () => {
    await platform.control('/faults', { rate: 1, kind: 'drop' });
    await expect(platform.call(course)).rejects.toThrow(/socket hang up|ECONNRESET/);
    await platform.control('/faults', { off: true });
    expect((await platform.call(course)).status).toBe(200);
  });

  it('counts requests by route and status, faults included, and reset clears them', async () => {
    await platform.call(course);
    await platform.call('/api/v1/courses/00000000-0000-4000-8000-00000000ffff');
    await platform.control('/faults', { rate: 1, kind: 'drop', count: 1 });
    await platform.call(course).catch(() => undefined);
    const counters = await platform.control<CounterSnapshot>('/counters', undefined, 'GET');
    expect(counters.byRoute['GET /api/v1/courses/:id']).toEqual({
      total: 3,
      byStatus: { '200': 1, '404': 1, dropped: 1 },
    });
    expect(Object.keys(counters.byRoute).some((key) => key.includes('__control'))).toBe(false);
    await platform.control('/reset');
    expect((await platform.control<CounterSnapshot>('/counters', undefined, 'GET')).total).toBe(0);
  });

  it('validates its own bodies', async () => {
    const answer = await platform.call('/__control/faults', {
      method: 'POST',
      body: { rate: 2, kind: '418' },
    });
    expect(answer.status).toBe(422);
  });
});

describe('control API: records and tokens', () => {
  it('edits a record server-side so a client’s stale If-Match gets 412', async () => {
    const read = await platform.call(`/api/v1/coupons/${WELL_KNOWN.coupon.id}`, { token });
    const etag = read.headers.get('etag') ?? '';
    const edited = await platform.control<{ name: string; updatedAt: number }>(
      `/records/coupons/${WELL_KNOWN.coupon.id}`,
      { name: 'Edited on the server' },
      'PATCH',
    );
    expect(edited.name).toBe('Edited on the server');
    const stale = await platform.call(`/api/v1/coupons/${WELL_KNOWN.coupon.id}`, {
      method: 'PATCH',
      token,
      body: { active: false },
      headers: { 'if-match': etag },
    });
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ current: { name: 'Edited on the server' } });
    const wrapped = await platform.control<{ active: boolean }>(
      `/records/coupons/${WELL_KNOWN.coupon.id}`,
      { fields: { active: false } },
      'PATCH',
    );
    expect(wrapped.active).toBe(false);
    expect(
      (await platform.call('/__control/records/orders/x', { method: 'PATCH', body: {} })).status,
    ).toBe(404);
    expect(
      (
        await platform.call(`/__control/records/coupons/${WELL_KNOWN.coupon.id}`, {
          method: 'PATCH',
          body: { amount: -1 },
        })
      ).status,
    ).toBe(422);
  });

  it('expires and revokes the tokens of a client', async () => {
    const expiring = await platform.token(['courses:read']);
    expect((await platform.call('/api/v1/courses', { token: expiring })).status).toBe(200);
    const { clientId } = await platform.control<{ clientId: string }>('/tokens', {
      accountId: '6f1c2a7e-3b1d-4c1e-9d1a-0a0000000001',
      scopes: [],
    });
    const expired = await platform.control<{ count: number }>(`/clients/${clientId}/expire-tokens`);
    expect(expired.count).toBeGreaterThan(0);
    const refused = await platform.call('/api/v1/courses', { token: expiring });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: 'invalid_token' });

    const fresh = await platform.token(['courses:read']);
    expect((await platform.call('/api/v1/courses', { token: fresh })).status).toBe(200);
    await platform.control(`/clients/${clientId}/revoke-tokens`);
    expect((await platform.call('/api/v1/courses', { token: fresh })).status).toBe(401);
    token = await platform.token();
  });
});

describe('control API: answer shape and raw records', () => {
  const sortedKeys = (record: unknown) => Object.keys(record as object).sort();
  const documented = (table: string) => [...(DOCUMENTED_FIELDS[table] ?? [])].sort();

  it('answers only the documented fields, in lists, records and a 412, with the same ETag', async () => {
    const full = await platform.call(course, { token });
    expect(full.body).toHaveProperty('createdAt');
    const shape = await platform.control('/answer-shape', { documentedOnly: true });
    expect(shape).toEqual({ documentedOnly: true, extraFields: {}, rawRecords: 0 });

    const one = await platform.call(course, { token });
    expect(sortedKeys(one.body)).toEqual(documented('courses'));
    expect(one.headers.get('etag')).toBe(full.headers.get('etag'));
    for (const [table, path] of [
      ['students', '/api/v1/students?perPage=5'],
      ['coupons', '/api/v1/coupons?perPage=5'],
      ['pages', '/api/v1/pages?perPage=5'],
      ['enrollments', `/api/v1/students/${WELL_KNOWN.student.id}/enrollments`],
    ] as const) {
      const list = await platform.call<{ nodes: unknown[] }>(path, { token });
      expect(list.body.nodes.length, path).toBeGreaterThan(0);
      for (const node of list.body.nodes) expect(sortedKeys(node), path).toEqual(documented(table));
    }
    const stale = await platform.call(`/api/v1/coupons/${WELL_KNOWN.coupon.id}`, {
      method: 'PATCH',
      token,
      body: { active: true },
      headers: { 'if-match': '"stale"' },
    });
    expect(stale.status).toBe(412);
    expect(sortedKeys(stale.body.current)).toEqual(documented('coupons'));
    expect(stale.body).toHaveProperty('error', 'precondition_failed');
  });

  it('adds extra fields to every record, and reset restores the full answer', async () => {
    await platform.control('/answer-shape', { extraFields: { ratingAverage: 4.5 } });
    const list = await platform.call<{ nodes: Record<string, unknown>[] }>('/api/v1/courses', {
      token,
    });
    for (const node of list.body.nodes)
      expect(node).toMatchObject({ ratingAverage: 4.5, createdAt: expect.any(Number) as unknown });
    await platform.control('/reset');
    const plain = await platform.call(course, { token });
    expect(plain.body).not.toHaveProperty('ratingAverage');
    expect(plain.body).toHaveProperty('updatedAt');
  });

  it('claims a totalPages in every list, as a hostile school might; its pages still run dry', async () => {
    await platform.control('/answer-shape', { claimedTotalPages: Number.MAX_SAFE_INTEGER });
    type Page = { nodes: unknown[]; totalPages: number; totalCount: number };
    const first = await platform.call<Page>('/api/v1/courses?perPage=50', { token });
    expect(first.body).toMatchObject({ totalPages: Number.MAX_SAFE_INTEGER });
    expect(first.body.nodes.length).toBe(first.body.totalCount);
    const past = await platform.call<Page>('/api/v1/courses?perPage=50&page=2', { token });
    expect(past.body).toMatchObject({ nodes: [], totalPages: Number.MAX_SAFE_INTEGER });
    // A single record is answered as it is.
    expect((await platform.call(course, { token })).body).not.toHaveProperty('totalPages');
    await platform.control('/reset');
    const honest = await platform.call<Page>('/api/v1/courses?perPage=50', { token });
    expect(honest.body.totalPages).toBe(1);
  });

  it('answers raw values for one record, unvalidated, until cleared; the stored record stays', async () => {
    const id = WELL_KNOWN.publishedCourse.id;
    const raw = await platform.control(`/raw/courses/${id}`, { name: 42 }, 'PUT');
    expect(raw).toMatchObject({ id, name: 42, slug: WELL_KNOWN.publishedCourse.slug });
    expect((await platform.call(course, { token })).body).toMatchObject({ name: 42 });
    // Search runs on the stored name, so the list still finds the record, answered raw.
    const found = await platform.call<{ nodes: Record<string, unknown>[] }>(
      `/api/v1/courses?q=${encodeURIComponent(WELL_KNOWN.publishedCourse.name)}`,
      { token },
    );
    expect(found.body.nodes.map((n) => [n.id, n.name])).toEqual([[id, 42]]);
    expect(await platform.control('/state', undefined, 'GET')).toMatchObject({
      answerShape: { rawRecords: 1 },
    });

    await platform.control(`/raw/courses/${id}`, {}, 'PUT');
    expect((await platform.call(course, { token })).body).toMatchObject({
      name: WELL_KNOWN.publishedCourse.name,
    });
    const put = (path: string, body: unknown) => platform.call(path, { method: 'PUT', body });
    expect((await put('/__control/raw/orders/x', { a: 1 })).status).toBe(404);
    expect((await put(`/__control/raw/courses/${WELL_KNOWN.coupon.id}`, {})).status).toBe(404);
    expect((await put(`/__control/raw/courses/${id}`, { id: 'other' })).status).toBe(422);
  });

  it('starts answering the documented fields with the documentedFieldsOnly option', async () => {
    expect(parseOptions(['--documented-fields-only'])).toEqual({ documentedFieldsOnly: true });
    const documentedSchool = await TestPlatform.start({
      students: 5,
      rateLimit: null,
      documentedFieldsOnly: true,
    });
    try {
      const owner = await documentedSchool.token();
      const answer = await documentedSchool.call(course, { token: owner });
      expect(sortedKeys(answer.body)).toEqual(documented('courses'));
      // Reset goes back to how the server started, not to every field.
      await documentedSchool.control('/reset');
      expect(sortedKeys((await documentedSchool.call(course, { token: owner })).body)).toEqual(
        documented('courses'),
      );
    } finally {
      await documentedSchool.close();
    }
  });
});

describe('control API availability', () => {
  it('is not served when the platform runs without it', async () => {
    const plain = await TestPlatform.start({ students: 5, control: false });
    try {
      const answer = await fetch(`${plain.url}/__control/state`);
      expect(answer.status).toBe(404);
      await answer.body?.cancel();
    } finally {
      await plain.close();
    }
  });
});
