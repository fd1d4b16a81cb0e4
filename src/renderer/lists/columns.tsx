import i18next from 'i18next';
import type { EntityName, RecordOf } from '../../shared/entities';
import { type ENTITY_SORTS } from '../../shared/entities';
import { formatDate, formatMoney, formatNumber, formatPercent, NO_VALUE } from '../words/format';
import { ENUMS, enumWord, fieldLabel, yesNo, type EnumField } from '../words/record-words';

/**
 * One column of a list: its header, the sort key it toggles (if any) and how a cell reads.
 * Its width comes from its words (column-layout.ts): a cell's text is never cut short.
 */
export type Column<E extends EntityName> = {
  id: string;
  /** The header, in the language shown now (the form's word for the same field). */
  label: () => string;
  sortKey?: (typeof ENTITY_SORTS)[E][number];
  /** Its share of room left over once every column has what its words need; 0: none. */
  grow: number;
  /** A cell's text. */
  text: (row: RecordOf<E>) => string;
  /**
   * Every text a column of set words can show (yes/no, a type, a date), measured up front so
   * the column does not widen while the list scrolls. Free text is measured as rows arrive.
   */
  samples?: () => readonly string[];
  /**
   * Set for a column the list can do without when it is narrow (a record open beside it):
   * the lower, the sooner it goes. The first column and those that tell rows apart stay.
   */
  dropOrder?: number;
};

// Every field but a row's name may be missing (a school sends what its platform documents):
// a missing one reads as an em dash, never as "undefined", "No" or "Draft".
const text = (value: string | null | undefined) => value ?? NO_VALUE;
const t = i18next.t;

const enumSamples = (field: EnumField) => () => [
  NO_VALUE,
  ...ENUMS[field].map((v) => enumWord(field, v)),
];
const yesNoSamples = () => [NO_VALUE, yesNo(true), yesNo(false)];
/** Dates whose digits are among the widest, for a date column's width. */
const SAMPLE_DATES = [Date.UTC(2028, 11, 28, 12) / 1000, Date.UTC(2000, 9, 30, 12) / 1000];
const dateSamples = () => [NO_VALUE, ...SAMPLE_DATES.map((d) => formatDate(d))];

/** A coupon's discount: "20% off", "NT$250 off"; a bare amount without a type or currency. */
export function amountOf(row: RecordOf<'coupons'>): string {
  if (row.amount === undefined) return NO_VALUE;
  if (row.couponType === 'percentage')
    return t('lists:values.off', { amount: formatPercent(row.amount) });
  // Without a currency the amount is still worth showing, as a bare number.
  const money = row.currency ? formatMoney(row.amount, row.currency) : formatNumber(row.amount);
  return row.couponType === 'fixed_amount' ? t('lists:values.off', { amount: money }) : money;
}

function expiresOf(row: RecordOf<'coupons'>): string {
  if (row.expiredAt === undefined) return NO_VALUE;
  if (row.expiredAt === null) return t('lists:values.never');
  const date = formatDate(row.expiredAt);
  return row.expiredAt * 1000 < Date.now() ? t('lists:values.expired', { date }) : date;
}

const expiresSamples = () => [
  t('lists:values.never'),
  ...dateSamples(),
  ...SAMPLE_DATES.map((d) => t('lists:values.expired', { date: formatDate(d) })),
];

function statusOf(row: RecordOf<'courses'>): string {
  if (row.publishedAt === undefined) return NO_VALUE;
  return row.publishedAt === null ? t('lists:values.draft') : t('lists:values.published');
}

const statusSamples = () => [NO_VALUE, t('lists:values.draft'), t('lists:values.published')];

/** The header of a field's column: the form's label for it. */
const field = (entity: EntityName, name: string) => () => fieldLabel(entity, name);

