import { describe, expect, it } from 'vitest';
import { allSynced, type SyncHarness } from '../../../e2e/support/harness/sync-harness';
import { useSyncHarness } from '../../../e2e/support/harness/use-harness';
import { isPlatformError } from '../platform/errors';
import { PlatformClient } from '../platform/platform-client';
import { LocalFirstSchoolData } from './local-first';

const perTest = useSyncHarness();

/** The local-first data of the harness's school, on its screen transport. */
async function openSchool(harness: SyncHarness, readDeadlineMs?: number) {
  const opened = await harness.open();
  const screen = new PlatformClient({
    apiBaseUrl: harness.client.apiBaseUrl,
    transport: opened.link.screen,
    retry: { baseDelayMs: 5, maxDelayMs: 20 },
  });
  const options = readDeadlineMs === undefined ? {} : { readDeadlineMs };
  return { opened, data: new LocalFirstSchoolData(screen, opened.sync, undefined, options) };
}

/** From now on the school answers every read, but drips its body a byte at a time. */
const drip = (harness: SyncHarness) =>
  harness.client.control('/faults', { rate: 1, kind: 'drip', methods: ['GET'] });

/** How long `promise` took to settle, and how. */
async function timed<T>(promise: Promise<T>) {
  const started = Date.now();
  const settled = await promise.then(
    (value) => ({ value, error: undefined }),
    (error: unknown) => ({ value: undefined, error }),
  );
  return { ...settled, ms: Date.now() - started };
}

const listCount = async (harness: SyncHarness, area: string) =>
  (await harness.client.route(`GET /api/v1/${area}`)).total;

