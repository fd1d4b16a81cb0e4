import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { combinationsOf } from '../../shared/coupon-codes';
import { patternProblem } from './coupon-codes';
import { generateCoupons } from './generate-coupons';
import { startJobHarness, type JobHarness } from '../../../e2e/support/harness/jobs-harness';

let h: JobHarness;
beforeAll(async () => {
  h = await startJobHarness();
});
afterAll(async () => {
  await h?.close();
});

const fields = { name: 'Spring sale', amount: 10, couponType: 'percentage' as const };

describe('coupons:generate', () => {
  it('creates 200 unique codes from SPRING-##### and they are all on the server', async () => {
    const jobId = randomUUID();
    const outcome = await h.data('coupons:generate', {
      schoolId: h.schoolId,
      jobId,
      count: 200,
      pattern: 'spring-#####',
      fields,
    });
    expect(outcome.status).toBe('completed');
    expect(outcome.results).toHaveLength(200);
    expect(outcome.results.map((r) => r.index)).toEqual([...Array(200).keys()]);
    expect(outcome.results.every((r) => r.outcome === 'created')).toBe(true);
    const codes = outcome.results.map((r) => r.label);
    expect(new Set(codes).size).toBe(200);
    // Drawn from the alphabet without look-alikes: no 0, O, 1, I or L.
    expect(codes.every((code) => /^SPRING-[A-HJKMNP-Z2-9]{5}$/.test(code))).toBe(true);

    const onServer = await h.client().list('coupons', { q: 'SPRING', limit: 500 });
    expect(onServer.totalCount).toBe(200);
    expect(new Set(onServer.rows.map((c) => c.code))).toEqual(new Set(codes));
    expect(onServer.rows.every((c) => c.name === 'Spring sale' && c.amount === 10)).toBe(true);

    // Progress came for this job, never went back, and ended at 200 of 200.
    const mine = h.events.filter((e) => e.jobId === jobId);
    const done = mine.map((e) => e.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(mine.at(-1)).toMatchObject({ done: 200, total: 200, failed: 0 });
  });

  it('refuses a pattern with too few combinations before making anything', async () => {
    const before = await h.route('POST /api/v1/coupons');
    const answer = await h.call('coupons:generate', {
      schoolId: h.schoolId,
      jobId: randomUUID(),
      count: 10,
      pattern: 'AB#',
      fields,
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'validation_failed' } });
    if (!answer.ok)
      expect(answer.error.details?.fields?.['pattern']).toBe(
        'The pattern can make only 31 codes, too few for 10. Use at least 2 # characters.',
      );
    expect((await h.route('POST /api/v1/coupons')).total).toBe(before.total);
  });

  it('draws a new code for a row whose code is already on file', async () => {
    await h.client().create('coupons', { ...fields, code: 'QZA' });
    // Pinned draws: A, B, C, ... so the first row is sure to meet the code already on file.
    let next = 0;
    const outcome = await h.jobs.run(randomUUID(), (job) =>
      generateCoupons(
        h.client(),
        job,
        { count: 7, pattern: 'QZ#', fields },
        { randomIndex: (max) => next++ % max },
      ),
    );
    expect(outcome.status).toBe('completed');
    const codes = outcome.results.map((r) => r.label);
    expect(outcome.results.every((r) => r.outcome === 'created')).toBe(true);
    expect(new Set(codes).size).toBe(7);
    expect(codes).not.toContain('QZA');
    const posts = await h.route('POST /api/v1/coupons');
    expect(posts.byStatus['409']).toBe(1);
    // Other tests' random codes (SPRING-…) may contain "QZ" too: count the QZ# codes only.
    const onServer = await h.client().list('coupons', { q: 'QZ', limit: 500 });
    expect(onServer.rows.filter((c) => /^QZ[A-Z0-9]$/.test(c.code))).toHaveLength(8);
  });

  it('cancel stops starting rows and answers what was done', async () => {
    await h.control('/latency', { ms: 30, pathPrefix: '/api/v1/coupons' });
    const jobId = randomUUID();
    h.onProgress = (event) => {
      if (event.jobId === jobId && event.done >= 8) h.jobs.cancel(jobId);
    };
    try {
      const outcome = await h.data('coupons:generate', {
        schoolId: h.schoolId,
        jobId,
        count: 300,
        pattern: 'STOP-#####',
        fields,
      });
      expect(outcome.status).toBe('cancelled');
      expect(outcome.results.length).toBeLessThan(300);
      const created = outcome.results.filter((r) => r.outcome === 'created');
      expect(created.length).toBeGreaterThanOrEqual(8);
      // Rows interrupted in flight say the platform may have done them; the rest never started.
      for (const row of outcome.results.filter((r) => r.outcome !== 'created'))
        expect(row).toMatchObject({
          outcome: 'skipped',
          message: expect.stringContaining('the school may have done it anyway') as unknown,
        });
      const onServer = await h.client().list('coupons', { q: 'STOP-', limit: 500 });
      expect(onServer.totalCount).toBeLessThan(300);
      expect(await h.call('jobs:cancel', { jobId })).toEqual({
        ok: true,
        data: { cancelled: false },
      });
    } finally {
      h.onProgress = undefined;
      await h.control('/latency', { ms: 0 });
    }
  });
});

describe('patterns', () => {
  it('count their combinations and say how many # a count needs', () => {
    expect(combinationsOf('SPRING-#####')).toBe(31 ** 5);
    expect(patternProblem('SPRING-#####', 5000)).toBeUndefined();
    expect(patternProblem('X##', 1000)).toBe(
      'The pattern can make only 961 codes, too few for 1,000. Use at least 3 # characters.',
    );
    expect(patternProblem('-AB#', 1)).toBe('A pattern must start with a letter, a digit or #.');
  });
});
