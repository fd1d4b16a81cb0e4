import { coupons } from './api/coupons';
import { courses } from './api/courses';
import { enrollments } from './api/enrollments';
import { insertSql, toRow, type ApiRecord, type EntityDef } from './api/entity';
import { pages } from './api/pages';
import { students } from './api/students';
import type { PlatformDatabase } from './db/database';
import { createBusinessSchema, dropBusinessIndexes } from './db/schema';
import { seedCoupon } from './seed/coupons';
import { seedCourse } from './seed/courses';
import { enrollmentsOf, seedEnrollment } from './seed/enrollments';
import { addLargeCourses, LARGE_DATA_SEED } from './seed/large-courses';
import { PAGE_TITLES, seedPage } from './seed/pages';
import { SeedRandom } from './seed/random';
import { seedStudent } from './seed/students';

/**
 * The stand-in's demo school: the records tests rely on (WELL_KNOWN) and the seeded rest.
 * Each entity's records are made in seed/, from one seeded PRNG (seed/random.ts).
 */

/** Records tests may rely on, whatever the seed. */
export const WELL_KNOWN = {
  publishedCourse: {
    id: '00000000-0000-4000-8000-000000000001',
    slug: 'intro-to-watercolour',
    name: 'Intro to Watercolour',
  },
  draftCourse: {
    id: '00000000-0000-4000-8000-000000000002',
    slug: 'advanced-oil-glazing',
    name: 'Advanced Oil Glazing',
  },
  student: {
    id: '00000000-0000-4000-8000-000000000101',
    email: 'ada.lovelace@example.com',
    name: 'Ada Lovelace',
  },
  enrollment: { id: '00000000-0000-4000-8000-000000000201' },
  coupon: { id: '00000000-0000-4000-8000-000000000301', code: 'WELCOME10' },
  publishedPage: { id: '00000000-0000-4000-8000-000000000401', slug: 'about' },
  draftPage: { id: '00000000-0000-4000-8000-000000000402', slug: 'spring-sale' },
} as const;

export type SeedOptions = {
  students: number;
  seed: number;
  /** Courses with 20,000-character descriptions / 20 × 60 lectures: see large-courses.ts. */
  longDescriptions?: number;
  bigCurriculum?: number;
};
export type SeedSummary = {
  courses: number;
  students: number;
  enrollments: number;
  coupons: number;
  pages: number;
};

function insertAll(db: PlatformDatabase, def: EntityDef, records: Iterable<ApiRecord>): number {
  let count = 0;
  function* rows() {
    for (const record of records) {
      count += 1;
      yield toRow(def, record);
    }
  }
  db.insertMany(insertSql(def), rows());
  return count;
}

/**
 * Fills an empty database with a deterministic demo school: ~36 courses (drafts, featured, all
 * course types), `students` students with unique e-mails, enrollments for about a third of
 * them, 40 coupons and 12 pages, plus the WELL_KNOWN records. The same seed always gives the
 * same rows, ids included; 100,000 students take a few seconds.
 */
export function seedBusinessData(
  db: PlatformDatabase,
  { students: studentCount, seed, longDescriptions = 0, bigCurriculum = 0 }: SeedOptions,
): SeedSummary {
  const rnd = new SeedRandom(seed);

  const courseRecords = [
    seedCourse(rnd, { ...WELL_KNOWN.publishedCourse, published: true }),
    seedCourse(rnd, { ...WELL_KNOWN.draftCourse, published: false }),
  ];
  const slugs = new Set(courseRecords.map((c) => c.slug));
  while (courseRecords.length < 36) {
    const course = seedCourse(rnd);
    if (slugs.has(course.slug)) continue;
    slugs.add(course.slug);
    courseRecords.push(course);
  }
  const published = courseRecords.filter((c) => c.publishedAt !== null);
  // Added courses come from a generator of their own, so the demo data stays as it was.
  let extra: SeedRandom | undefined;
  addLargeCourses(courseRecords, { seed, longDescriptions, bigCurriculum }, () =>
    seedCourse((extra ??= new SeedRandom(seed + LARGE_DATA_SEED))),
  );

  const emails = new Set<string>([WELL_KNOWN.student.email]);
  const ada: ApiRecord = {
    ...seedStudent(rnd, new Set()),
    id: WELL_KNOWN.student.id,
    name: WELL_KNOWN.student.name,
    email: WELL_KNOWN.student.email,
  };
  const enrollmentRecords: ApiRecord[] = [
    {
      ...seedEnrollment(rnd, ada.id, courseRecords[0] as ApiRecord, ada.createdAt),
      id: WELL_KNOWN.enrollment.id,
      completionRate: 0.5,
      deliveryState: 'delivered',
      endedAt: null,
    },
  ];
  function* studentRecords(): Generator<ApiRecord> {
    yield ada;
    for (let i = 1; i < studentCount; i += 1) {
      const student = seedStudent(rnd, emails);
      enrollmentRecords.push(...enrollmentsOf(rnd, student, published));
      yield student;
    }
  }

  const codes = new Set<string>([WELL_KNOWN.coupon.code]);
  const welcome: ApiRecord = {
    ...seedCoupon(rnd, new Set()),
    ...WELL_KNOWN.coupon,
    name: 'Welcome discount',
    couponType: 'percentage',
    amount: 10,
    active: true,
    expiredAt: null,
  };
  const couponRecords = [welcome, ...Array.from({ length: 39 }, () => seedCoupon(rnd, codes))];

  const pageRecords = [
    seedPage(rnd, 'About', { ...WELL_KNOWN.publishedPage, published: true }),
    seedPage(rnd, 'Spring Sale', { ...WELL_KNOWN.draftPage, published: false }),
    ...PAGE_TITLES.slice(0, 10).map((title) => seedPage(rnd, title)),
  ];

  dropBusinessIndexes(db);
  const summary = {
    courses: insertAll(db, courses, courseRecords),
    students: insertAll(db, students, studentRecords()),
    enrollments: insertAll(db, enrollments, enrollmentRecords),
    coupons: insertAll(db, coupons, couponRecords),
    pages: insertAll(db, pages, pageRecords),
  };
  createBusinessSchema(db);
  return summary;
}
