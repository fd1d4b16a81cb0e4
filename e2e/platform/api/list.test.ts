import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WELL_KNOWN } from '../seed';
import type { ListPage } from './list';
import { TestPlatform } from './testing';

type Node = Record<string, unknown> & { id: string; createdAt: number; updatedAt: number };
type Page = Omit<ListPage, 'nodes'> & { nodes: Node[] };

let platform: TestPlatform;
let token: string;

beforeAll(async () => {
  platform = await TestPlatform.start({ students: 300, rateLimit: null });
  token = await platform.token();
});
afterAll(() => platform.close());

const list = (path: string, auth: string | null = token) =>
  platform.call<Page>(path, auth ? { token: auth } : {});

describe('list pagination', () => {
  it('answers the page envelope with 20 records by default', async () => {
    const { status, body } = await list('/api/v1/students');
    expect(status).toBe(200);
    expect(body.nodes).toHaveLength(20);
    expect(body).toMatchObject({
      currentPage: 1,
      hasPreviousPage: false,
      hasNextPage: true,
      totalCount: 300,
      totalPages: 15,
    });
  });

  it('refuses perPage above 50 with a field error instead of clamping', async () => {
    const { status, body } = await list('/api/v1/students?perPage=51');
    expect(status).toBe(422);
    expect(body).toMatchObject({
      error: 'validation_failed',
      fields: { perPage: 'perPage must be at most 50' },
    });
    expect((await list('/api/v1/students?perPage=0')).status).toBe(422);
    expect((await list('/api/v1/students?page=abc')).status).toBe(422);
  });

  it('walks every record exactly once across pages, in a stable order', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 6; page += 1) {
      const { body } = await list(`/api/v1/students?perPage=50&page=${page}&sort=lastSignInAt`);
      expect(body.currentPage).toBe(page);
      expect(body.hasNextPage).toBe(page < 6);
      seen.push(...body.nodes.map((n) => n.id));
    }
    expect(new Set(seen).size).toBe(300);
    const again = await list('/api/v1/students?perPage=50&page=3&sort=lastSignInAt');
    expect(again.body.nodes.map((n) => n.id)).toEqual(seen.slice(100, 150));
  });

  it('answers an empty page past the last one', async () => {
    const { body } = await list('/api/v1/students?perPage=50&page=99');
    expect(body).toMatchObject({
      nodes: [],
      currentPage: 99,
      hasNextPage: false,
      hasPreviousPage: true,
      totalCount: 300,
    });
  });
});

