import { Faker, base, en } from '@faker-js/faker';
import { coupons } from '../api/coupons';
import { courses } from '../api/courses';
import { enrollments } from '../api/enrollments';
import { insertSql, toRow, type ApiRecord, type EntityDef } from '../api/entity';
import { pages } from '../api/pages';
import { students } from '../api/students';
import type { PlatformDatabase } from './database';
import { addLargeCourses, LARGE_DATA_SEED } from './large-courses';
import { createBusinessSchema, dropBusinessIndexes } from './schema';

/**
 * Seeded timestamps are relative to this fixed moment (2025-01-01T00:00:00Z), never to "now",
 * so the same seed gives byte-identical data on every machine and every day.
 */
export const SEED_EPOCH = 1_735_689_600;

const DAY = 86_400;

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

const TOPICS = [
  'Watercolour',
  'Portrait Photography',
  'Pottery',
  'Brush Calligraphy',
  'Fingerstyle Guitar',
  'Python',
  'Data Analysis',
  'Sourdough Baking',
  'Yoga',
  'Japanese',
  'Digital Illustration',
  'Video Editing',
  'Email Marketing',
  'UX Design',
  'Knitting',
  'Woodworking',
  'Public Speaking',
  'Piano',
  'Spreadsheets',
  'Mandarin',
  'Interior Design',
  'Bookkeeping',
  'Film Making',
  'Street Photography',
  'Copywriting',
  'Embroidery',
  'Home Barista',
  'Songwriting',
  'Drawing',
  'TypeScript',
  'Meditation',
  'Leathercraft',
] as const;
const LEVELS = [
  'Intro to',
  'Beginner',
  'Practical',
  'Advanced',
  'Masterclass:',
  'Weekend',
  'Complete',
] as const;
const TAGS = [
  'beginner',
  'advanced',
  'bestseller',
  'new',
  'live',
  'workshop',
  'certificate',
  'bundle',
] as const;
const CATEGORIES = [
  'Art',
  'Music',
  'Technology',
  'Business',
  'Lifestyle',
  'Language',
  'Craft',
] as const;
const PAGE_TITLES = [
  'Teachers',
  'FAQ',
  'Contact',
  'Refund Policy',
  'Terms of Service',
  'Privacy',
  'Summer Camp',
  'Gift Cards',
  'Community',
  'Careers',
  'Press',
] as const;

function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Generates the demo school with one seeded PRNG; the order of calls is part of the seed. */
class SchoolGenerator {
  private readonly faker: Faker;

  constructor(seed: number) {
    this.faker = new Faker({ locale: [en, base], seed });
  }

  private int(min: number, max: number): number {
    return this.faker.number.int({ min, max });
  }

  private chance(p: number): boolean {
    return this.faker.number.float({ min: 0, max: 1 }) < p;
  }

  private pick<T>(values: readonly T[]): T {
    return this.faker.helpers.arrayElement(values);
  }

  private uuid(): string {
    return this.faker.string.uuid();
  }

  /** createdAt in the three years before the epoch, updatedAt between it and the epoch. */
  private times(): { createdAt: number; updatedAt: number } {
    const createdAt = SEED_EPOCH - this.int(DAY, 3 * 365 * DAY);
    return { createdAt, updatedAt: this.chance(0.5) ? createdAt : this.int(createdAt, SEED_EPOCH) };
  }

  private sections(): ApiRecord['sections'] {
    return Array.from({ length: this.int(2, 5) }, (_, s) => ({
      id: this.uuid(),
      title: `Part ${s + 1}: ${this.faker.company.catchPhraseNoun()}`,
      lectures: Array.from({ length: this.int(2, 6) }, (_, l) => ({
        id: this.uuid(),
        title: `${l + 1}. ${this.faker.company.buzzPhrase()}`,
        durationSeconds: this.chance(0.8) ? this.int(120, 3600) : null,
        preview: l === 0 && this.chance(0.5),
      })),
    }));
  }