describe('local-first school data', () => {
  it('answers a synced area from the copy: the same rows, no request, and still with the school gone', async () => {
    const h = await perTest.start({ students: 120 });
    const { opened, data } = await openSchool(h);
    const online = await h.client.client().list('students', { q: 'an', sort: 'name', limit: 30 });
    await opened.until(allSynced);
    await opened.sync.syncNow();
    const before = await listCount(h, 'students');
    const local = await data.list('students', { q: 'an', sort: 'name', limit: 30 });
    expect(local.rows.map((r) => r.id)).toEqual(online.rows.map((r) => r.id));
    expect(local.totalCount).toBe(online.totalCount);
    expect(await listCount(h, 'students')).toBe(before);

    const [first] = local.rows;
    await h.client.platform.close();
    expect((await data.list('students', { sort: 'name', limit: 30 })).totalCount).toBe(120);
    // A record from a list opens from the copy when the school does not answer (without an
    // ETag: nothing can be saved offline), and the school is then known to be unreachable.
    const offline = await data.get('students', first!.id);
    expect(offline).toMatchObject({ record: { id: first!.id }, etag: undefined });
    expect(opened.sync.isReachable()).toBe(false);
    // Writes fail at once, in words, rather than wait for the school.
    await expect(
      data.update('students', first!.id, { name: 'Offline Edit' }, { etag: '"x"' }),
    ).rejects.toSatisfy((error) => isPlatformError(error, 'school_unreachable'));
  });

  it('puts what a save answered into the copy, and a record gone on the server leaves it', async () => {
    const h = await perTest.start({ students: 40 });
    const { opened, data } = await openSchool(h);
    await opened.until(allSynced);
    const { rows } = await data.list('courses', { sort: 'name', limit: 2 });
    const [course, other] = rows;
    const opened1 = await data.get('courses', course!.id);
    expect(opened1.etag).toBeTruthy();
    await data.update('courses', course!.id, { name: 'Aardvark Basics' }, { etag: opened1.etag! });
    const listed = await data.list('courses', { sort: 'name', limit: 1 });
    expect(listed.rows[0]).toMatchObject({ id: course!.id, name: 'Aardvark Basics' });
    // The copy keeps the saved version's ETag, so opening it again asks the school nothing.
    const gets = (await h.client.route('GET /api/v1/courses/:id')).total;
    expect((await data.get('courses', course!.id)).record.name).toBe('Aardvark Basics');
    expect((await h.client.route('GET /api/v1/courses/:id')).total).toBe(gets);

    await h.client.client().remove('courses', other!.id);
    await expect(data.get('courses', other!.id)).rejects.toSatisfy((error) =>
      isPlatformError(error, 'not_found'),
    );
    expect(opened.sync.copy.get('courses', other!.id)).toBeUndefined();
  });

  it('counts records the school sends malformed in lists from the copy, as the school does', async () => {
    const h = await perTest.start({ students: 40 });
    const { opened, data } = await openSchool(h);
    await opened.until(allSynced);
    const ids = (list: { rows: Array<{ id: string }> }) => list.rows.map((r) => r.id).sort();
    const [broken] = (await data.list('courses', { sort: 'name', limit: 1 })).rows;
    // The course turns malformed on the school, with an edit that incremental sync sees.
    await h.client.control(`/raw/courses/${broken!.id}`, { name: 42 }, 'PUT');
    await h.client.control(`/records/courses/${broken!.id}`, { description: 'Edited.' }, 'PATCH');
    await opened.sync.syncNow();
    const online = await h.client.client().list('courses', { limit: 50 });
    expect(online.unreadable).toBe(1);
    const local = await data.list('courses', { limit: 50 });
    expect(local).toMatchObject({ totalCount: online.totalCount, unreadable: 1 });
    // The version stored before is gone: the school no longer sends it.
    expect(ids(local)).toEqual(ids(online));
    expect(opened.sync.copy.get('courses', broken!.id)).toBeUndefined();
    // It stands after the last row; a search cannot tell whether it would match.
    const last = await data.list('courses', { offset: online.totalCount - 1, limit: 5 });
    expect(last).toMatchObject({ rows: [], unreadable: 1 });
    expect((await data.list('courses', { q: 'a', limit: 50 })).unreadable).toBeUndefined();

    // Fixed on the school: read again. A malformed page deleted there: the sweep forgets it.
    await h.client.control(`/raw/courses/${broken!.id}`, {}, 'PUT');
    await h.client.control(`/records/courses/${broken!.id}`, { description: 'Fixed.' }, 'PATCH');
    const [page] = (await data.list('pages', { limit: 1 })).rows;
    await h.client.control(`/raw/pages/${page!.id}`, { title: false }, 'PUT');
    await h.client.control(`/records/pages/${page!.id}`, { slug: 'malformed-page' }, 'PATCH');
    await opened.sync.syncNow();
    expect(await data.list('courses', { limit: 50 })).not.toHaveProperty('unreadable');
    expect(opened.sync.copy.get('courses', broken!.id)).toMatchObject({
      record: { name: broken!.name },
    });
    const pages = (await data.list('pages', { limit: 50 })).totalCount;
    expect(opened.sync.unreadable('pages')).toBe(1);
    await h.client.client().remove('pages', page!.id);
    await opened.sync.syncNow();
    expect(opened.sync.unreadable('pages')).toBe(0);
    expect((await data.list('pages', { limit: 50 })).totalCount).toBe(pages - 1);
  });

  it('says an area was never copied when the school does not answer, without waiting', async () => {
    const h = await perTest.start({ students: 40 }, ['courses:read']);
    const { opened, data } = await openSchool(h);
    await opened.until(allSynced);
    await h.client.platform.close();
    opened.link.reachability.report('no_answer');
    const started = Date.now();
    await expect(data.list('students', { limit: 10 })).rejects.toSatisfy((error) =>
      isPlatformError(error, 'not_synced_offline'),
    );
    expect(Date.now() - started).toBeLessThan(100);
  });

  it('answers from the copy when the school drips a record, within the read deadline', async () => {
    const h = await perTest.start({ students: 40 });
    const { opened, data } = await openSchool(h, 1_000);
    await opened.until(allSynced);
    // A row from a list: the copy holds it without its version, so opening it asks the school.
    const [row] = (await data.list('students', { sort: 'name', limit: 1 })).rows;
    await drip(h);
    const opening = await timed(data.get('students', row!.id));
    expect(opening).toMatchObject({ value: { record: { id: row!.id }, etag: undefined } });
    expect(opening.ms).toBeLessThan(3_000);
  });

  it('says the school is slow when it drips a list the copy does not hold yet', async () => {
    const h = await perTest.start({ students: 40 });
    await drip(h);
    const { data } = await openSchool(h, 1_000);
    const listing = await timed(data.list('students', { limit: 10 }));
    expect(isPlatformError(listing.error, 'school_slow')).toBe(true);
    expect(listing.ms).toBeLessThan(3_000);
  });
});
