import { ENTITY_SORTS, type EntityName } from '../../../src/shared/entities';
import { COUPON_TYPES, COURSE_TYPES, PAGE_TYPES } from '../../../src/shared/records';
import type { MirrorRecord } from '../../../src/core/store/mirror-database';

/**
 * The list queries the mirror-parity test runs against the stand-in and the local mirror
 * alike (src/core/store/mirror-parity.test.ts): searches of every kind, every sort both ways,
 * the filters, and windows across pages and past the end.
 */

export type Filters = Record<string, string | boolean>;
/** One list request of the matrix. */
export type Query = { q?: string; sort?: string; filters?: Filters };

/** Windows [offset, offset + limit) to compare, near the start, across pages and past the end. */
export function windows(total: number): Array<[number, number]> {
  return [
    [0, 1],
    [0, 50],
    [3, 7],
    [49, 2],
    [0, 500],
    [120, 500],
    [Math.max(0, total - 1), 1],
    [Math.max(0, total - 3), 10],
    [total, 5],
    [total + 7, 500],
  ];
}

const SAMPLE = [0, 7, 23];

/** Search texts for an entity, built from its records: every kind the brief lists. */
function searches(records: MirrorRecord[], columns: readonly string[]): Array<string | undefined> {
  const flip = (text: string) =>
    [...text].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join('');
  const texts: Array<string | undefined> = [
    undefined,
    '   ',
    '%',
    '_',
    '\\',
    'é',
    'É',
    'ü',
    'zzqx no match',
    'a',
    'E',
  ];
  for (const index of SAMPLE) {
    const record = records[index % records.length] as Record<string, unknown>;
    for (const column of columns) {
      const raw = record[column];
      const value = typeof raw === 'string' ? raw : '';
      texts.push(flip(value.slice(1, 6)));
    }
  }
  return texts;
}

const FILTER_VALUES: Record<EntityName, Filters[]> = {
  courses: [
    ...COURSE_TYPES.map((courseType) => ({ courseType })),
    { published: true },
    { published: false },
    { featured: true },
    { featured: false },
    { published: true, featured: false, courseType: 'paid' },
  ],
  students: [],
  coupons: [
    { active: true },
    { active: false },
    { expired: true },
    { expired: false },
    ...COUPON_TYPES.map((couponType) => ({ couponType })),
    { active: true, expired: false, couponType: 'percentage' },
  ],
  pages: [
    ...PAGE_TYPES.map((pageType) => ({ pageType })),
    { published: true },
    { published: false },
    { published: true, pageType: 'static_page' },
  ],
};

/**
 * Phone-number searches an owner might type: both sides read one that looks like a phone
 * number as its digits (src/shared/phone-search.ts) and find it in the students' numbers
 * whatever their separators, and still in names and e-mails as text. `(02)` has too few
 * digits to be a phone search, and `+886` is not in a number written the local way.
 */
export const PHONE_SEARCHES = [
  '+1518',
  '+1 518',
  '518-555',
  '0912',
  '0912 345 678',
  '(02)',
  '+886',
];

/** Which phone students (Albany, Taipei, Office) each phone search must find. */
export const PHONE_FINDS: Record<string, number[]> = {
  '+1518': [0],
  '+1 518': [0],
  '518-555': [0],
  '0912': [1],
  '0912 345 678': [1],
  '(02)': [],
  '+886': [],
};

const SEARCH_COLUMNS: Record<EntityName, readonly string[]> = {
  courses: ['name', 'slug'],
  students: ['name', 'email'],
  coupons: ['name', 'code'],
  pages: ['title', 'slug'],
};

function sortsOf(entity: EntityName): Array<string | undefined> {
  const keys: readonly string[] = ENTITY_SORTS[entity];
  return [undefined, ...keys, ...keys.map((key) => `-${key}`)];
}

/** The queries of the matrix: searches × sorts, filters × sorts, filters × a few searches. */
export function queriesOf(entity: EntityName, records: MirrorRecord[]): Query[] {
  const texts = [
    ...searches(records, SEARCH_COLUMNS[entity]),
    ...(entity === 'students' ? PHONE_SEARCHES : []),
  ];
  const sorts = sortsOf(entity);
  const filters = FILTER_VALUES[entity];
  return [
    ...texts.flatMap((q) => sorts.map((sort) => ({ q, sort }))),
    ...filters.flatMap((f) => sorts.map((sort) => ({ sort, filters: f }))),
    ...filters.flatMap((f) => texts.slice(0, 9).map((q) => ({ q, filters: f }))),
  ];
}