/** The columns of each entity's list, in order. */
export const COLUMNS: { [E in EntityName]: readonly Column<E>[] } = {
  courses: [
    { id: 'name', label: field('courses', 'name'), sortKey: 'name', grow: 3, text: (r) => r.name },
    {
      id: 'slug',
      label: field('courses', 'slug'),
      grow: 2,
      text: (r) => text(r.slug),
      dropOrder: 2,
    },
    {
      id: 'type',
      label: field('courses', 'courseType'),
      grow: 0,
      text: (r) => enumWord('courseType', r.courseType),
      samples: enumSamples('courseType'),
      dropOrder: 3,
    },
    {
      id: 'status',
      label: () => t('lists:columns.status'),
      sortKey: 'publishedAt',
      grow: 0,
      text: statusOf,
      samples: statusSamples,
    },
    {
      id: 'featured',
      label: field('courses', 'featured'),
      grow: 0,
      text: (r) => yesNo(r.featured),
      samples: yesNoSamples,
      dropOrder: 1,
    },
    {
      id: 'updated',
      label: () => t('lists:columns.updated'),
      sortKey: 'updatedAt',
      grow: 0,
      text: (r) => formatDate(r.updatedAt),
      samples: dateSamples,
    },
  ],
  students: [
    { id: 'name', label: field('students', 'name'), sortKey: 'name', grow: 2, text: (r) => r.name },
    {
      id: 'email',
      label: field('students', 'email'),
      sortKey: 'email',
      grow: 3,
      text: (r) => r.email,
    },
    {
      id: 'phone',
      label: field('students', 'phoneNumber'),
      grow: 0,
      text: (r) => text(r.phoneNumber),
      dropOrder: 1,
    },
    {
      id: 'created',
      label: () => t('lists:columns.created'),
      sortKey: 'createdAt',
      grow: 0,
      text: (r) => formatDate(r.createdAt),
      samples: dateSamples,
      dropOrder: 2,
    },
  ],
  coupons: [
    { id: 'code', label: field('coupons', 'code'), sortKey: 'code', grow: 2, text: (r) => r.code },
    { id: 'name', label: field('coupons', 'name'), sortKey: 'name', grow: 3, text: (r) => r.name },
    {
      id: 'amount',
      label: () => t('lists:columns.discount'),
      grow: 0,
      text: amountOf,
      dropOrder: 2,
    },
    {
      id: 'active',
      label: field('coupons', 'active'),
      grow: 0,
      text: (r) => yesNo(r.active),
      samples: yesNoSamples,
      dropOrder: 1,
    },
    {
      id: 'expires',
      label: field('coupons', 'expiredAt'),
      sortKey: 'expiredAt',
      grow: 0,
      text: expiresOf,
      samples: expiresSamples,
    },
  ],
  pages: [
    {
      id: 'title',
      label: field('pages', 'title'),
      sortKey: 'title',
      grow: 3,
      text: (r) => r.title,
    },
    {
      id: 'slug',
      label: field('pages', 'slug'),
      sortKey: 'slug',
      grow: 2,
      text: (r) => text(r.slug),
      dropOrder: 2,
    },
    { id: 'path', label: field('pages', 'pathPrefix'), grow: 2, text: (r) => text(r.pathPrefix) },
    {
      id: 'type',
      label: field('pages', 'pageType'),
      grow: 0,
      text: (r) => enumWord('pageType', r.pageType),
      samples: enumSamples('pageType'),
      dropOrder: 1,
    },
    {
      id: 'published',
      label: field('pages', 'published'),
      grow: 0,
      text: (r) => yesNo(r.published),
      samples: yesNoSamples,
    },
  ],
};

/**
 * A second line for palette results, beside the record's label (shared/record-label): the
 * student's e-mail, the coupon's code and discount, the course's slug…
 */
export function rowDetail(entity: EntityName, row: RecordOf<EntityName>): string {
  if (entity === 'students') return (row as RecordOf<'students'>).email;
  if (entity === 'coupons') {
    const coupon = row as RecordOf<'coupons'>;
    return `${coupon.code} · ${amountOf(coupon)}`;
  }
  const slug = (row as RecordOf<'courses' | 'pages'>).slug;
  return slug === undefined ? '' : `/${slug}`;
}
