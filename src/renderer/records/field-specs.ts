import { COUPON_TYPES, COURSE_TYPES, PAGE_TYPES } from '../../shared/records';
import type { EntityName } from '../../shared/entity-names';
import { formatDate, NO_VALUE } from '../format';

/**
 * How each entity's editable fields appear in a form, and how form values (text and
 * checkboxes, as inputs hold them) turn into the platform's fields and back. The rules
 * themselves stay in `shared/entities.ts`; this file only translates.
 */

/** A value as a form input holds it. */
export type FormValue = string | boolean;
/** A form's values by form field name. */
export type FormValues = Record<string, FormValue>;
/** Any record of any entity, as the cache holds it. */
export type AnyRecord = Record<string, unknown> & { id: string };

type Kind = 'text' | 'email' | 'tel' | 'textarea' | 'select' | 'checkbox' | 'number' | 'date';

/** One input of a form. `field` is the platform field it writes, when its name differs. */
export type FieldSpec = {
  name: string;
  label: string;
  kind: Kind;
  hint?: string;
  options?: readonly { value: string; label: string }[];
};

const words: Record<string, string> = {
  paid: 'Paid',
  public_access: 'Public access',
  free_redeem: 'Free with a code',
  pre_order: 'Pre-order',
  fixed_amount: 'Fixed amount',
  percentage: 'Percentage',
  static_page: 'Static page',
  vite_app: 'Web app',
};
const optionsOf = (values: readonly string[]) =>
  values.map((value) => ({ value, label: words[value] ?? value }));

const SLUG_HINT = 'Lowercase letters, digits and single hyphens, as in its web address.';

export const FIELD_SPECS: Record<EntityName, readonly FieldSpec[]> = {
  courses: [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'slug', label: 'Slug', kind: 'text', hint: SLUG_HINT },
    { name: 'description', label: 'Description', kind: 'textarea' },
    { name: 'courseType', label: 'Course type', kind: 'select', options: optionsOf(COURSE_TYPES) },
    { name: 'featured', label: 'Featured', kind: 'checkbox' },
    { name: 'visible', label: 'Visible', kind: 'checkbox', hint: 'Listed on the school site.' },
    { name: 'published', label: 'Published', kind: 'checkbox', hint: 'Unticked: a draft.' },
  ],
  pages: [
    { name: 'title', label: 'Title', kind: 'text' },
    { name: 'slug', label: 'Slug', kind: 'text', hint: SLUG_HINT },
    { name: 'pathPrefix', label: 'Path prefix', kind: 'text', hint: 'Starts with /.' },
    { name: 'pageType', label: 'Page type', kind: 'select', options: optionsOf(PAGE_TYPES) },
    { name: 'published', label: 'Published', kind: 'checkbox' },
  ],
  coupons: [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'code', label: 'Code', kind: 'text', hint: 'What buyers type; stored uppercase.' },
    { name: 'description', label: 'Description', kind: 'textarea' },
    { name: 'amount', label: 'Amount', kind: 'number' },
    { name: 'couponType', label: 'Type', kind: 'select', options: optionsOf(COUPON_TYPES) },
    { name: 'currency', label: 'Currency', kind: 'text', hint: 'A 3-letter code, like USD.' },
    { name: 'active', label: 'Active', kind: 'checkbox' },
    {
      name: 'redemptionLimit',
      label: 'Redemption limit',
      kind: 'number',
      hint: 'Leave empty for unlimited.',
    },
    { name: 'expiredAt', label: 'Expires', kind: 'date', hint: 'Leave empty if it never expires.' },
  ],
  students: [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'email', label: 'E-mail', kind: 'email' },
    { name: 'phoneNumber', label: 'Phone', kind: 'tel' },
  ],
};

/** Labels of the platform's fields, for messages and the conflict view. */
export const FIELD_LABELS: Record<string, string> = {
  invisible: 'Visible',
  publishedAt: 'Published',
  ...Object.fromEntries(Object.values(FIELD_SPECS).flatMap((s) => s.map((f) => [f.name, f.label]))),
};

/** Form field name of a platform field (only courses' visibility and publishing differ). */
export function formNameOf(entity: EntityName, field: string): string {
  if (entity === 'courses' && field === 'invisible') return 'visible';
  if (entity === 'courses' && field === 'publishedAt') return 'published';
  return field;
}

/** The unix seconds of now, as the platform's timestamps. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

const pad = (n: number) => String(n).padStart(2, '0');

/** A timestamp as a date input's value, in the owner's time zone. */
export function toDateInput(seconds: number | null | undefined): string {
  if (seconds == null) return '';
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A date input's value as the last second of that day in the owner's time zone. */
export function fromDateInput(value: string): number | null | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return Math.floor(new Date(y, m - 1, d, 23, 59, 59).getTime() / 1000);
}

const text = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';

