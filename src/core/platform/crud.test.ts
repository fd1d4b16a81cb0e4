import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConflictError, isPlatformError, ValidationError } from './errors';
import type { ApiTransport } from './retry';
import type { Course } from './schemas';
import {
  OWNER_ID,
  startClientHarness,
  type ClientHarness,
} from '../../../e2e/support/harness/client-harness';

let harness: ClientHarness;

beforeAll(async () => {
  harness = await startClientHarness();
});

afterAll(async () => {
  await harness?.close();
});

beforeEach(async () => {
  await harness.control('/reset');
});

const uniqueSlug = () => `crud-${Math.random().toString(36).slice(2, 10)}`;

/** Catches what a promise rejects with, to assert on its type and members. */
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e,
  );

describe('create, get, update and remove a course against the stand-in', () => {
  it('walks a course through its life, with a conflict from a server-side edit', async () => {
    const client = harness.client();
    const slug = uniqueSlug();

    const created = await client.create('courses', { name: 'Watercolour basics', slug });
    expect(created.record).toMatchObject({ name: 'Watercolour basics', slug, featured: false });
    expect(created.etag).toMatch(/^".+"$/);
    expect(created.created).toBe(true);

    const read = await client.get('courses', created.record.id);
    expect(read).toEqual({ record: created.record, etag: created.etag });

    const updated = await client.update(
      'courses',
      created.record.id,
      { featured: true, description: 'Paint with water.' },
      { etag: read.etag ?? '' },
    );
    expect(updated.record).toMatchObject({ featured: true, description: 'Paint with water.' });
    expect(updated.etag).not.toBe(read.etag);

    // Someone else edits the course on the server while our form is open.
    await harness.control(
      `/records/courses/${created.record.id}`,
      { name: 'Watercolour for beginners' },
      'PATCH',
    );
    const conflict = await failure(
      client.update('courses', created.record.id, { name: 'Mine' }, { etag: updated.etag ?? '' }),
    );
    expect(conflict).toBeInstanceOf(ConflictError);
    const { current, currentEtag } = conflict as ConflictError<Course>;
    expect(current).toMatchObject({
      id: created.record.id,
      name: 'Watercolour for beginners',
      featured: true,
    });
    expect(currentEtag).toBeDefined();
    expect(currentEtag).not.toBe(updated.etag);
    expect((await harness.route('PATCH /api/v1/courses/:id')).byStatus).toEqual({
      '200': 1,
      '412': 1,
    });

    // Keeping ours after seeing theirs: send again on the server's version.
    const kept = await client.update(
      'courses',
      created.record.id,
      { name: 'Mine' },
      { etag: currentEtag ?? '' },
    );
    expect(kept.record.name).toBe('Mine');

    // A delete on a stale version is a conflict too; on the current one it goes through.
    const staleDelete = await failure(
      client.remove('courses', created.record.id, { etag: updated.etag ?? '' }),
    );
    expect(staleDelete).toBeInstanceOf(ConflictError);
    await client.remove('courses', created.record.id, { etag: kept.etag ?? '' });
    const gone = await failure(client.get('courses', created.record.id));
    expect(isPlatformError(gone, 'not_found')).toBe(true);
  });

  it('a create repeated with its Idempotency-Key makes one course', async () => {
    const client = harness.client();
    const body = { name: 'Pottery', slug: uniqueSlug() };
    const key = crypto.randomUUID();
    const first = await client.create('courses', body, { idempotencyKey: key });
    const again = await client.create('courses', body, { idempotencyKey: key });
    expect(again.record.id).toBe(first.record.id);
    expect([first.replayed, again.replayed]).toEqual([false, true]);
    expect((await client.list('courses', { q: body.slug, limit: 5 })).totalCount).toBe(1);
    // The same key with other values: the first attempt made the course, and this says so.
    const changed = await failure(
      client.create('courses', { ...body, name: 'Pottery II' }, { idempotencyKey: key }),
    );
    expect(isPlatformError(changed, 'already_created')).toBe(true);
    await client.remove('courses', first.record.id);
  });

  it('an update never sends an If-Match that matches any version', async () => {
    const client = harness.client();
    const course = await client.create('courses', { name: 'Ink', slug: uniqueSlug() });
    for (const etag of ['', ' ', '*'])
      expect(
        await failure(client.update('courses', course.record.id, { name: 'Over' }, { etag })),
      ).toBeInstanceOf(RangeError);
    expect((await client.get('courses', course.record.id)).record.name).toBe('Ink');
    await client.remove('courses', course.record.id);
  });
});

