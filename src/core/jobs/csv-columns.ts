import Papa from 'papaparse';
import { guardCell } from '../../shared/csv-guard';
import type { Coupon, Course, Student } from '../../shared/records';

/** The lists an export can write. */
export type ExportEntity = 'students' | 'coupons' | 'courses';
type RecordFor = { students: Student; coupons: Coupon; courses: Course };
type Cell = string | number | boolean;

/** Unix seconds as ISO 8601 (UTC), or an empty cell for none or a field the school left out. */
const iso = (seconds: number | null | undefined): string =>
  seconds === null || seconds === undefined ? '' : new Date(seconds * 1000).toISOString();
/** Text from the platform, guarded against formula injection; null or absent is an empty cell. */
const text = (value: string | null | undefined): string =>
  value === null || value === undefined ? '' : guardCell(value);
/** A number or boolean as it is, or an empty cell when the school left the field out. */
const plain = (value: number | boolean | null | undefined): Cell => value ?? '';

/**
 * The columns of each export, in order, and how a record fills them. Text from the platform
 * goes through `text` (guarded); numbers, booleans and dates we format ourselves are written
 * as they are, since a negative amount must stay a number for the spreadsheet.
 * The students' columns are what the import reads, so an export imports back unchanged.
 */
export const COLUMNS: { [E in ExportEntity]: Record<string, (record: RecordFor[E]) => Cell> } = {
  students: {
    name: (s) => text(s.name),
    email: (s) => text(s.email),
    phoneNumber: (s) => text(s.phoneNumber),
    createdAt: (s) => iso(s.createdAt),
  },
  coupons: {
    code: (c) => text(c.code),
    name: (c) => text(c.name),
    description: (c) => text(c.description),
    amount: (c) => plain(c.amount),
    couponType: (c) => text(c.couponType),
    currency: (c) => text(c.currency),
    active: (c) => plain(c.active),
    redemptionLimit: (c) => plain(c.redemptionLimit),
    appliedCount: (c) => plain(c.appliedCount),
    expiredAt: (c) => iso(c.expiredAt),
    createdAt: (c) => iso(c.createdAt),
  },
  courses: {
    name: (c) => text(c.name),
    slug: (c) => text(c.slug),
    courseType: (c) => text(c.courseType),
    featured: (c) => plain(c.featured),
    invisible: (c) => plain(c.invisible),
    // Absent publishedAt says nothing about publication, so the cell stays empty.
    published: (c) => (c.publishedAt === undefined ? '' : c.publishedAt !== null),
    publishedAt: (c) => iso(c.publishedAt),
    description: (c) => text(c.description),
  },
};

/** Tells spreadsheet apps the file is UTF-8 (Excel reads it as a legacy code page without). */
export const UTF8_BOM = '\uFEFF';

/** The CSV of `records`: a BOM, a header row, one line per record, CRLF line ends. */
export function toCsv<E extends ExportEntity>(entity: E, records: readonly RecordFor[E][]): string {
  const columns = COLUMNS[entity] as Record<string, (record: RecordFor[E]) => Cell>;
  const fields = Object.keys(columns);
  const data = records.map((record) => fields.map((field) => columns[field]!(record)));
  return UTF8_BOM + Papa.unparse({ fields, data }, { newline: '\r\n' });
}

/**
 * The file name of an export made on `day` (local date): `students-2026-11-21.csv`, or with
 * the owner's word for the area (`學員-2026-11-21.csv`; the contract allows only letters,
 * digits, spaces, - and _ in it).
 */
export function exportFileName(entity: ExportEntity, day: Date, label: string = entity): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${label}-${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}.csv`;
}
