import i18next from 'i18next';
import type { EntityName } from '../../shared/entity-names';
import { COUPON_TYPES, COURSE_TYPES, PAGE_TYPES } from '../../shared/records';
import { formatDate, NO_VALUE } from './format';
import { RESOURCES } from '../i18n/resources';

/**
 * The words of records outside React (lists, conflict view, outbox lines), in the language
 * shown now: each thing has one word, used by the list, the form and the conflict view alike
 * ("Web app" everywhere, never "Vite app" in one place and "Web app" in another).
 */

/** The enum fields of the platform and their values. */
export const ENUMS = {
  courseType: COURSE_TYPES,
  couponType: COUPON_TYPES,
  pageType: PAGE_TYPES,
} as const;
export type EnumField = keyof typeof ENUMS;

/** "Course", "課程": a record kind, as a heading or the start of a sentence. */
export function kindWord(entity: EntityName): string {
  return i18next.t(`records:kind.${entity}`);
}

/** The form name of a platform field (only courses' visibility and publishing differ). */
export function formNameOf(entity: EntityName, field: string): string {
  if (entity === 'courses' && field === 'invisible') return 'visible';
  if (entity === 'courses' && field === 'publishedAt') return 'published';
  return field;
}

/**
 * The records catalog's word at `path.key` ("fields.students" and "email"), or `fallback` when
 * `group` (that part of the catalog) has no such key: both languages have the same keys, so
 * the English catalog tells. Own keys only, so a name the school sent ("toString",
 * "__proto__", "a.b") names no word. One message is translated, never the group's whole
 * object: i18next-icu keeps each message it parsed, but parses an object anew at every call,
 * and forms and lists ask at every render.
 */
function catalogWord(
  path: string,
  group: Record<string, string>,
  key: string,
  fallback: string,
): string {
  return Object.hasOwn(group, key)
    ? i18next.t(`records:${path}.${key}`, { defaultValue: fallback })
    : fallback;
}

/**
 * A field's label in the entity's form, its list column and the conflict view; the field's
 * own name when the form has no such field (a field a newer platform added).
 */
export function fieldLabel(entity: EntityName, field: string): string {
  const name = formNameOf(entity, field);
  return catalogWord(`fields.${entity}`, RESOURCES.en.records.fields[entity], name, field);
}

/** An enum value of the API in words ("vite_app" → "Web app"); unknown values as sent. */
export function enumWord(field: EnumField, value: string | undefined): string {
  if (value === undefined) return NO_VALUE;
  return catalogWord(`enums.${field}`, RESOURCES.en.records.enums[field], value, value);
}

/** The enum field a value belongs to, if any (the values of the three enums are distinct). */
function enumFieldOf(value: string): EnumField | undefined {
  return (Object.keys(ENUMS) as EnumField[]).find((f) =>
    (ENUMS[f] as readonly string[]).includes(value),
  );
}

/** "Yes" or "No"; an em dash when the school did not send the field. */
export function yesNo(value: boolean | undefined): string {
  if (value === undefined) return NO_VALUE;
  return i18next.t(value ? 'records:values.yes' : 'records:values.no');
}

const text = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';

/** A field's value in words, for the conflict view and the outbox. */
export function describeValue(field: string, value: unknown): string {
  // A field the school did not send: not "Draft", "Never" or "No", which would be a claim.
  if (value === undefined) return NO_VALUE;
  const t = i18next.t;
  if (field === 'invisible') return t(value ? 'records:values.hidden' : 'records:values.visible');
  if (field === 'publishedAt')
    return value == null
      ? t('records:values.draft')
      : t('records:values.publishedOn', { date: formatDate(value as number) });
  if (field === 'expiredAt')
    return value == null ? t('records:values.never') : formatDate(value as number);
  if (field === 'redemptionLimit' && value == null) return t('records:values.unlimited');
  if (typeof value === 'boolean') return yesNo(value);
  if (value == null || value === '') return t('records:values.empty');
  const enumField = enumFieldOf(text(value));
  return enumField ? enumWord(enumField, text(value)) : text(value);
}

/** Two sentences as one message, spaced as the language spaces sentences. */
export function twoSentences(first: string, second: string): string {
  return i18next.t('records:toast.twoSentences', { first, second });
}

/** What the form and the toast say after a write that is saved here and not yet sent. */
export function savedHereText(): string {
  return i18next.t('outbox:savedHere');
}