  course(fixed?: { id: string; slug: string; name: string; published: boolean }): ApiRecord {
    const topic = this.pick(TOPICS);
    const name = fixed?.name ?? `${this.pick(LEVELS)} ${topic}`;
    const { createdAt, updatedAt } = this.times();
    const published = fixed ? fixed.published : this.chance(0.75);
    return {
      id: fixed?.id ?? this.uuid(),
      name,
      slug: fixed?.slug ?? slugify(name),
      description: this.faker.lorem.paragraph(),
      image: this.chance(0.8)
        ? `https://images.example.com/courses/${slugify(topic)}-${this.int(1, 9)}.jpg`
        : null,
      featured: this.chance(0.2),
      invisible: this.chance(0.1),
      publishedAt: published ? this.int(createdAt, updatedAt) : null,
      courseType: this.faker.helpers.weightedArrayElement([
        { weight: 6, value: 'paid' },
        { weight: 2, value: 'public_access' },
        { weight: 1, value: 'free_redeem' },
        { weight: 1, value: 'pre_order' },
      ]),
      template: this.chance(0.7) ? 'default' : 'video_on_top',
      playerTheme: this.chance(0.6) ? 'classic' : 'theater',
      tags: this.faker.helpers.arrayElements(TAGS, { min: 0, max: 3 }),
      categories: this.faker.helpers.arrayElements(CATEGORIES, { min: 1, max: 2 }),
      sections: this.sections(),
      createdAt,
      updatedAt,
    };
  }

  student(emails: Set<string>): ApiRecord {
    const first = this.faker.person.firstName();
    const last = this.faker.person.lastName();
    const domain = this.pick(['example.com', 'example.org', 'example.net', 'mail.example.com']);
    const local = `${slugify(first)}.${slugify(last)}`.replace(/-/g, '') || 'student';
    let email = `${local}@${domain}`;
    // Unique per school: a clash gets a counter, which keeps emails readable and deterministic.
    for (let n = 2; emails.has(email); n += 1) email = `${local}${n}@${domain}`;
    emails.add(email);
    const { createdAt, updatedAt } = this.times();
    return {
      id: this.uuid(),
      name: `${first} ${last}`,
      email,
      phoneNumber: this.chance(0.6) ? this.faker.phone.number({ style: 'international' }) : null,
      lastSignInAt: this.chance(0.8) ? this.int(createdAt, SEED_EPOCH) : null,
      createdAt,
      updatedAt,
    };
  }

  enrollment(studentId: string, course: ApiRecord, enrolledAfter: number): ApiRecord {
    const createdAt = this.int(Math.max(enrolledAfter, course.createdAt), SEED_EPOCH);
    const roll = this.int(1, 100);
    let deliveryState = 'delivered';
    let endedAt: number | null = null;
    if (course.courseType === 'pre_order') deliveryState = 'pre_ordering';
    else if (roll <= 5) deliveryState = 'group_buying';
    else if (roll <= 15) {
      deliveryState = 'expired';
      endedAt = this.int(createdAt, SEED_EPOCH);
    } else if (roll <= 30) endedAt = SEED_EPOCH + this.int(365, 3650) * DAY;
    return {
      id: this.uuid(),
      studentId,
      courseId: course.id,
      completionRate:
        deliveryState === 'pre_ordering'
          ? 0
          : Math.round(this.faker.number.float({ min: 0, max: 1 }) * 100) / 100,
      deliveryState,
      endedAt,
      createdAt,
      updatedAt: this.int(createdAt, SEED_EPOCH),
    };
  }

  /** About a third of students take one to three published courses. */
  enrollmentsOf(student: ApiRecord, published: readonly ApiRecord[]): ApiRecord[] {
    if (!this.chance(0.35)) return [];
    const picked = this.faker.helpers.arrayElements(published, { min: 1, max: 3 });
    return picked.map((course) => this.enrollment(student.id, course, student.createdAt));
  }

