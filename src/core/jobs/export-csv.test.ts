import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLUMNS, UTF8_BOM, toCsv } from './csv-columns';
import { startJobHarness, type JobHarness } from '../../../e2e/support/harness/jobs-harness';

let h: JobHarness;
beforeAll(async () => {
  // More than two windows of 500, to see the export page through them.
  h = await startJobHarness({ students: 1100 });
});
afterAll(async () => {
  await h?.close();
});

/** The CSV's rows as objects, read the way the renderer's import reads a file. */
function parse(content: string) {
  expect(content.startsWith(UTF8_BOM)).toBe(true);
  const parsed = Papa.parse<Record<string, string>>(content.slice(1), {
    header: true,
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  return parsed;
}

describe('export:csv', () => {
  it('names the file in the owner’s words and keeps the field names as headers', async () => {
    const list = { entity: 'students' as const, q: 'no-such-student.example' };
    const answer = await h.data('export:csv', {
      schoolId: h.schoolId,
      jobId: randomUUID(),
      list,
      fileLabel: '學員',
    });
    expect(answer).toMatchObject({
      outcome: 'download',
      fileName: expect.stringMatching(/^學員-\d{4}-\d{2}-\d{2}\.csv$/) as unknown,
    });
    if (answer.outcome !== 'download') throw new Error('expected a download');
    // Re-import reads these whatever the language the file was named in.
    expect(parse(answer.content).meta.fields).toEqual([
      'name',
      'email',
      'phoneNumber',
      'createdAt',
    ]);
    // SECURITY: the label is a word, never a path: it cannot name another folder or file.
    for (const fileLabel of ['../students', 'a/b', '..', 'x.csv', ' 學員'])
      expect(
        await h.call('export:csv', { schoolId: h.schoolId, jobId: randomUUID(), list, fileLabel }),
      ).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });

  it('exports the filtered students with BOM and header, and re-importing creates nothing', async () => {
    const client = h.client();
    await client.create('students', {
      name: '=HYPERLINK("http://evil.example")',
      email: 'formula.person@export.example',
      phoneNumber: '+44 20 7946 0000',
    });
    await client.create('students', { name: 'Zoë Ångström, Jr.', email: 'zoe@export.example' });
    const q = 'export.example';
    const listed = await client.list('students', { q, sort: 'email', limit: 500 });
    expect(listed.totalCount).toBe(2);

    const jobId = randomUUID();
    const answer = await h.data('export:csv', {
      schoolId: h.schoolId,
      jobId,
      list: { entity: 'students', q, sort: 'email' },
    });
    expect(answer).toMatchObject({
      outcome: 'download',
      rowCount: 2,
      fileName: expect.stringMatching(/^students-\d{4}-\d{2}-\d{2}\.csv$/) as unknown,
    });
    if (answer.outcome !== 'download') throw new Error('expected a download');
    const parsed = parse(answer.content);
    expect(parsed.meta.fields).toEqual(['name', 'email', 'phoneNumber', 'createdAt']);
    expect(parsed.data).toEqual(
      listed.rows.map((s) => ({
        name: s.name.startsWith('=') ? `'${s.name}` : s.name,
        email: s.email,
        // A phone number cannot run a formula, so it is written as it is, + and all.
        phoneNumber: s.phoneNumber ?? '',
        createdAt: s.createdAt === undefined ? '' : new Date(s.createdAt * 1000).toISOString(),
      })),
    );

    const rows = parsed.data.map(({ name, email, phoneNumber }) => ({
      name: name!,
      email: email!,
      phoneNumber: phoneNumber ?? null,
    }));
    const reimport = await h.data('students:import', {
      schoolId: h.schoolId,
      jobId: randomUUID(),
      rows,
    });
    expect(reimport.results.map((r) => r.outcome)).toEqual(['existing', 'existing']);
    const after = await client.list('students', { q, sort: 'email', limit: 500 });
    expect(after.rows).toEqual(listed.rows);
  });

  it('pages through every window of a long list, with progress to the total', async () => {
    const jobId = randomUUID();
    const answer = await h.data('export:csv', {
      schoolId: h.schoolId,
      jobId,
      list: { entity: 'students', sort: 'createdAt' },
    });
    const total = (await h.client().list('students', { limit: 0 })).totalCount;
    expect(total).toBeGreaterThan(1000);
    if (answer.outcome !== 'download') throw new Error('expected a download');
    expect(answer.rowCount).toBe(total);
    const emails = parse(answer.content).data.map((row) => row['email']);
    expect(new Set(emails).size).toBe(total);
    const progress = h.events.filter((e) => e.jobId === jobId);
    // Reports are throttled (one per ~100 ms), so the middle ones may be merged.
    const done = progress.map((e) => e.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(done.every((n) => n === 500 || n === 1000 || n === total)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ done: total, total });
  });

  it('exports coupons and courses with their columns and filters', async () => {
    const client = h.client();
    await client.create('coupons', {
      name: 'Minus',
      code: 'EXPORT-1',
      amount: 5,
      couponType: 'fixed_amount',
      description: '-5 off, @everyone',
    });
    const coupons = await h.data('export:csv', {
      schoolId: h.schoolId,
      jobId: randomUUID(),
      list: { entity: 'coupons', q: 'EXPORT-', filters: { active: true } },
    });
    if (coupons.outcome !== 'download') throw new Error('expected a download');
    const couponRows = parse(coupons.content);
    expect(couponRows.meta.fields).toEqual(Object.keys(COLUMNS.coupons));
    expect(couponRows.data).toMatchObject([
      {
        code: 'EXPORT-1',
        amount: '5',
        active: 'true',
        description: "'-5 off, @everyone",
        expiredAt: '',
        redemptionLimit: '',
      },
    ]);

    const listed = await client.list('courses', { filters: { published: true }, limit: 500 });
    const courses = await h.data('export:csv', {
      schoolId: h.schoolId,
      jobId: randomUUID(),
      list: { entity: 'courses', filters: { published: true } },
    });
    if (courses.outcome !== 'download') throw new Error('expected a download');
    const courseRows = parse(courses.content);
    expect(courseRows.meta.fields).toEqual([
      'name',
      'slug',
      'courseType',
      'featured',
      'invisible',
      'published',
      'publishedAt',
      'description',
    ]);
    expect(courseRows.data.map((c) => c['slug'])).toEqual(listed.rows.map((c) => c.slug));
    expect(courseRows.data.every((c) => c['published'] === 'true')).toBe(true);
  });

  it('a cancelled export answers cancelled', async () => {
    const jobId = randomUUID();
    h.onProgress = (event) => {
      if (event.jobId === jobId && event.done >= 500) h.jobs.cancel(jobId);
    };
    try {
      const answer = await h.data('export:csv', {
        schoolId: h.schoolId,
        jobId,
        list: { entity: 'students' },
      });
      expect(answer).toEqual({ outcome: 'cancelled' });
    } finally {
      h.onProgress = undefined;
    }
  });
});

describe('toCsv', () => {
  it('guards text a spreadsheet would run, never numbers it writes itself', () => {
    const csv = toCsv('coupons', [
      {
        id: randomUUID(),
        name: '@SUM(A1)',
        code: 'X-1',
        description: null,
        amount: -3.5,
        couponType: 'fixed_amount',
        currency: 'USD',
        active: false,
        appliedCount: 0,
        redemptionLimit: 10,
        expiredAt: 0,
        createdAt: 1_700_000_000,
        updatedAt: 1_700_000_000,
      },
    ]);
    expect(csv).toBe(
      `${UTF8_BOM}code,name,description,amount,couponType,currency,active,redemptionLimit,appliedCount,expiredAt,createdAt\r\n` +
        "X-1,'@SUM(A1),,-3.5,fixed_amount,USD,false,10,0,1970-01-01T00:00:00.000Z,2023-11-14T22:13:20.000Z",
    );
  });
});
