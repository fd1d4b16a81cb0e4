import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { coupons } from './api/coupons';
import { courses } from './api/courses';
import { enrollments } from './api/enrollments';
import { fromRow } from './api/entity';
import { listRecords } from './api/list';
import { pages } from './api/pages';
import { students } from './api/students';
import { PlatformDatabase } from './db/database';
import { createBusinessSchema } from './db/schema';
import { WELL_KNOWN, seedBusinessData } from './seed';
import { SEED_EPOCH } from './seed/random';

const TABLES = ['courses', 'students', 'enrollments', 'coupons', 'pages'] as const;
const opened: { db: PlatformDatabase; dir: string }[] = [];

async function seeded(options: { students: number; seed: number }) {
  const dir = mkdtempSync(join(tmpdir(), 'seed-test-'));
  const db = await PlatformDatabase.open(dir);
  opened.push({ db, dir });
  createBusinessSchema(db);
  const started = performance.now();
  const summary = seedBusinessData(db, options);
  return { db, summary, ms: performance.now() - started };
}

/** Every row of every business table, in id order: the whole seeded state. */
function dump(db: PlatformDatabase): string {
  return JSON.stringify(TABLES.map((table) => db.all(`SELECT * FROM ${table} ORDER BY id`)));
}

afterEach(() => {
  for (const { db, dir } of opened.splice(0)) {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('seedBusinessData', () => {
  it('gives identical data, ids included, for the same seed and different data for another', async () => {
    const a = await seeded({ students: 500, seed: 7 });
    const b = await seeded({ students: 500, seed: 7 });
    const c = await seeded({ students: 500, seed: 8 });
    expect(dump(a.db)).toBe(dump(b.db));
    expect(dump(a.db)).not.toBe(dump(c.db));
    expect(a.summary).toEqual(b.summary);
  });

  it('seeds the documented mix of records', async () => {
    const { db, summary } = await seeded({ students: 1000, seed: 1 });
    expect(summary.students).toBe(1000);
    expect(summary.coupons).toBe(40);
    expect(summary.pages).toBe(12);
    expect(summary.courses).toBeGreaterThanOrEqual(24);
    expect(summary.enrollments).toBeGreaterThan(200);

    const count = (sql: string, params: number[] = []) => Number(db.get(sql, params)?.n);
    expect(count('SELECT COUNT(*) AS n FROM courses WHERE publishedAt IS NULL')).toBeGreaterThan(0);
    expect(count('SELECT COUNT(*) AS n FROM courses WHERE featured = 1')).toBeGreaterThan(0);
    expect(count('SELECT COUNT(DISTINCT courseType) AS n FROM courses')).toBe(4);
    expect(
      count("SELECT COUNT(*) AS n FROM coupons WHERE couponType = 'percentage'"),
    ).toBeGreaterThan(0);
    expect(count('SELECT COUNT(DISTINCT email) AS n FROM students')).toBe(1000);
    // Seeded time is fixed: nothing is dated after the seed epoch, whatever today is.
    expect(count('SELECT COUNT(*) AS n FROM students WHERE updatedAt > ?', [SEED_EPOCH])).toBe(0);
  });

  it('seeds the well-known records tests rely on', async () => {
    const { db } = await seeded({ students: 50, seed: 99 });
    const course = db.get('SELECT * FROM courses WHERE slug = ?', [
      WELL_KNOWN.publishedCourse.slug,
    ]);
    expect(course?.id).toBe(WELL_KNOWN.publishedCourse.id);
    expect(course?.publishedAt).not.toBeNull();
    expect(
      db.get('SELECT publishedAt FROM courses WHERE id = ?', [WELL_KNOWN.draftCourse.id]),
    ).toEqual({ publishedAt: null });
    expect(db.get('SELECT id FROM students WHERE email = ?', [WELL_KNOWN.student.email])?.id).toBe(
      WELL_KNOWN.student.id,
    );
    expect(
      db.get('SELECT courseId FROM enrollments WHERE studentId = ?', [WELL_KNOWN.student.id])
        ?.courseId,
    ).toBe(WELL_KNOWN.publishedCourse.id);
    expect(db.get('SELECT code FROM coupons WHERE id = ?', [WELL_KNOWN.coupon.id])?.code).toBe(
      WELL_KNOWN.coupon.code,
    );
    expect(
      db.get('SELECT published FROM pages WHERE slug = ?', [WELL_KNOWN.draftPage.slug])?.published,
    ).toBe(0);
  });

  it('only seeds records that the API itself would answer', async () => {
    const { db } = await seeded({ students: 300, seed: 3 });
    for (const def of [courses, students, enrollments, coupons, pages]) {
      for (const row of db.all(`SELECT * FROM ${def.table}`)) {
        const result = def.record.safeParse(fromRow(def, row).record);
        expect(
          result.success,
          `${def.table} ${String(row.id)}: ${result.error?.message ?? ''}`,
        ).toBe(true);
      }
    }
    // Each writable field also passes the API's own create validation (phone numbers, codes…).
    for (const row of db.all('SELECT name, email, phoneNumber FROM students')) {
      expect(students.create.safeParse(row).success, JSON.stringify(row)).toBe(true);
    }
  });

  it(
    'seeds 100,000 students in linear time and lists a page of them in a few ms',
    { timeout: 180_000 },
    async () => {
      const { db, summary, ms } = await seeded({ students: 100_000, seed: 1 });
      expect(summary.students).toBe(100_000);
      const times: number[] = [];
      for (let i = 0; i < 41; i += 1) {
        const started = performance.now();
        const page = listRecords(db, students, {
          perPage: '50',
          page: String(1 + i * 10),
          sort: i % 2 ? 'name' : '-createdAt',
        });
        times.push(performance.now() - started);
        expect(page.nodes).toHaveLength(50);
      }
      times.sort((x, y) => x - y);
      const p50 = times[20] ?? Infinity;
      console.log(
        `[seed] 100,000 students + ${summary.enrollments} enrollments seeded in ${Math.round(ms)} ms; list p50 ${p50.toFixed(2)} ms`,
      );
      // About 8 s on an idle two-core machine (`npm run bench:platform` measures it alone).
      // Here it shares the machine with the other test files, which has stretched it to 51 s;
      // the bound still catches what it is for: seeding that grows worse than linearly.
      expect(ms).toBeLessThan(90_000);
      expect(p50).toBeLessThan(25);
    },
  );
});