describe('an ETag that HTTP cannot carry', () => {
  it('never leaves the client: a save on it meets the school’s version, as a 412 would', async () => {
    const client = harness.client();
    const course = await client.create('courses', { name: 'Ink', slug: uniqueSlug() });
    const id = course.record.id;
    for (const etag of ['"abc"\r\nX-Injected: 1', '"a\nb"', '"課程"']) {
      const update = await failure(client.update('courses', id, { name: 'Over' }, { etag }));
      expect(update, `update with ${JSON.stringify(etag)}`).toBeInstanceOf(ConflictError);
      expect((update as ConflictError).current).toEqual(course.record);
      expect((update as ConflictError).currentEtag).toBe(course.etag);
      const remove = await failure(client.remove('courses', id, { etag }));
      expect(remove, `delete with ${JSON.stringify(etag)}`).toBeInstanceOf(ConflictError);
    }
    expect((await harness.route('PATCH /api/v1/courses/:id')).total).toBe(0);
    expect((await harness.route('DELETE /api/v1/courses/:id')).total).toBe(0);
    expect((await client.get('courses', id)).record.name).toBe('Ink');
    await client.remove('courses', id);
  });

  it('is no ETag when an answer names one that cannot be sent back ("*", empty)', async () => {
    const client = harness.client();
    const course = await client.create('courses', { name: 'Ink', slug: uniqueSlug() });
    for (const etag of ['*', '']) {
      // The school's own answer, with its ETag line replaced.
      const rewriting: ApiTransport = async (url, init) => {
        const answer = await harness.transport(url, init);
        const headers = new Headers(answer.headers);
        headers.set('etag', etag);
        return new Response(answer.body, { status: answer.status, headers });
      };
      const read = await harness.client({ transport: rewriting }).get('courses', course.record.id);
      expect(read, `answer with ETag ${JSON.stringify(etag)}`).toEqual({
        record: course.record,
        etag: undefined,
      });
    }
    await client.remove('courses', course.record.id);
  });
});

describe('refusals become typed errors', () => {
  it('422 is a ValidationError with the field messages', async () => {
    const error = await failure(
      harness.client().create('courses', { name: '  ', slug: 'Not A Slug' }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).status).toBe(422);
    expect((error as ValidationError).fields).toEqual({
      name: 'Name cannot be empty',
      slug: 'Slug may only hold lowercase letters, digits and single hyphens',
    });
  });

  it('409 on a unique field is a ValidationError on that field', async () => {
    const client = harness.client();
    const slug = uniqueSlug();
    const first = await client.create('courses', { name: 'One', slug });
    const error = await failure(client.create('courses', { name: 'Two', slug }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).status).toBe(409);
    expect((error as ValidationError).fields).toEqual({ slug: 'Slug already exists' });
    await client.remove('courses', first.record.id);
  });

  it('an unknown id is not_found; an id that is not a UUID never leaves the client', async () => {
    const client = harness.client();
    const unknown = await failure(client.get('pages', crypto.randomUUID()));
    expect(isPlatformError(unknown, 'not_found')).toBe(true);
    const crafted = await failure(client.get('pages', '../students'));
    expect(isPlatformError(crafted, 'not_found')).toBe(true);
    expect((await harness.route('GET /api/v1/pages/:id')).total).toBe(1);
  });

  it('a write without the scope is request_failed naming insufficient_scope, sent once', async () => {
    const { accessToken } = await harness.control<{ accessToken: string }>('/tokens', {
      accountId: OWNER_ID,
      scopes: ['courses:read'],
    });
    const readOnly: ApiTransport = (url, init) => {
      const headers = new Headers(init.headers);
      headers.set('authorization', `Bearer ${accessToken}`);
      return fetch(url, { ...init, headers });
    };
    const error = await failure(
      harness.client({ transport: readOnly }).create('courses', { name: 'X', slug: uniqueSlug() }),
    );
    expect(isPlatformError(error, 'request_failed')).toBe(true);
    expect((error as { status?: number }).status).toBe(403);
    expect((error as { serverCode?: string }).serverCode).toBe('insufficient_scope');
    expect((await harness.route('POST /api/v1/courses')).total).toBe(1);
  });

  it('students, coupons and pages answer records of their own schemas', async () => {
    const client = harness.client();
    const [students, coupons, pages] = await Promise.all([
      client.list('students', { limit: 3 }),
      client.list('coupons', { limit: 3, filters: { active: true } }),
      client.list('pages', { limit: 3 }),
    ]);
    expect(students.rows[0]?.email).toMatch(/@/);
    expect(coupons.rows.every((c) => c.active)).toBe(true);
    expect(pages.rows[0]?.pathPrefix).toMatch(/^\//);
  });
});