describe('list sorting, search and filters', () => {
  it('sorts by a whitelisted field, case-insensitively for names, both ways', async () => {
    const up = (await list('/api/v1/students?perPage=50&sort=name')).body.nodes.map((n) =>
      String(n.name).toLowerCase(),
    );
    expect(up).toEqual([...up].sort());
    const down = (await list('/api/v1/students?perPage=50&sort=-createdAt')).body.nodes.map(
      (n) => n.createdAt,
    );
    expect(down).toEqual([...down].sort((a, b) => b - a));
  });

  it('refuses an unknown sort with 422', async () => {
    const { status, body } = await list('/api/v1/students?sort=password');
    expect(status).toBe(422);
    expect(Object.keys(body as object)).toContain('fields');
  });

  it('searches case-insensitively in name and email', async () => {
    const { body } = await list('/api/v1/students?q=LOVELACE');
    expect(body.nodes.map((n) => n.email)).toContain(WELL_KNOWN.student.email);
    expect(
      body.nodes.every((n) =>
        `${String(n.name)} ${String(n.email)}`.toLowerCase().includes('lovelace'),
      ),
    ).toBe(true);
    const byEmail = await list('/api/v1/students?q=ada.lovelace%40');
    expect(byEmail.body.totalCount).toBe(1);
    // `%` and `_` are literal, not wildcards.
    expect((await list('/api/v1/students?q=%25')).body.totalCount).toBe(0);
  });

  it('filters by updatedSince', async () => {
    const all = (await list('/api/v1/students?perPage=50&sort=-updatedAt')).body.nodes;
    const cut = all[10]?.updatedAt ?? 0;
    const { body } = await list(`/api/v1/students?perPage=50&updatedSince=${cut}`);
    expect(body.totalCount).toBeGreaterThanOrEqual(11);
    expect(body.nodes.every((n) => n.updatedAt >= cut)).toBe(true);
  });

  it('filters courses by type, published state and featured', async () => {
    const paid = await list('/api/v1/courses?courseType=paid&perPage=50');
    expect(paid.body.totalCount).toBeGreaterThan(0);
    expect(paid.body.nodes.every((n) => n.courseType === 'paid')).toBe(true);
    const drafts = await list('/api/v1/courses?published=false&perPage=50');
    expect(drafts.body.nodes.map((n) => n.id)).toContain(WELL_KNOWN.draftCourse.id);
    expect(drafts.body.nodes.every((n) => n.publishedAt === null)).toBe(true);
    const featured = await list('/api/v1/courses?featured=true&perPage=50');
    expect(featured.body.nodes.every((n) => n.featured === true)).toBe(true);
    expect((await list('/api/v1/courses?courseType=ebook')).body).toMatchObject({
      fields: { courseType: 'Invalid course type' },
    });
  });

  it('filters coupons and pages', async () => {
    const percent = await list('/api/v1/coupons?couponType=percentage&active=true&perPage=50');
    expect(percent.body.nodes.length).toBeGreaterThan(0);
    expect(
      percent.body.nodes.every((n) => n.couponType === 'percentage' && n.active === true),
    ).toBe(true);
    const unpublished = await list('/api/v1/pages?published=false');
    expect(unpublished.body.nodes.map((n) => n.slug)).toContain(WELL_KNOWN.draftPage.slug);
    const apps = await list('/api/v1/pages?pageType=vite_app');
    expect(apps.body.nodes.every((n) => n.pageType === 'vite_app')).toBe(true);
  });

  it('filters coupons by whether their expiry date has passed', async () => {
    const now = Math.floor(Date.now() / 1000);
    const all = await list('/api/v1/coupons?perPage=50');
    const expired = await list('/api/v1/coupons?expired=true&perPage=50');
    const current = await list('/api/v1/coupons?expired=false&perPage=50');
    expect(expired.body.nodes.length).toBeGreaterThan(0);
    expect(current.body.nodes.length).toBeGreaterThan(0);
    expect(expired.body.totalCount + current.body.totalCount).toBe(all.body.totalCount);
    expect(
      expired.body.nodes.every((n) => typeof n.expiredAt === 'number' && n.expiredAt <= now),
    ).toBe(true);
    expect(
      current.body.nodes.every((n) => n.expiredAt === null || (n.expiredAt as number) > now),
    ).toBe(true);
  });
});

describe('anonymous lists', () => {
  it('show published courses and pages only', async () => {
    const courses = await list('/api/v1/courses?perPage=50', null);
    const all = await list('/api/v1/courses?perPage=50');
    expect(courses.status).toBe(200);
    expect(courses.body.totalCount).toBeLessThan(all.body.totalCount);
    expect(courses.body.nodes.every((n) => n.publishedAt !== null)).toBe(true);
    const pages = await list('/api/v1/pages?perPage=50', null);
    expect(pages.body.nodes.every((n) => n.published === true)).toBe(true);
    expect(pages.body.nodes.map((n) => n.slug)).not.toContain(WELL_KNOWN.draftPage.slug);
  });

  it('answer students and coupons empty, yet still validate the query', async () => {
    for (const path of ['/api/v1/students', '/api/v1/coupons']) {
      const { status, body } = await list(path, null);
      expect(status).toBe(200);
      expect(body).toMatchObject({ nodes: [], totalCount: 0, totalPages: 0 });
    }
    expect((await list('/api/v1/students?perPage=500', null)).status).toBe(422);
  });

  it('a token without the read scope gets 403, not the anonymous view', async () => {
    const pagesOnly = await platform.token(['pages:read']);
    const { status, headers, body } = await list('/api/v1/courses', pagesOnly);
    expect(status).toBe(403);
    expect(body).toMatchObject({ error: 'insufficient_scope' });
    expect(headers.get('www-authenticate')).toContain('scope="courses:read"');
  });
});
