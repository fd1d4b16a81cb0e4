import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useAuthHarness } from '../../../e2e/support/harness/use-harness';
import { signInAndAllow } from '../../../e2e/support/harness/chromium-opener';
import { createEntityHandlers, createEnrollmentHandlers } from './entity-handlers';
import { failureOf } from '../failures';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServices, type Services } from '../services';
import { FileKeyEncryptor } from '../store/file-key-encryptor';

/**
 * The workspace channels' handlers on a real session: signed in through Chromium against the
 * stand-in with read access to courses and students, write access to courses only.
 */
const h = useAuthHarness({ students: 120 });
let schoolId: string;
let handlers: ReturnType<typeof createEntityHandlers> & ReturnType<typeof createEnrollmentHandlers>;
const control = (path: string, body: unknown, method = 'POST') =>
  fetch(`${h.platform.url}/__control${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

let services: Services;

beforeAll(async () => {
  // The app's own composition: the handlers reach the school through Schools (local first).
  const dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-handlers-'));
  services = createServices({
    dataDir,
    encryptor: new FileKeyEncryptor(join(dataDir, 'keys', 'session.key')),
    browser: h.browser,
    emit: () => {},
  });
  h.browser.behaviour = signInAndAllow();
  const session = await services.auth.signIn(h.platform.url, [
    'courses:read',
    'courses:write',
    'students:read',
  ]);
  schoolId = session.schoolId;
  handlers = {
    ...createEntityHandlers(services.schools),
    ...createEnrollmentHandlers(services.schools),
  };
}, 60_000);
afterAll(async () => {
  await services?.schools.closeAll();
});

describe('entity handlers', () => {
  it('answer any window of a list, mapped onto pages of 50, with the total', async () => {
    const all = await handlers['students:list']({ schoolId, offset: 0, limit: 120, sort: 'email' });
    expect(all.totalCount).toBe(120);
    const window = await handlers['students:list']({
      schoolId,
      offset: 37,
      limit: 66,
      sort: 'email',
    });
    expect(window.rows.map((r) => r.id)).toEqual(all.rows.slice(37, 103).map((r) => r.id));
  });

  it('search and filters reach the server', async () => {
    const [first] = (await handlers['students:list']({ schoolId, offset: 0, limit: 1 })).rows;
    const part = first!.email.slice(0, first!.email.indexOf('@'));
    const found = await handlers['students:list']({ schoolId, q: part, offset: 0, limit: 50 });
    expect(found.rows.some((r) => r.id === first!.id)).toBe(true);
    expect(found.totalCount).toBeLessThan(120);
    const drafts = await handlers['courses:list']({
      schoolId,
      filters: { published: false },
      offset: 0,
      limit: 50,
    });
    expect(drafts.rows.every((c) => c.publishedAt === null)).toBe(true);
  });

  it('create, update with the ETag, see a 412 as a conflict carrying the server version, delete', async () => {
    const created = await handlers['courses:create']({
      schoolId,
      fields: { name: 'Ink drawing', slug: `ink-${Date.now()}` },
    });
    expect(created.created).toBe(true);
    const id = created.record.id;
    const updated = await handlers['courses:update']({
      schoolId,
      id,
      fields: { featured: true },
      etag: created.etag!,
    });
    expect(updated.record.featured).toBe(true);

    // The server changes another field: the save merges without asking.
    await control(`/records/courses/${id}`, { name: 'Changed on the server' }, 'PATCH');
    const merged = await handlers['courses:update']({
      schoolId,
      id,
      fields: { featured: false },
      etag: updated.etag!,
    });
    expect(merged.record).toMatchObject({ name: 'Changed on the server', featured: false });
    // The server changes the same field: a conflict, carrying the server's version.
    await control(`/records/courses/${id}`, { description: 'Theirs' }, 'PATCH');
    const stale = await handlers['courses:update']({
      schoolId,
      id,
      fields: { description: 'Mine' },
      etag: merged.etag!,
    }).catch((error: unknown) => error);
    const failure = failureOf(stale);
    expect(failure?.code).toBe('precondition_failed');
    expect(failure).not.toHaveProperty('message');
    expect(failure?.details?.current).toMatchObject({ id, description: 'Theirs' });
    expect(failure?.details?.currentEtag).toMatch(/^".+"$/);

    // A delete names the version too (the screen took the server's after the conflict).
    await handlers['courses:delete']({ schoolId, id, etag: failure?.details?.currentEtag });
    const gone = await handlers['courses:get']({ schoolId, id }).catch((error: unknown) => error);
    expect(failureOf(gone)?.code).toBe('not_found');
  });

  it('a 422 comes back as field messages', async () => {
    const bad = await handlers['courses:create']({
      schoolId,
      fields: { name: 'x', slug: 'Not A Slug' },
    }).catch((error: unknown) => error);
    const failure = failureOf(bad);
    expect(failure?.code).toBe('validation_failed');
    expect(failure?.details?.fields?.['slug']).toMatch(/lowercase/);
  });

  it('a write without its scope answers insufficient_scope naming the scope, without a stack', async () => {
    const [student] = (await handlers['students:list']({ schoolId, offset: 0, limit: 1 })).rows;
    const got = await handlers['students:get']({ schoolId, id: student!.id });
    const refused = await handlers['students:update']({
      schoolId,
      id: student!.id,
      fields: { name: 'Renamed' },
      etag: got.etag!,
    }).catch((error: unknown) => error);
    const failure = failureOf(refused);
    expect(failure).toEqual({
      code: 'insufficient_scope',
      details: { missingScopes: ['students:write'] },
    });
  });

  it('enrollments: list a student’s courses', async () => {
    const [student] = (await handlers['students:list']({ schoolId, offset: 0, limit: 1 })).rows;
    const list = await handlers['enrollments:list']({
      schoolId,
      studentId: student!.id,
      offset: 0,
      limit: 50,
    });
    expect(list.rows.every((e) => e.studentId === student!.id)).toBe(true);
    expect(list.totalCount).toBe(list.rows.length);
  });
});
