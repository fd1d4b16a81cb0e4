import type { Control } from 'react-hook-form';
import type { EntityName } from '../../shared/entity-names';
import { DEFAULT_CURRENCY, currencyChoices, currencyLabel } from './currencies';
import {
  ENUMS,
  describeValue as describe,
  enumWord,
  fieldLabel,
  formNameOf,
  type EnumField,
} from '../words/record-words';

/**
 * How each entity's editable fields appear in a form, and how form values (text and
 * checkboxes, as inputs hold them) turn into the platform's fields and back. The rules
 * themselves stay in `shared/entities.ts`; this file only translates. Labels and hints are
 * catalog keys, read in the language shown when the form renders (record-words.ts).
 */

/** A value as a form input holds it. */
export type FormValue = string | boolean;
/** A form's values by form field name. */
export type FormValues = Record<string, FormValue>;
/** A record form's react-hook-form control: form values in, platform fields out. */
export type FormControl = Control<FormValues, unknown, Record<string, unknown>>;
/** Any record of any entity, as the cache holds it. */
export type AnyRecord = Record<string, unknown> & { id: string };

type Kind = 'text' | 'email' | 'tel' | 'textarea' | 'select' | 'checkbox' | 'number' | 'date';

/** The hints of the catalog (records:hints.*). */
export type HintKey =
  | 'slug'
  | 'visible'
  | 'published'
  | 'pathPrefix'
  | 'code'
  | 'amountFixed'
  | 'amountPercent'
  | 'redemptionLimit'
  | 'expiredAt';

/** One input of a form; its label is the field's word (record-words.ts `fieldLabel`). */
export type FieldSpec = {
  name: string;
  kind: Kind;
  /** The hint under the input; a function when it depends on the other values. */
  hint?: HintKey | ((values: FormValues) => HintKey);
  /** A select's values: an enum of the platform, or its own choices given the value held. */
  options?: EnumField | ((current: string) => readonly string[]);
  /** Shown only while this holds (a percentage coupon has no currency). */
  shownWhen?: (values: FormValues) => boolean;
};

const isPercentage = (values: FormValues) => values.couponType === 'percentage';

export const FIELD_SPECS: Record<EntityName, readonly FieldSpec[]> = {
  courses: [
    { name: 'name', kind: 'text' },
    { name: 'slug', kind: 'text', hint: 'slug' },
    { name: 'description', kind: 'textarea' },
    { name: 'courseType', kind: 'select', options: 'courseType' },
    { name: 'featured', kind: 'checkbox' },
    { name: 'visible', kind: 'checkbox', hint: 'visible' },
    { name: 'published', kind: 'checkbox', hint: 'published' },
  ],
  pages: [
    { name: 'title', kind: 'text' },
    { name: 'slug', kind: 'text', hint: 'slug' },
    { name: 'pathPrefix', kind: 'text', hint: 'pathPrefix' },
    { name: 'pageType', kind: 'select', options: 'pageType' },
    { name: 'published', kind: 'checkbox' },
  ],
  coupons: [
    { name: 'name', kind: 'text' },
    { name: 'code', kind: 'text', hint: 'code' },
    { name: 'description', kind: 'textarea' },
    { name: 'couponType', kind: 'select', options: 'couponType' },
    {
      name: 'amount',
      kind: 'number',
      hint: (values) => (isPercentage(values) ? 'amountPercent' : 'amountFixed'),
    },
    {
      name: 'currency',
      kind: 'select',
      options: currencyChoices,
      shownWhen: (values) => !isPercentage(values),
    },
    { name: 'active', kind: 'checkbox' },
    { name: 'redemptionLimit', kind: 'number', hint: 'redemptionLimit' },
    { name: 'expiredAt', kind: 'date', hint: 'expiredAt' },
  ],
  students: [
    { name: 'name', kind: 'text' },
    { name: 'email', kind: 'email' },
    { name: 'phoneNumber', kind: 'tel' },
  ],
};

/** The values a select offers: its enum's plus the value it holds now, or its own choices. */
export function optionValues(spec: FieldSpec, current: FormValue | undefined): readonly string[] {
  const held = typeof current === 'string' ? current : '';
  if (typeof spec.options === 'function') return spec.options(held);
  const values: readonly string[] = typeof spec.options === 'string' ? ENUMS[spec.options] : [];
  return held !== '' && !values.includes(held) ? [...values, held] : values;
}

/** An option of a select in words: an enum value's word, a currency's code and name. */
export function optionLabel(spec: FieldSpec, value: string, language: string): string {
  if (typeof spec.options === 'string') return enumWord(spec.options, value);
  if (spec.name === 'currency') return currencyLabel(value, language);
  return value;
}

/**
 * Labels of the platform's fields by field name, in the language shown now, for code that
 * does not know the entity (the outbox's lines). New code: `fieldLabel(entity, field)`.
 */
/** Editable fields that are not inputs of the form: a course's curriculum has its own tree. */
const OUTSIDE_THE_FORM: Record<string, EntityName> = { sections: 'courses' };

export const FIELD_LABELS: Record<string, string> = Object.defineProperties(
  {},
  Object.fromEntries(
    [
      ...new Set([
        'invisible',
        'publishedAt',
        ...Object.keys(OUTSIDE_THE_FORM),
        ...Object.values(FIELD_SPECS)
          .flat()
          .map((f) => f.name),
      ]),
    ].map((field) => {
      const entity =
        OUTSIDE_THE_FORM[field] ??
        (Object.keys(FIELD_SPECS) as EntityName[]).find((e) =>
          FIELD_SPECS[e].some((f) => f.name === formNameOf(e, field)),
        )!;
      return [field, { enumerable: true, get: () => fieldLabel(entity, field) }];
    }),
  ),
);

export { formNameOf };

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
  // A coupon without a currency (a percentage one) offers the default if it becomes a fixed
  // amount, rather than an empty choice the rules refuse.
  if (entity === 'coupons' && values.currency === '') values.currency = DEFAULT_CURRENCY;
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
      return { ...blank, couponType: 'fixed_amount', currency: DEFAULT_CURRENCY, active: true };
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
  // A percentage takes no currency: the form does not ask for one, and a save leaves the
  // coupon's as it is.
  if (entity === 'coupons' && values.couponType === 'percentage') delete fields.currency;
  return fields;
}

/** Whether two sets of form values hold the same value for every field of either. */
export function sameValues(a: FormValues, b: FormValues): boolean {
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const name of names) if (a[name] !== b[name]) return false;
  return true;
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

/** A field's value in words, for the conflict view and the outbox (record-words.ts). */
export const describeValue = describe;
