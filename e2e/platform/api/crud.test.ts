import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WELL_KNOWN } from '../seed';
import { couponRecord } from './coupons';
import { courseRecord } from './courses';
import { pageRecord } from './pages';
import { studentRecord } from './students';
import { TestPlatform } from './testing';

type Rec = Record<string, unknown> & { id: string; updatedAt: number };

let platform: TestPlatform;
let token: string;

beforeAll(async () => {
  platform = await TestPlatform.start({ rateLimit: null });
  token = await platform.token();
});
afterAll(() => platform.close());

const call = (path: string, options: Parameters<TestPlatform['call']>[1] = {}) =>
  platform.call<Rec>(path, { token, ...options });

/** One valid create body per resource, a change, and the schema of its answer. */
const RESOURCES = [
  {
    table: 'courses',
    schema: courseRecord,
    create: (n: number) => ({ name: `Course ${n}`, slug: `course-${n}` }),
    change: { name: 'Renamed' },
  },
  {
    table: 'students',
    schema: studentRecord,
    create: (n: number) => ({ name: `Student ${n}`, email: `s${n}@test.example` }),
    change: { phoneNumber: '+886 912 345 678' },
  },
  {
    table: 'coupons',
    schema: couponRecord,
    create: (n: number) => ({ name: `Coupon ${n}`, code: `test-${n}`, amount: 100 }),
    change: { active: false },
  },
  {
    table: 'pages',
    schema: pageRecord,
    create: (n: number) => ({ title: `Page ${n}`, slug: `page-${n}`, pathPrefix: `/page-${n}` }),
    change: { published: true },
  },
] as const;

let counter = 0;

