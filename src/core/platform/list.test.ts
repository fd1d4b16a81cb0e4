import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isPlatformError } from './errors';
import { pagesCovering, sliceWindow } from './paging';
import type { ApiTransport } from './retry';
import {
  startClientHarness,
  type ClientHarness,
} from '../../../e2e/support/harness/client-harness';

let harness: ClientHarness;
/** Every student id in the server's default order, by walking its pages one by one. */
let walk: string[];

/** Walks all pages of a list with plain requests: the reference `list` must agree with. */
async function straightWalk(path: string, params: Record<string, string> = {}): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const url = new URL(`${harness.apiBaseUrl}/${path}`);
    for (const [k, v] of Object.entries({ ...params, page: String(page), perPage: '50' }))
      url.searchParams.set(k, v);
    const response = await harness.transport(url, { method: 'GET', headers: new Headers() });
    const body = (await response.json()) as { nodes: { id: string }[]; hasNextPage: boolean };
    ids.push(...body.nodes.map((n) => n.id));
    if (!body.hasNextPage) return ids;
  }
}

beforeAll(async () => {
  harness = await startClientHarness();
  walk = await straightWalk('students');
});

afterAll(async () => {
  await harness?.close();
});

beforeEach(async () => {
  await harness.control('/reset');
});

describe('paging arithmetic', () => {
  it('covers a window with the pages it touches', () => {
    expect(pagesCovering(0, 50, 50)).toEqual([1]);
    expect(pagesCovering(49, 2, 50)).toEqual([1, 2]);
    expect(pagesCovering(50, 1, 50)).toEqual([2]);
    expect(pagesCovering(10, 0, 50)).toEqual([]);
    expect(pagesCovering(45, 120, 50)).toEqual([1, 2, 3, 4]);
  });

  it('cuts the window out and stops at a short page', () => {
    expect(sliceWindow([[1, 2, 3], [4, 5, 6], [7]], 2, 4, 3, 3)).toEqual([2, 3, 4]);
    expect(sliceWindow([[1, 2], [9]], 1, 1, 10, 3)).toEqual([2]);
  });
});

