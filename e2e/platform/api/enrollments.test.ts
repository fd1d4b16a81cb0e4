import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WELL_KNOWN } from '../seed';
import { enrollmentRecord, type Enrollment } from './enrollments';
import { TestPlatform } from './testing';

let platform: TestPlatform;
let token: string;
let studentId: string;

beforeAll(async () => {
  platform = await TestPlatform.start({ students: 20, rateLimit: null });
  token = await platform.token();
  const created = await platform.call<{ id: string }>('/api/v1/students', {
    method: 'POST',
    token,
    body: { name: 'Grace Hopper', email: 'grace.hopper@test.example' },
  });
  studentId = created.body.id;
});
afterAll(() => platform.close());

const path = (courseId: string = WELL_KNOWN.publishedCourse.id, suffix = '') =>
  `/api/v1/students/${studentId}/enrollments/${courseId}${suffix}`;
const call = (p: string, options: Parameters<TestPlatform['call']>[1] = {}) =>
  platform.call<Enrollment>(p, { token, ...options });
const now = () => Math.floor(Date.now() / 1000);

describe('enrollments', () => {
  it('enrolls with PUT as an idempotent upsert', async () => {
    const first = await call(path(), { method: 'PUT' });
    expect(first.status).toBe(201);
    const enrollment = enrollmentRecord.parse(first.body);
    expect(enrollment).toMatchObject({
      studentId,
      courseId: WELL_KNOWN.publishedCourse.id,
      completionRate: 0,
      deliveryState: 'delivered',
      endedAt: null,
    });

    const again = await call(path(), { method: 'PUT' });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(enrollment.id);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));

    const progress = await call(path(), { method: 'PUT', body: { completionRate: 0.4 } });
    expect(progress.body).toMatchObject({ id: enrollment.id, completionRate: 0.4 });
    expect((await call(path(), { method: 'PUT', body: { completionRate: 1.5 } })).status).toBe(422);
  });

  it('lists the enrollments of a student', async () => {
    const { status, body } = await platform.call<{ nodes: Enrollment[]; totalCount: number }>(
      `/api/v1/students/${studentId}/enrollments`,
      { token },
    );
    expect(status).toBe(200);
    expect(body.totalCount).toBe(1);
    expect(body.nodes[0]?.courseId).toBe(WELL_KNOWN.publishedCourse.id);
  });

  it('expires access now and keeps the progress', async () => {
    const before = now();
    const { status, body } = await call(path(WELL_KNOWN.publishedCourse.id, '/expire'), {
      method: 'POST',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ deliveryState: 'expired', completionRate: 0.4 });
    expect(body.endedAt).toBeGreaterThanOrEqual(before);
    expect(body.endedAt).toBeLessThanOrEqual(now());
  });

  it('extends by days, to a date or indefinitely, and needs exactly one of them', async () => {
    const byDays = await call(path(WELL_KNOWN.publishedCourse.id, '/extend'), {
      method: 'POST',
      body: { days: 30 },
    });
    expect(byDays.body.deliveryState).toBe('delivered');
    expect(byDays.body.endedAt).toBeGreaterThanOrEqual(now() + 30 * 86_400 - 5);
    expect(byDays.body.completionRate).toBe(0.4);

    const target = now() + 400 * 86_400;
    const toDate = await call(path(WELL_KNOWN.publishedCourse.id, '/extend'), {
      method: 'POST',
      body: { endedAt: target },
    });
    expect(toDate.body.endedAt).toBe(target);

    const past = await call(path(WELL_KNOWN.publishedCourse.id, '/extend'), {
      method: 'POST',
      body: { endedAt: now() - 10 },
    });
    expect(past.status).toBe(422);
    expect(past.body).toMatchObject({ fields: { endedAt: 'End date must be in the future' } });

    const both = await call(path(WELL_KNOWN.publishedCourse.id, '/extend'), {
      method: 'POST',
      body: { days: 1, indefinite: true },
    });
    expect(both.status).toBe(422);
    expect(
      (await call(path(WELL_KNOWN.publishedCourse.id, '/extend'), { method: 'POST', body: {} }))
        .status,
    ).toBe(422);

    const forever = await call(path(WELL_KNOWN.publishedCourse.id, '/extend'), {
      method: 'POST',
      body: { indefinite: true },
    });
    expect(forever.body).toMatchObject({ endedAt: null, deliveryState: 'delivered' });
  });

  it('answers 404 for an unknown course or a missing enrollment, and removes with DELETE', async () => {
    expect(
      (await call(path('00000000-0000-4000-8000-00000000ffff'), { method: 'PUT' })).body,
    ).toMatchObject({ error: 'not_found' });
    expect(
      (await call(path(WELL_KNOWN.draftCourse.id, '/expire'), { method: 'POST' })).status,
    ).toBe(404);
    expect((await call(path(), { method: 'DELETE' })).status).toBe(204);
    expect((await call(path())).status).toBe(404);
    expect((await call(path(), { method: 'DELETE' })).status).toBe(404);
  });

  it('belong to the students scopes and are hidden from anonymous callers', async () => {
    const coursesOnly = await platform.token(['courses:read', 'courses:write']);
    expect((await platform.call(path(), { method: 'PUT', token: coursesOnly })).status).toBe(403);
    const anonymous = await platform.call(`/api/v1/students/${WELL_KNOWN.student.id}/enrollments`);
    expect(anonymous.status).toBe(404);
  });

  it('disappear with their student', async () => {
    await call(path(), { method: 'PUT' });
    expect(
      (await platform.call(`/api/v1/students/${studentId}`, { method: 'DELETE', token })).status,
    ).toBe(204);
    expect((await call(path())).status).toBe(404);
  });
});