  coupon(codes: Set<string>): ApiRecord {
    const percentage = this.chance(0.5);
    let code = `${this.faker.word.adjective({ length: { min: 3, max: 8 } }).toUpperCase()}${this.int(5, 90)}`;
    while (codes.has(code)) code = `${code}X`;
    codes.add(code);
    const { createdAt, updatedAt } = this.times();
    const redemptionLimit = this.chance(0.5) ? this.int(5, 50) * 10 : null;
    return {
      id: this.uuid(),
      name: percentage
        ? `${this.faker.commerce.productAdjective()} discount`
        : `${this.faker.commerce.productAdjective()} voucher`,
      code,
      description: this.chance(0.6) ? this.faker.lorem.sentence() : null,
      amount: percentage ? this.int(1, 10) * 5 : this.int(2, 20) * 50,
      couponType: percentage ? 'percentage' : 'fixed_amount',
      currency: this.chance(0.8) ? 'TWD' : 'USD',
      active: this.chance(0.75),
      appliedCount: this.int(0, redemptionLimit ?? 400),
      redemptionLimit,
      expiredAt: this.chance(0.5) ? null : SEED_EPOCH + this.int(-180, 720) * DAY,
      createdAt,
      updatedAt,
    };
  }

  page(title: string, fixed?: { id: string; slug: string; published: boolean }): ApiRecord {
    const slug = fixed?.slug ?? slugify(title);
    const viteApp = this.chance(0.25);
    return {
      id: fixed?.id ?? this.uuid(),
      title,
      slug,
      pageType: viteApp ? 'vite_app' : 'static_page',
      pathPrefix: viteApp ? `/apps/${slug}` : `/${slug}`,
      published: fixed ? fixed.published : this.chance(0.7),
      ...this.times(),
    };
  }
}

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
  const gen = new SchoolGenerator(seed);

  const courseRecords = [
    gen.course({ ...WELL_KNOWN.publishedCourse, published: true }),
    gen.course({ ...WELL_KNOWN.draftCourse, published: false }),
  ];
  const slugs = new Set(courseRecords.map((c) => c.slug));
  while (courseRecords.length < 36) {
    const course = gen.course();
    if (slugs.has(course.slug)) continue;
    slugs.add(course.slug);
    courseRecords.push(course);
  }
  const published = courseRecords.filter((c) => c.publishedAt !== null);
  // Added courses come from a generator of their own, so the demo data stays as it was.
  let extra: SchoolGenerator | undefined;
  addLargeCourses(courseRecords, { seed, longDescriptions, bigCurriculum }, () =>
    (extra ??= new SchoolGenerator(seed + LARGE_DATA_SEED)).course(),
  );

  const emails = new Set<string>([WELL_KNOWN.student.email]);
  const ada: ApiRecord = {
    ...gen.student(new Set()),
    id: WELL_KNOWN.student.id,
    name: WELL_KNOWN.student.name,
    email: WELL_KNOWN.student.email,
  };
  const enrollmentRecords: ApiRecord[] = [
    {
      ...gen.enrollment(ada.id, courseRecords[0] as ApiRecord, ada.createdAt),
      id: WELL_KNOWN.enrollment.id,
      completionRate: 0.5,
      deliveryState: 'delivered',
      endedAt: null,
    },
  ];
  function* studentRecords(): Generator<ApiRecord> {
    yield ada;
    for (let i = 1; i < studentCount; i += 1) {
      const student = gen.student(emails);
      enrollmentRecords.push(...gen.enrollmentsOf(student, published));
      yield student;
    }
  }

  const codes = new Set<string>([WELL_KNOWN.coupon.code]);
  const welcome: ApiRecord = {
    ...gen.coupon(new Set()),
    ...WELL_KNOWN.coupon,
    name: 'Welcome discount',
    couponType: 'percentage',
    amount: 10,
    active: true,
    expiredAt: null,
  };
  const couponRecords = [welcome, ...Array.from({ length: 39 }, () => gen.coupon(codes))];

  const pageRecords = [
    gen.page('About', { ...WELL_KNOWN.publishedPage, published: true }),
    gen.page('Spring Sale', { ...WELL_KNOWN.draftPage, published: false }),
    ...PAGE_TITLES.slice(0, 10).map((title) => gen.page(title)),
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
