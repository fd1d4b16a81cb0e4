import { describe, expect, it } from 'vitest';
import { allSynced, SCHOOL_KEY } from '../../../e2e/support/harness/sync-harness';
import { drained } from '../../../e2e/support/harness/outbox-harness';
import { useSyncHarness } from '../../../e2e/support/harness/use-harness';
import { handle, type Handlers } from '../handlers';
import { createEnrollmentHandlers, createEntityHandlers } from '../workspace/entity-handlers';
import type { Contract, Result } from '../../shared/contract';

/**
 * The owner's saves as the screens make them: through the contract and the entity handlers
 * (as the bridge calls them), into the school's outbox and on to the stand-in, with the
 * platform client's own retry policy, as in the app.
 */

const perTest = useSyncHarness();

/** The school with its outbox, and the contract's channels called on it as the bridge does. */
async function openSchool() {
  const { sync, outbox, data } = await perTest.openSchool();
  const schools = { for: () => Promise.resolve(data) };
  const handlers = {
    ...createEntityHandlers(schools),
    ...createEnrollmentHandlers(schools),
    // Only the channels these tests call.
  } as unknown as Handlers;
  /** A channel called as the bridge calls it: request and answer checked by the contract. */
  const call = <C extends keyof Contract>(channel: C, request: unknown) =>
    handle(handlers, channel, request, { trustedSender: true }) as Promise<Result<never>>;
  await sync.until(allSynced);
  return { sync, outbox, data, call };
}

const edit = (path: string, fields: Record<string, unknown>) =>
  perTest.current.client.control(`/records/${path}`, fields, 'PATCH');