describe('list(entity, { offset, limit }) against the stand-in', () => {
  it('has 200 students to page through', () => {
    expect(walk).toHaveLength(200);
  });

  it.each([
    [0, 50],
    [45, 10],
    [49, 2],
    [50, 50],
    [10, 120],
    [0, 200],
    [190, 30],
    [199, 1],
  ])('offset %i limit %i equals the straight walk', async (offset, limit) => {
    const result = await harness.client().list('students', { offset, limit });
    expect(result.totalCount).toBe(200);
    expect(result.rows.map((r) => r.id)).toEqual(walk.slice(offset, offset + limit));
  });

  it('maps windows onto small server pages too (pageSize 7)', async () => {
    const client = harness.client({ pageSize: 7 });
    for (const [offset, limit] of [
      [0, 7],
      [6, 2],
      [13, 30],
      [195, 10],
    ] as const) {
      const result = await client.list('students', { offset, limit });
      expect(result.rows.map((r) => r.id)).toEqual(walk.slice(offset, offset + limit));
    }
  });

  it('limit > 50 fetches exactly the covering pages of 50', async () => {
    await harness.client().list('students', { offset: 30, limit: 120 });
    // [30, 150) touches pages 1, 2 and 3.
    expect((await harness.route('GET /api/v1/students')).byStatus).toEqual({ '200': 3 });
  });

  it('limit 0 answers no rows and the count, in one request', async () => {
    const result = await harness.client().list('students', { offset: 10, limit: 0 });
    expect(result).toEqual({ rows: [], totalCount: 200 });
    expect((await harness.route('GET /api/v1/students')).total).toBe(1);
  });

  it('an offset beyond the end answers no rows after one request', async () => {
    const result = await harness.client().list('students', { offset: 500, limit: 150 });
    expect(result).toEqual({ rows: [], totalCount: 200 });
    expect((await harness.route('GET /api/v1/students')).total).toBe(1);
  });

  it('a window running past the end skips the pages that do not exist', async () => {
    const result = await harness.client().list('students', { offset: 180, limit: 500 });
    expect(result.rows.map((r) => r.id)).toEqual(walk.slice(180));
    expect((await harness.route('GET /api/v1/students')).total).toBe(1);
  });

  it('passes q, sort and filters through, equal to the straight walk with them', async () => {
    const expected = await straightWalk('courses', { sort: 'name', published: 'true' });
    const result = await harness
      .client({ pageSize: 3 })
      .list('courses', { sort: 'name', filters: { published: true }, offset: 1, limit: 5 });
    expect(result.totalCount).toBe(expected.length);
    expect(result.rows.map((r) => r.id)).toEqual(expected.slice(1, 6));
    expect(result.rows.every((r) => r.publishedAt !== null)).toBe(true);

    const needle = walk[17] ?? '';
    const student = (await harness.client().get('students', needle)).record;
    const found = await harness.client().list('students', { q: student.email, limit: 10 });
    expect(found.rows.map((r) => r.id)).toContain(needle);
  });

  it('fetches pages concurrently, never more than the cap at once', async () => {
    await harness.control('/latency', { ms: 40 });
    let inFlight = 0;
    let most = 0;
    const counting: ApiTransport = async (url, init) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      try {
        return await harness.transport(url, init);
      } finally {
        inFlight -= 1;
      }
    };
    const client = harness.client({ transport: counting, pageSize: 10, concurrency: 4 });
    const result = await client.list('students', { offset: 0, limit: 200 });
    expect(result.rows.map((r) => r.id)).toEqual(walk);
    expect(most).toBe(4);
  });

  it('asks for a window at the top in one round, and elsewhere for the first page alone first', async () => {
    const starts: number[] = [];
    let inFlight = 0;
    const counting: ApiTransport = async (url, init) => {
      starts.push(inFlight);
      inFlight += 1;
      try {
        return await harness.transport(url, init);
      } finally {
        inFlight -= 1;
      }
    };
    const client = harness.client({ transport: counting, pageSize: 50, concurrency: 4 });
    const top = await client.list('students', { offset: 0, limit: 100 });
    expect(top.rows.map((r) => r.id)).toEqual(walk.slice(0, 100));
    // Both pages were asked for before either answered.
    expect(starts).toEqual([0, 1]);
    starts.length = 0;
    const lower = await client.list('students', { offset: 100, limit: 100 });
    expect(lower.rows.map((r) => r.id)).toEqual(walk.slice(100, 200));
    expect(starts).toEqual([0, 0]);
  });

  it('refuses a negative or fractional window without a request', async () => {
    const client = harness.client();
    await expect(client.list('students', { offset: -1, limit: 5 })).rejects.toThrow(RangeError);
    await expect(client.list('students', { offset: 0, limit: 1.5 })).rejects.toThrow(RangeError);
  });
});

describe('answers that do not match the schema', () => {
  /** A real transport, but to another document of the same server. */
  const to = (path: string): ApiTransport => {
    return (url, init) => harness.transport(new URL(path, url), init);
  };

  it('a JSON answer of the wrong shape is invalid_response', async () => {
    const client = harness.client({ transport: to('/openapi.json') });
    const error: unknown = await client.list('courses', { limit: 5 }).catch((e: unknown) => e);
    expect(isPlatformError(error, 'invalid_response')).toBe(true);
    expect(String(error)).toMatch(/nodes/);
  });

  it('an answer that is not JSON is invalid_response', async () => {
    const client = harness.client({ transport: to('/auth.md') });
    const error: unknown = await client.get('courses', walk[0] ?? '').catch((e: unknown) => e);
    expect(isPlatformError(error, 'invalid_response')).toBe(true);
  });
});
