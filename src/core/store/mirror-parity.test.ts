import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startClientHarness,
  type ClientHarness,
} from '../../../e2e/support/harness/client-harness';
import { ENTITY_NAMES, type EntityName } from '../../shared/entities';
import { MirrorDatabase, type MirrorRecord } from './mirror-database';
import { LIST_TUNING } from './mirror-query';
import type { Db } from './mirror-sql';
import { databaseHarness } from '../../../e2e/support/harness/database-harness';
import {
  PHONE_FINDS,
  PHONE_SEARCHES,
  queriesOf,
  windows,
  type Query,
} from '../../../e2e/support/harness/parity-queries';

/**
 * The contract between the platform and the local mirror: the same list queries, run against
 * the stand-in over real HTTP and against a mirror filled from it, must give the same ids in
 * the same order and the same totalCount. Also after server-side edits re-fetched.
 *
 * Records are fetched with plain fetch on the harness transport, so the mirror gets the JSON
 * exactly as the platform sent it.
 */

type ApiPage = { nodes: MirrorRecord[]; totalCount: number; hasNextPage: boolean };
type Answer = { ids: string[]; totalCount: number };

const PER_PAGE = 50;

/**
 * The mirror picks a plan per search (sort the few matches, walk the sort index, or sort all
 * matches); each plan is forced in turn so every one is held to the platform's answers.
 */
const DEFAULT_TUNING = { ...LIST_TUNING };
const PLANS: Record<string, Partial<typeof LIST_TUNING>> = {
  chosen: {},
  'few matches': { fewMatches: Number.MAX_SAFE_INTEGER },
  'walk the sort index': { fewMatches: -1, walkBaseRows: Number.MAX_SAFE_INTEGER },
  'sort all matches': { fewMatches: -1, walkBaseRows: -1, walkRowsPerMatch: 0 },
};

let harness: ClientHarness;
let mirror: MirrorDatabase;
let databases: ReturnType<typeof databaseHarness> | undefined;
let db: Db;