/** The form values of a record; a create form starts from `emptyValues`. */
export function toFormValues(entity: EntityName, record: AnyRecord): FormValues {
  const values: FormValues = {};
  for (const spec of FIELD_SPECS[entity]) {
    const raw = record[spec.name];
    if (spec.kind === 'checkbox') values[spec.name] = raw === true;
    else if (spec.kind === 'date') values[spec.name] = toDateInput(raw as number | null);
    else values[spec.name] = text(raw);
  }
  if (entity === 'courses') {
    values.visible = record.invisible !== true;
    values.published = record.publishedAt != null;
  }
  return values;
}

/** What a create form starts with: the platform's defaults, in form values. */
export function emptyValues(entity: EntityName): FormValues {
  const blank = Object.fromEntries(
    FIELD_SPECS[entity].map((s) => [s.name, s.kind === 'checkbox' ? false : '']),
  );
  switch (entity) {
    case 'courses':
      return { ...blank, courseType: 'paid', visible: true };
    case 'pages':
      return { ...blank, pageType: 'static_page', pathPrefix: '/' };
    case 'coupons':
      return { ...blank, couponType: 'fixed_amount', currency: 'USD', active: true };
    default:
      return blank;
  }
}

const orNull = (v: FormValue | undefined) => (typeof v === 'string' && v.trim() === '' ? null : v);
const numberOrEmpty = (v: FormValue | undefined) =>
  typeof v === 'string' && v.trim() !== '' ? Number(v) : undefined;

/**
 * The platform's fields from form values, before the shared schema checks them. `base` is
 * the record being edited: an untouched date or publish time keeps its exact second.
 */
export function toPlatformFields(
  entity: EntityName,
  values: FormValues,
  base?: AnyRecord,
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const spec of FIELD_SPECS[entity]) {
    const v = values[spec.name];
    if (spec.kind === 'checkbox') fields[spec.name] = v === true;
    else if (spec.name === 'description' || spec.name === 'phoneNumber')
      fields[spec.name] = orNull(v);
    else if (spec.name === 'amount') fields[spec.name] = numberOrEmpty(v);
    else if (spec.name === 'redemptionLimit')
      fields[spec.name] = orNull(v) === null ? null : numberOrEmpty(v);
    else if (spec.kind === 'date') {
      const original = base?.[spec.name] as number | null | undefined;
      fields[spec.name] =
        v === '' ? null : toDateInput(original) === v ? original : fromDateInput(text(v));
    } else fields[spec.name] = v;
  }
  if (entity === 'courses') {
    delete fields.visible;
    delete fields.published;
    fields.invisible = values.visible !== true;
    const publishedAt = base?.publishedAt as number | null | undefined;
    fields.publishedAt = values.published === true ? (publishedAt ?? nowSeconds()) : null;
  }
  return fields;
}

/**
 * The fields whose value differs from the record's (what an update sends). A field the school
 * did not send shows in the form as a blank (unticked, empty); it counts as changed only when
 * the owner changed that blank, so a save never writes a value nobody chose.
 */
export function changedFields(
  entity: EntityName,
  fields: Record<string, unknown>,
  record: AnyRecord,
): Record<string, unknown> {
  const untouched = toPlatformFields(entity, toFormValues(entity, record), record);
  return Object.fromEntries(
    Object.entries(fields).filter(([k, v]) => {
      const before = record[k] === undefined ? untouched[k] : record[k];
      return JSON.stringify(v) !== JSON.stringify(before ?? null);
    }),
  );
}

/** A field's value in words, for the conflict view. */
export function describeValue(field: string, value: unknown): string {
  // A field the school did not send: not "Draft", "Never" or "No", which would be a claim.
  if (value === undefined) return NO_VALUE;
  if (field === 'invisible') return value ? 'Hidden' : 'Visible';
  if (field === 'publishedAt')
    return value == null ? 'Draft' : `Published ${formatDate(value as number)}`;
  if (field === 'expiredAt') return value == null ? 'Never' : formatDate(value as number);
  if (field === 'redemptionLimit' && value == null) return 'Unlimited';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value == null || value === '') return '(empty)';
  return words[text(value)] ?? text(value);
}

/** The words naming a record: its name, title or code. */
export function recordTitle(entity: EntityName, record: AnyRecord | undefined): string {
  if (!record) return '';
  const title = entity === 'pages' ? record.title : record.name;
  return text(title) || text(record.code) || text(record.email);
}

/** A record kind in words, singular: "course". */
export const SINGULAR: Record<EntityName, string> = {
  courses: 'course',
  students: 'student',
  coupons: 'coupon',
  pages: 'page',
};

/** "Course", with a capital, to start a sentence. */
export const capitalized = (entity: EntityName) =>
  SINGULAR[entity].charAt(0).toUpperCase() + SINGULAR[entity].slice(1);