describe('a save without a known version', () => {
  it('asks the school first: a field it changed too is a conflict, never an overwrite', async () => {
    const h = await perTest.start({ students: 20 });
    const { sync, outbox, data, call } = await openSchool();
    const [first, second] = (await data.list('courses', { sort: 'name', limit: 2 })).rows as Array<{
      id: string;
      name: string;
    }>;
    // Rows that came from a list: the copy knows no version of them.
    expect(sync.sync.copy.get('courses', first!.id)?.etag).toBeUndefined();

    // Someone renames the course on the school, and a sync brings it to this computer; the
    // owner, shown the old name, renames it too. The screen says what it showed.
    await edit(`courses/${first!.id}`, { name: 'Renamed at the office' });
    await sync.sync.syncNow();
    expect(sync.sync.copy.get('courses', first!.id)?.record).toMatchObject({
      name: 'Renamed at the office',
    });
    const stale = await call('courses:update', {
      schoolId: SCHOOL_KEY,
      id: first!.id,
      fields: { name: 'Renamed here' },
      seen: { name: first!.name },
    });
    expect(stale).toMatchObject({
      ok: false,
      error: {
        code: 'precondition_failed',
        details: {
          current: { name: 'Renamed at the office' },
          currentEtag: expect.any(String) as unknown,
        },
      },
    });
    const school = h.client.client();
    expect((await school.get('courses', first!.id)).record.name).toBe('Renamed at the office');
    expect(outbox.box.size).toBe(0);

    // Only another field changed there: the save goes on the school's version, both stand.
    await edit(`courses/${second!.id}`, { description: 'From the office' });
    const merged = await call('courses:update', {
      schoolId: SCHOOL_KEY,
      id: second!.id,
      fields: { name: 'Aaa renamed here' },
      seen: { name: second!.name },
    });
    expect(merged).toMatchObject({ ok: true, data: { record: { name: 'Aaa renamed here' } } });
    expect((merged as { data: { pending?: true } }).data.pending).toBeUndefined();
    expect((await school.get('courses', second!.id)).record).toMatchObject({
      name: 'Aaa renamed here',
      description: 'From the office',
    });
  });

  it('a 412 is read against what the screen showed, not a copy a sync moved on since', async () => {
    const h = await perTest.start({ students: 20 });
    const { sync, data, call } = await openSchool();
    const [course] = (await data.list('courses', { sort: 'name', limit: 1 })).rows;
    const { etag } = await data.get('courses', course!.id);
    await edit(`courses/${course!.id}`, { name: 'Renamed at the office' });
    await sync.sync.syncNow();
    const stale = await call('courses:update', {
      schoolId: SCHOOL_KEY,
      id: course!.id,
      fields: { name: 'Renamed here' },
      etag,
      seen: { name: course!.name },
    });
    expect(stale).toMatchObject({ ok: false, error: { code: 'precondition_failed' } });
    const school = h.client.client();
    expect((await school.get('courses', course!.id)).record.name).toBe('Renamed at the office');
  });

  it('a delete asks too: it goes when the school has what the owner saw, not otherwise', async () => {
    const h = await perTest.start({ students: 20 });
    const { data, call } = await openSchool();
    const [kept, gone] = (await data.list('pages', { sort: 'title', limit: 2 })).rows;
    await edit(`pages/${kept!.id}`, { title: 'Edited at the office' });
    const refused = await call('pages:delete', { schoolId: SCHOOL_KEY, id: kept!.id });
    expect(refused).toMatchObject({ ok: false, error: { code: 'precondition_failed' } });
    const deleted = await call('pages:delete', { schoolId: SCHOOL_KEY, id: gone!.id });
    expect(deleted).toEqual({ ok: true, data: { deleted: true } });
    const school = h.client.client();
    expect((await school.get('pages', kept!.id)).record.title).toBe('Edited at the office');
    await expect(school.get('pages', gone!.id)).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('a create sent again with the form’s key', () => {
  it('after a lost answer, answers the record made the first time and says so', async () => {
    const h = await perTest.start({ students: 20 });
    const { call } = await openSchool();
    const request = {
      schoolId: SCHOOL_KEY,
      fields: { name: 'Lost answer', code: 'LOSTANSWER', amount: 5 },
      idempotencyKey: crypto.randomUUID(),
    };
    const first = await call('coupons:create', request);
    // The screen never saw that answer; the owner clicks Create again.
    const again = await call('coupons:create', request);
    expect(first).toMatchObject({ ok: true, data: { created: true, replayed: false } });
    const { record } = (first as { data: { record: { id: string } } }).data;
    expect(again).toMatchObject({ ok: true, data: { replayed: true, record: { id: record.id } } });
    const found = await h.client.client().list('coupons', { q: 'LOSTANSWER', limit: 5 });
    expect(found.totalCount).toBe(1);
  });

  it('while the first still waits here, makes nothing new and takes the values changed since', async () => {
    const h = await perTest.start({ students: 20 });
    const { sync, outbox, call } = await openSchool();
    await h.client.control('/faults', { rate: 1, kind: 'drop', methods: ['POST'] });
    const request = {
      schoolId: SCHOOL_KEY,
      fields: { name: 'Waits here', code: 'WAITSHERE', amount: 5 },
      idempotencyKey: crypto.randomUUID(),
    };
    const first = await call('coupons:create', request);
    expect(first).toMatchObject({ ok: true, data: { pending: true } });
    const again = await call('coupons:create', {
      ...request,
      fields: { ...request.fields, amount: 7 },
    });
    const { id } = (first as { data: { record: { id: string } } }).data.record;
    expect(again).toMatchObject({
      ok: true,
      data: { replayed: true, pending: true, record: { id, amount: 7 } },
    });
    // One create waits (the new amount with it, or right after it): nothing new is made.
    expect(outbox.box.entries().filter((entry) => entry.edit.kind === 'create')).toHaveLength(1);

    await h.client.control('/faults', { off: true });
    sync.link.reachability.probeNow();
    await drained(outbox);
    const found = await h.client.client().list('coupons', { q: 'WAITSHERE', limit: 5 });
    expect(found.rows.map((coupon) => coupon.amount)).toEqual([7]);
  });
});

describe('a save the school answers with 429', () => {
  it('waits here instead of holding the screen, says when it goes, and goes then', async () => {
    const h = await perTest.start({ students: 20 });
    const { outbox, data, call } = await openSchool();
    const [course] = (await data.list('courses', { sort: 'name', limit: 1 })).rows as Array<{
      id: string;
    }>;
    const { etag } = await data.get('courses', course!.id);
    // The next write is refused with 429 and Retry-After: 1 (the stand-in's fault).
    await h.client.control('/faults', { rate: 1, kind: '429', methods: ['PATCH'], count: 1 });
    const before = Date.now();
    const saved = await call('courses:update', {
      schoolId: SCHOOL_KEY,
      id: course!.id,
      fields: { name: 'Aaa slowed down' },
      etag,
    });
    const answered = Date.now();
    expect(saved).toMatchObject({
      ok: true,
      data: { pending: true, retryAt: expect.any(Number) as unknown },
    });
    const { retryAt } = (saved as { data: { retryAt: number } }).data;
    // Retry-After: 1 is one second from the 429, which came between the call and its answer.
    expect(retryAt).toBeGreaterThanOrEqual(before + 1000);
    expect(retryAt).toBeLessThanOrEqual(answered + 1000);

    await drained(outbox);
    // Replay waited as the school asked: the save went once, after its Retry-After.
    expect(Date.now()).toBeGreaterThanOrEqual(retryAt);
    const patches = await h.client.route('PATCH /api/v1/courses/:id');
    expect(patches.byStatus).toEqual({ '200': 1, '429': 1 });
    expect((await h.client.client().get('courses', course!.id)).record.name).toBe(
      'Aaa slowed down',
    );
  });

  it('an enrollment change waits here too, and goes when the school said', async () => {
    const h = await perTest.start({ students: 20 });
    const { outbox, data, call } = await openSchool();
    const [student] = (await data.list('students', { sort: 'name', limit: 1 })).rows as Array<{
      id: string;
    }>;
    const [course] = (await data.list('courses', { sort: 'name', limit: 1 })).rows as Array<{
      id: string;
    }>;
    await h.client.control('/faults', { rate: 1, kind: '429', methods: ['PUT'], count: 1 });
    const before = Date.now();
    const saved = await call('enrollments:enroll', {
      schoolId: SCHOOL_KEY,
      studentId: student!.id,
      courseId: course!.id,
    });
    expect(saved).toMatchObject({
      ok: true,
      data: { pending: true, retryAt: expect.any(Number) as unknown },
    });
    // Answered at once: the 429 was not waited out with the owner watching.
    expect(Date.now() - before).toBeLessThan(1000);
    const { retryAt } = (saved as { data: { retryAt: number } }).data;
    await drained(outbox);
    expect(Date.now()).toBeGreaterThanOrEqual(retryAt);
    const enrolled = await h.client.client().listEnrollments(student!.id, { limit: 100 });
    expect(enrolled.rows.map((row) => row.courseId)).toContain(course!.id);
  });
});
