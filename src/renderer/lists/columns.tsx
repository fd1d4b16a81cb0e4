import type { ReactNode } from 'react';
import type { EntityName, RecordOf } from '../../shared/entities';
import { ENTITY_SORTS } from '../../shared/entities';
import { formatDate, formatNumber, NO_VALUE } from '../format';
import { fixed, share, type ColumnWidth } from './row-layout';

/** One column of a list: its header, the sort key it toggles (if any) and how a cell reads. */
export type Column<E extends EntityName> = {
  id: string;
  label: string;
  sortKey?: (typeof ENTITY_SORTS)[E][number];
  width: ColumnWidth;
  cell: (row: RecordOf<E>) => ReactNode;
  /**
   * Hidden while the list is narrow (a record is open beside it), so the columns left keep
   * room for their whole text. The first column and the one that tells rows apart stay.
   */
  optional?: true;
};

/** Enum values of the API in plain words. */
export const ENUM_LABELS: Record<string, string> = {
  paid: 'Paid',
  public_access: 'Public access',
  free_redeem: 'Free (redeem)',
  pre_order: 'Pre-order',
  fixed_amount: 'Fixed amount',
  percentage: 'Percentage',
  static_page: 'Static page',
  vite_app: 'Vite app',
};

// Every field but a row's name may be missing (a school sends what its platform documents):
// a missing one reads as an em dash, never as "undefined", "No" or "Draft".
const label = (value: string | undefined) =>
  value === undefined ? NO_VALUE : (ENUM_LABELS[value] ?? value);
const yesNo = (value: boolean | undefined) =>
  value === undefined ? NO_VALUE : value ? 'Yes' : 'No';
const text = (value: string | null | undefined) => value ?? NO_VALUE;

function amountOf(row: RecordOf<'coupons'>): string {
  if (row.amount === undefined) return NO_VALUE;
  if (row.couponType === 'percentage') return `${row.amount}% off`;
  // Without a type or currency the amount is still worth showing, as a bare number.
  const money = [formatNumber(row.amount), row.currency].filter(Boolean).join(' ');
  return row.couponType === 'fixed_amount' ? `${money} off` : money;
}

function expiresOf(row: RecordOf<'coupons'>): string {
  if (row.expiredAt === undefined) return NO_VALUE;
  if (row.expiredAt === null) return 'Never';
  const date = formatDate(row.expiredAt);
  return row.expiredAt * 1000 < Date.now() ? `${date} (expired)` : date;
}

function statusOf(row: RecordOf<'courses'>): string {
  if (row.publishedAt === undefined) return NO_VALUE;
  return row.publishedAt === null ? 'Draft' : 'Published';
}

/** The columns of each entity's list, in order. */
export const COLUMNS: { [E in EntityName]: readonly Column<E>[] } = {
  courses: [
    {
      id: 'name',
      label: 'Name',
      sortKey: 'name',
      width: share(3, '7rem'),
      cell: (r) => r.name,
    },
    {
      id: 'slug',
      label: 'Slug',
      width: share(2, '5rem'),
      cell: (r) => text(r.slug),
      optional: true,
    },
    {
      id: 'type',
      label: 'Type',
      width: fixed('8rem'),
      cell: (r) => label(r.courseType),
      optional: true,
    },
    {
      id: 'status',
      label: 'Status',
      sortKey: 'publishedAt',
      width: fixed('7.5rem'),
      cell: statusOf,
    },
    {
      id: 'featured',
      label: 'Featured',
      width: fixed('6.5rem'),
      cell: (r) => yesNo(r.featured),
      optional: true,
    },
    {
      id: 'updated',
      label: 'Updated',
      sortKey: 'updatedAt',
      width: fixed('8rem'),
      cell: (r) => formatDate(r.updatedAt),
    },
  ],
  students: [
    { id: 'name', label: 'Name', sortKey: 'name', width: share(2, '6rem'), cell: (r) => r.name },
    {
      id: 'email',
      label: 'Email',
      sortKey: 'email',
      width: share(3, '7rem'),
      cell: (r) => r.email,
    },
    {
      id: 'phone',
      label: 'Phone',
      width: fixed('10rem'),
      cell: (r) => text(r.phoneNumber),
      optional: true,
    },
    {
      id: 'created',
      label: 'Created',
      sortKey: 'createdAt',
      width: fixed('8rem'),
      cell: (r) => formatDate(r.createdAt),
    },
  ],
  coupons: [
    { id: 'code', label: 'Code', sortKey: 'code', width: share(2, '5rem'), cell: (r) => r.code },
    { id: 'name', label: 'Name', sortKey: 'name', width: share(3, '6rem'), cell: (r) => r.name },
    { id: 'amount', label: 'Discount', width: fixed('9rem'), cell: amountOf, optional: true },
    { id: 'active', label: 'Active', width: fixed('5rem'), cell: (r) => yesNo(r.active) },
    {
      id: 'expires',
      label: 'Expires',
      sortKey: 'expiredAt',
      width: fixed('13rem'),
      cell: expiresOf,
    },
  ],
  pages: [
    {
      id: 'title',
      label: 'Title',
      sortKey: 'title',
      width: share(3, '7rem'),
      cell: (r) => r.title,
    },
    {
      id: 'slug',
      label: 'Slug',
      sortKey: 'slug',
      width: share(2, '5rem'),
      cell: (r) => text(r.slug),
      optional: true,
    },
    { id: 'path', label: 'Path prefix', width: share(2, '6rem'), cell: (r) => text(r.pathPrefix) },
    {
      id: 'type',
      label: 'Type',
      width: fixed('7rem'),
      cell: (r) => label(r.pageType),
      optional: true,
    },
    { id: 'published', label: 'Published', width: fixed('6rem'), cell: (r) => yesNo(r.published) },
  ],
};

/** What a row is called in a label ("Select Ada Lovelace", a palette result). */
export function rowTitle(entity: EntityName, row: RecordOf<EntityName>): string {
  if (entity === 'pages') return (row as RecordOf<'pages'>).title;
  if (entity === 'coupons') {
    const coupon = row as RecordOf<'coupons'>;
    return `${coupon.code} · ${coupon.name}`;
  }
  return (row as RecordOf<'courses' | 'students'>).name;
}

/** A second line for palette results (the student's e-mail, the course's slug…). */
export function rowDetail(entity: EntityName, row: RecordOf<EntityName>): string {
  if (entity === 'students') return (row as RecordOf<'students'>).email;
  if (entity === 'coupons') return amountOf(row as RecordOf<'coupons'>);
  const slug = (row as RecordOf<'courses' | 'pages'>).slug;
  return slug === undefined ? '' : `/${slug}`;
}
