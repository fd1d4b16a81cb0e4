import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_ID } from '../../../e2e/support/harness/client-harness';
import { bulkEnroll } from './bulk-enroll';
import { startJobHarness, type JobHarness } from '../../../e2e/support/harness/jobs-harness';

let h: JobHarness;
beforeAll(async () => {
  h = await startJobHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('enrollments:bulkEnroll', () => {
  it('enrolls each student once, reports per row, and a re-run changes nothing', async () => {
    const client = h.client();
    const [course] = (await client.list('courses', { limit: 1 })).rows;
    const students = (await client.list('students', { sort: 'email', limit: 30 })).rows;
    const missing = randomUUID();
    const studentIds = [...students.map((s) => s.id), students[0]!.id, missing];
    const jobId = randomUUID();
    const request = { schoolId: h.schoolId, courseId: course!.id, studentIds };
    const outcome = await h.data('enrollments:bulkEnroll', { ...request, jobId });

    expect(outcome.status).toBe('completed');
    expect(outcome.results.slice(0, 30).every((r) => r.outcome === 'created')).toBe(true);
    expect(outcome.results[30]).toMatchObject({ outcome: 'skipped', label: students[0]!.id });
    expect(outcome.results[31]).toMatchObject({
      outcome: 'failed',
      label: missing,
      message: 'That record no longer exists on the school.',
    });
    for (const student of students) {
      const enrolled = await client.listEnrollments(student.id, { limit: 50 });
      expect(enrolled.rows.filter((e) => e.courseId === course!.id)).toHaveLength(1);
    }
    expect(h.events.filter((e) => e.jobId === jobId).at(-1)).toMatchObject({
      done: 32,
      total: 32,
      failed: 1,
    });

    const again = await h.data('enrollments:bulkEnroll', { ...request, jobId: randomUUID() });
    expect(again.results.slice(0, 30).every((r) => r.outcome === 'existing')).toBe(true);
    const until = Math.floor(Date.now() / 1000) + 86_400;
    const extended = await h.data('enrollments:bulkEnroll', {
      ...request,
      studentIds: [students[1]!.id],
      endedAt: until,
      jobId: randomUUID(),
    });
    expect(extended.results).toMatchObject([{ outcome: 'updated' }]);
    const [enrollment] = (await client.listEnrollments(students[1]!.id, { limit: 50 })).rows.filter(
      (e) => e.courseId === course!.id,
    );
    expect(enrollment?.endedAt).toBe(until);
  });

  it('a session without students:write stops the job with insufficient scope', async () => {
    const { accessToken } = await h.control<{ accessToken: string }>('/tokens', {
      accountId: OWNER_ID,
      scopes: ['students:read', 'courses:read'],
    });
    const readOnly = h.client({
      transport: (url, init) => {
        const headers = new Headers(init.headers);
        headers.set('authorization', `Bearer ${accessToken}`);
        return fetch(url, { ...init, headers });
      },
    });
    const [course] = (await readOnly.list('courses', { limit: 1 })).rows;
    const students = (await readOnly.list('students', { limit: 20 })).rows;
    const run = h.jobs.run(randomUUID(), (job) =>
      bulkEnroll(readOnly, job, { courseId: course!.id, studentIds: students.map((s) => s.id) }),
    );
    await expect(run).rejects.toMatchObject({ status: 403 });
  });
});