async function call(method: string, path: string, body?: unknown): Promise<Response> {
  const headers = new Headers();
  if (body !== undefined) headers.set('content-type', 'application/json');
  const response = await harness.transport(new URL(`${harness.apiBaseUrl}${path}`), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

function listPath(path: string, query: Query, page: number, perPage: number): string {
  const params = new URLSearchParams({ page: String(page), perPage: String(perPage) });
  if (query.q !== undefined) params.set('q', query.q);
  if (query.sort !== undefined) params.set('sort', query.sort);
  for (const [name, value] of Object.entries(query.filters ?? {})) params.set(name, String(value));
  return `${path}?${params.toString()}`;
}

async function apiPage(path: string, query: Query, page: number, perPage = PER_PAGE) {
  return (await (await call('GET', listPath(path, query, page, perPage))).json()) as ApiPage;
}

/** Every matching record of a list, page by page, as the platform orders them. */
async function apiAll(
  path: string,
  query: Query = {},
): Promise<{ nodes: MirrorRecord[]; totalCount: number }> {
  const nodes: MirrorRecord[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await apiPage(path, query, page);
    nodes.push(...answer.nodes);
    if (!answer.hasNextPage) return { nodes, totalCount: answer.totalCount };
  }
}

/** Fills the mirror with every record of every area, and drops what the platform no longer has. */
async function syncAll(): Promise<void> {
  for (const entity of ENTITY_NAMES) {
    const { nodes } = await apiAll(`/${entity}`);
    mirror.upsert(entity, nodes);
    const seen = new Set(nodes.map((node) => node.id));
    mirror.remove(
      entity,
      mirror.ids(entity).filter((id) => !seen.has(id)),
    );
  }
}

function mirrorWindow(entity: EntityName, query: Query, offset: number, limit: number): Answer {
  const page = mirror.list(entity, {
    q: query.q,
    sort: query.sort,
    filters: query.filters,
    offset,
    limit,
    now: Math.floor(Date.now() / 1000),
  });
  return { ids: page.rows.map((row) => (row as MirrorRecord).id), totalCount: page.totalCount };
}

/** Runs the matrix of one entity; answers every disagreement, labelled. */
async function compareEntity(entity: EntityName): Promise<string[]> {
  const records = mirror.list(entity, { offset: 0, limit: 100_000 }).rows as MirrorRecord[];
  const mismatches: string[] = [];
  for (const query of queriesOf(entity, records)) {
    const label = `${entity} ${JSON.stringify(query)}`;
    const all = await apiAll(`/${entity}`, query);
    const ids = all.nodes.map((node) => node.id);
    for (const [plan, tuning] of Object.entries(PLANS)) {
      Object.assign(LIST_TUNING, DEFAULT_TUNING, tuning);
      for (const [offset, limit] of windows(all.totalCount)) {
        const expected = { ids: ids.slice(offset, offset + limit), totalCount: all.totalCount };
        const actual = mirrorWindow(entity, query, offset, limit);
        if (JSON.stringify(actual) !== JSON.stringify(expected))
          mismatches.push(`${label} window ${offset}+${limit} (${plan})`);
      }
    }
    Object.assign(LIST_TUNING, DEFAULT_TUNING);
    // The platform's own pages too: the last one and one past it.
    const lastPage = Math.max(1, Math.ceil(all.totalCount / 7));
    for (const page of [lastPage, lastPage + 1]) {
      const answer = await apiPage(`/${entity}`, query, page, 7);
      const expected = { ids: answer.nodes.map((n) => n.id), totalCount: answer.totalCount };
      if (
        JSON.stringify(mirrorWindow(entity, query, (page - 1) * 7, 7)) !== JSON.stringify(expected)
      )
        mismatches.push(`${label} page ${page} of 7`);
    }
  }
  return mismatches;
}

/** Students created with a phone number, and nothing of it in their name or email. */
const phoneStudents: string[] = [];

/** Students whose enrollment lists the mirror holds complete, to compare them too. */
const enrolledStudents: string[] = [];

async function compareEnrollments(): Promise<string[]> {
  const mismatches: string[] = [];
  for (const studentId of enrolledStudents) {
    const all = await apiAll(`/students/${studentId}/enrollments`);
    mirror.putEnrollments(studentId, all.nodes, true);
    const ids = all.nodes.map((node) => node.id);
    for (const [offset, limit] of windows(all.totalCount)) {
      const page = mirror.listEnrollments(studentId, { offset, limit });
      const actual = {
        ids: page?.rows.map((row) => (row as MirrorRecord).id),
        totalCount: page?.totalCount,
      };
      const expected = { ids: ids.slice(offset, offset + limit), totalCount: all.totalCount };
      if (JSON.stringify(actual) !== JSON.stringify(expected))
        mismatches.push(`enrollments of ${studentId} window ${offset}+${limit}`);
    }
  }
  return mismatches;
}

beforeAll(async () => {
  harness = await startClientHarness({ students: 2000 });
  databases = databaseHarness();
  db = await databases.open();
  mirror = MirrorDatabase.open(db);
  const inAnHour = Math.floor(Date.now() / 1000) + 3600;
  // Records that the seed lacks: non-ASCII letters, wildcards, a backslash, and names that
  // tie under case-insensitive sorting (created in the same second, so createdAt ties too).
  for (const [name, email] of [
    ['Zoë Ångström', 'zoe.angstrom@example.com'],
    ['ÉMILE Dupont', 'emile.dupont@example.com'],
    ['émile Martin', 'emile.martin@example.com'],
    ['100% Real_Name \\ Test', 'percent_test@example.com'],
    ['sam tie', 'sam.tie1@example.com'],
    ['SAM TIE', 'sam.tie2@example.com'],
    ['Sam Tie', 'sam.tie3@example.com'],
  ])
    await call('POST', '/students', { name, email });
  // Phone numbers in the forms owners type them: international, local, with punctuation.
  for (const [name, email, phoneNumber] of [
    ['Phone Albany', 'phone.albany@example.com', '+1 518-555-0147'],
    ['Phone Taipei', 'phone.taipei@example.com', '0912 345 678'],
    ['Phone Office', 'phone.office@example.com', '(02) 2345-6789'],
  ])
    phoneStudents.push(
      (
        (await (
          await call('POST', '/students', { name, email, phoneNumber })
        ).json()) as MirrorRecord
      ).id,
    );
  await call('POST', '/courses', { name: 'Café Crème Basics', slug: 'cafe-creme-basics' });
  await call('POST', '/courses', {
    name: '50% Off_Course \\ Ü',
    slug: 'fifty-off',
    featured: true,
  });
  await call('POST', '/coupons', { name: 'Rabatt für Schüler', code: 'SCHULER_10', amount: 10 });
  await call('POST', '/coupons', {
    name: '100% free \\o/',
    code: 'FREE-100',
    amount: 100,
    couponType: 'percentage',
    expiredAt: inAnHour,
  });
  await call('POST', '/pages', { title: 'Über uns', slug: 'uber-uns', pathPrefix: '/uber' });
  await call('POST', '/pages', {
    title: 'éTé 100%_sale',
    slug: 'ete-sale',
    pathPrefix: '/ete',
    published: true,
  });
  await syncAll();
  // A student enrolled in four courses within a second or two: createdAt ties, so the
  // tie-break by id shows.
  const tied = mirror.list('students', { q: 'sam.tie1@', offset: 0, limit: 1 })
    .rows[0] as MirrorRecord;
  for (const course of mirror.list('courses', { offset: 0, limit: 4 }).rows as MirrorRecord[])
    await call('PUT', `/students/${tied.id}/enrollments/${course.id}`, {});
  enrolledStudents.push(tied.id);
  // The first students with any enrollments (about a third of the seed's have some).
  for (const id of mirror
    .list('students', { sort: 'email', offset: 0, limit: 60 })
    .rows.map((row) => (row as MirrorRecord).id)) {
    const page = await apiPage(`/students/${id}/enrollments`, {}, 1, 1);
    if (page.totalCount > 0) enrolledStudents.push(id);
  }
}, 120_000);

afterAll(async () => {
  databases?.close();
  await harness?.close();
});

describe('mirror parity with the platform', () => {
  it('holds every record of every area', () => {
    expect(mirror.count('students')).toBeGreaterThanOrEqual(2000);
    for (const entity of ENTITY_NAMES) expect(mirror.count(entity)).toBeGreaterThan(0);
    expect(enrolledStudents.length).toBeGreaterThan(5);
  });

  it.each(ENTITY_NAMES)(
    '%s: the same rows and totals for every query',
    async (entity) => {
      expect(await compareEntity(entity)).toEqual([]);
    },
    240_000,
  );

  it('finds students by their phone numbers, the same on both sides', async () => {
    for (const q of PHONE_SEARCHES) {
      const onPlatform = (await apiAll('/students', { q })).nodes.map((node) => node.id);
      const inMirror = mirrorWindow('students', { q }, 0, 100_000).ids;
      phoneStudents.forEach((id, index) => {
        const found = PHONE_FINDS[q]?.includes(index) ?? false;
        expect(onPlatform.includes(id), `${q} on the platform`).toBe(found);
        expect(inMirror.includes(id), `${q} in the copy`).toBe(found);
      });
    }
  });

  it('enrollments: the same rows and totals for every window', async () => {
    expect(await compareEnrollments()).toEqual([]);
  }, 60_000);

  it('stays equal after server-side edits, creations and deletions are re-fetched', async () => {
    const first = (entity: EntityName, index: number) =>
      (mirror.list(entity, { sort: 'createdAt', offset: index, limit: 1 }).rows[0] as MirrorRecord)
        .id;
    const patch = (entity: string, id: string, fields: unknown) =>
      harness.control(`/records/${entity}/${id}`, fields, 'PATCH');
    const past = Math.floor(Date.now() / 1000) - 60;
    await patch('students', first('students', 0), { name: 'aaa Éditée Now' });
    await patch('students', first('students', 1), { email: 'zz.edited@example.com' });
    await patch('courses', first('courses', 0), {
      publishedAt: null,
      featured: true,
      name: 'Zeta',
    });
    await patch('coupons', first('coupons', 0), { active: false, expiredAt: past });
    await patch('coupons', first('coupons', 1), {
      expiredAt: null,
      couponType: 'percentage',
      amount: 5,
    });
    await patch('pages', first('pages', 0), { published: true, title: 'Élan 1' });
    await call('DELETE', `/students/${first('students', 2)}`);
    await call('DELETE', `/courses/${first('courses', 1)}`);
    await call('DELETE', `/coupons/${first('coupons', 2)}`);
    await call('POST', '/students', { name: 'Newly Added', email: 'newly.added@example.com' });
    const before = db.prepare('SELECT total_changes()').pluck().get() as number;
    await syncAll();
    expect(db.prepare('SELECT total_changes()').pluck().get()).toBeGreaterThan(before);

    const mismatches: string[] = [];
    for (const entity of ENTITY_NAMES) mismatches.push(...(await compareEntity(entity)));
    mismatches.push(...(await compareEnrollments()));
    expect(mismatches).toEqual([]);
  }, 480_000);
});