describe.each(RESOURCES)('$table CRUD', ({ table, schema, create, change }) => {
  it('creates, reads, updates and deletes with ETags', async () => {
    counter += 1;
    const created = await call(`/api/v1/${table}`, { method: 'POST', body: create(counter) });
    expect(created.status).toBe(201);
    const record = schema.parse(created.body);
    expect(record.createdAt).toBe(record.updatedAt);
    expect(created.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(created.headers.get('location')).toBe(`${platform.url}/api/v1/${table}/${record.id}`);

    const read = await call(`/api/v1/${table}/${record.id}`);
    expect(read.body).toEqual(created.body);
    expect(read.headers.get('etag')).toBe(created.headers.get('etag'));

    const updated = await call(`/api/v1/${table}/${record.id}`, { method: 'PATCH', body: change });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject(change);
    expect(updated.headers.get('etag')).not.toBe(created.headers.get('etag'));

    const deleted = await call(`/api/v1/${table}/${record.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect((await call(`/api/v1/${table}/${record.id}`)).status).toBe(404);
    expect((await call(`/api/v1/${table}/${record.id}`, { method: 'DELETE' })).body).toMatchObject({
      error: 'not_found',
    });
  });

  it('answers 412 with the current record for a stale If-Match, and 304 for a fresh If-None-Match', async () => {
    counter += 1;
    const created = await call(`/api/v1/${table}`, { method: 'POST', body: create(counter) });
    const etag = created.headers.get('etag') ?? '';
    const fresh = await call(`/api/v1/${table}/${created.body.id}`, {
      headers: { 'if-none-match': etag },
    });
    expect(fresh.status).toBe(304);

    const first = await call(`/api/v1/${table}/${created.body.id}`, {
      method: 'PATCH',
      body: change,
      headers: { 'if-match': etag },
    });
    expect(first.status).toBe(200);
    const stale = await call(`/api/v1/${table}/${created.body.id}`, {
      method: 'PATCH',
      body: change,
      headers: { 'if-match': etag },
    });
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ error: 'precondition_failed', current: first.body });
    expect(stale.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(
      (
        await call(`/api/v1/${table}/${created.body.id}`, {
          method: 'DELETE',
          headers: { 'if-match': etag },
        })
      ).status,
    ).toBe(412);
  });

  it('refuses writes without the write scope (challenged) and anonymous writes (not challenged) with 403', async () => {
    const readOnly = await platform.token([`${table}:read`]);
    counter += 1;
    const denied = await platform.call(`/api/v1/${table}`, {
      method: 'POST',
      token: readOnly,
      body: create(counter),
    });
    expect(denied.status).toBe(403);
    expect(denied.headers.get('www-authenticate')).toContain(`scope="${table}:write"`);
    const anonymous = await platform.call(`/api/v1/${table}`, {
      method: 'POST',
      body: create(counter),
    });
    expect(anonymous.status).toBe(403);
    expect(anonymous.body).toMatchObject({ error: 'forbidden' });
    expect(anonymous.headers.get('www-authenticate')).toBeNull();
  });
});

describe('validation and conflicts', () => {
  it('names each bad field with the platform’s sentences', async () => {
    const { status, body } = await call('/api/v1/courses', {
      method: 'POST',
      body: { name: '  ', slug: 'Bad Slug', courseType: 'ebook', extra: 1 },
    });
    expect(status).toBe(422);
    expect(body).toMatchObject({
      error: 'validation_failed',
      fields: {
        name: 'Name cannot be empty',
        slug: 'Slug may only hold lowercase letters, digits and single hyphens',
        courseType: 'Invalid course type',
        extra: 'Unknown field',
      },
    });
    expect(typeof body.error_uri).toBe('string');
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts/);
  });

  it('answers 409 for a taken slug, code or email, on create and on PATCH', async () => {
    const dupSlug = await call('/api/v1/courses', {
      method: 'POST',
      body: { name: 'Copy', slug: WELL_KNOWN.publishedCourse.slug },
    });
    expect(dupSlug.status).toBe(409);
    expect(dupSlug.body).toMatchObject({
      error: 'conflict',
      fields: { slug: 'Slug already exists' },
    });
    const patchSlug = await call(`/api/v1/courses/${WELL_KNOWN.draftCourse.id}`, {
      method: 'PATCH',
      body: { slug: WELL_KNOWN.publishedCourse.slug },
    });
    expect(patchSlug.status).toBe(409);
    const dupCode = await call('/api/v1/coupons', {
      method: 'POST',
      body: { name: 'x', code: 'welcome10', amount: 5 },
    });
    expect(dupCode.body).toMatchObject({ fields: { code: 'Code already exists' } });
    const patchEmail = await call('/api/v1/students', {
      method: 'POST',
      body: { name: 'Other', email: 'other.person@test.example' },
    });
    const clash = await call(`/api/v1/students/${patchEmail.body.id}`, {
      method: 'PATCH',
      body: { email: WELL_KNOWN.student.email },
    });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ fields: { email: 'Email already exists' } });
  });

  it('answers an existing student with 200 when created again with the same email', async () => {
    const again = await call('/api/v1/students', {
      method: 'POST',
      body: { name: 'Someone Else', email: ' Ada.Lovelace@Example.com ' },
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: WELL_KNOWN.student.id, name: WELL_KNOWN.student.name });
  });

  it('keeps percentage coupons within (0, 100]', async () => {
    const tooMuch = await call('/api/v1/coupons', {
      method: 'POST',
      body: { name: 'Big', code: 'BIG150', amount: 150, couponType: 'percentage' },
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body).toMatchObject({
      fields: { amount: expect.stringContaining('100') as unknown },
    });
    const ok = await call('/api/v1/coupons', {
      method: 'POST',
      body: { name: 'Half', code: 'HALF50', amount: 50, couponType: 'percentage', currency: 'usd' },
    });
    expect(ok.body).toMatchObject({ code: 'HALF50', currency: 'USD', appliedCount: 0 });
    const flip = await call(`/api/v1/coupons/${ok.body.id}`, {
      method: 'PATCH',
      body: { amount: 500 },
    });
    expect(flip.status).toBe(422);
  });

  it('answers bad JSON with 400, other media types with 415 and unknown paths with JSON 404/405', async () => {
    expect(
      (await call('/api/v1/courses', { method: 'POST', body: '{"name":' })).body,
    ).toMatchObject({ error: 'invalid_request' });
    const form = await call('/api/v1/courses', {
      method: 'POST',
      body: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect((await call('/api/v1/orders')).body).toMatchObject({ error: 'not_found' });
    const wrong = await call('/api/v1/courses', { method: 'PUT', body: {} });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toContain('POST');
  });

  it('does not bump the version for a PATCH that changes nothing', async () => {
    const before = await call(`/api/v1/pages/${WELL_KNOWN.publishedPage.id}`);
    const same = await call(`/api/v1/pages/${WELL_KNOWN.publishedPage.id}`, {
      method: 'PATCH',
      body: { published: true },
    });
    expect(same.headers.get('etag')).toBe(before.headers.get('etag'));
  });
});

describe('anonymous reads of single records', () => {
  it('see a published course but get 404 for a draft, a student or a coupon', async () => {
    const published = await platform.call(`/api/v1/courses/${WELL_KNOWN.publishedCourse.id}`);
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ slug: WELL_KNOWN.publishedCourse.slug });
    for (const path of [
      `/api/v1/courses/${WELL_KNOWN.draftCourse.id}`,
      `/api/v1/pages/${WELL_KNOWN.draftPage.id}`,
      `/api/v1/students/${WELL_KNOWN.student.id}`,
      `/api/v1/coupons/${WELL_KNOWN.coupon.id}`,
    ]) {
      expect((await platform.call(path)).status, path).toBe(404);
    }
  });
});
