import { z } from 'zod';
import {
  COUPON_TYPES,
  COURSE_TYPES,
  PAGE_TYPES,
  couponSchema,
  courseSchema,
  pageSchema,
  studentSchema,
} from './records';
import type { EntityName } from './entity-names';
import { type FILTER_SCHEMAS, type SortKeyOf } from './list-rules';
import { fieldSentence, type FieldName } from './field-errors';
import { curriculumField } from './curriculum/curriculum-fields';

/**
 * The four areas of the workspace as the contract and the renderer see them: their records,
 * the sorts and filters a list may ask for, and the rules of their writable fields.
 *
 * The field rules repeat the platform's own (the messages too, so a form says exactly what the
 * server would): a form can then refuse bad input as the owner types, before any request.
 * The server stays the judge; a 422 it answers still reaches the form field by field.
 */

export { ENTITY_NAMES, type EntityName } from './entity-names';
export { ENTITY_SORTS, FILTER_SCHEMAS } from './list-rules';

export const RECORD_SCHEMAS = {
  courses: courseSchema,
  students: studentSchema,
  coupons: couponSchema,
  pages: pageSchema,
} as const;

/** The record type of an entity. */
export type RecordOf<E extends EntityName> = z.infer<(typeof RECORD_SCHEMAS)[E]>;

/** A sort key of an entity; a leading `-` sorts descending. */
export type SortOf<E extends EntityName> = SortKeyOf<E> | `-${SortKeyOf<E>}`;

export type FiltersOf<E extends EntityName> = z.infer<(typeof FILTER_SCHEMAS)[E]>;

/** Lowercase letters, digits and single hyphens, as the platform's slugs. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The longest slug the platform takes. */
export const SLUG_MAX_LENGTH = 100;
/** Coupon codes: what buyers type, stored uppercase. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;

/** A field rule's sentence, as the platform writes it (field-errors). */
const say = fieldSentence;

const requiredText = (field: FieldName, max = 200) =>
  z
    .string({ error: say('must_be_text', { field }) })
    .trim()
    .min(1, say('empty', { field }))
    .max(max, say('too_long', { field, max }));
const optionalText = (field: FieldName, max: number) =>
  z.string().max(max, say('too_long', { field, max })).nullable();
const slug = z
  .string()
  .trim()
  .min(1, say('empty', { field: 'slug' }))
  .max(SLUG_MAX_LENGTH, say('too_long', { field: 'slug', max: SLUG_MAX_LENGTH }))
  .regex(SLUG_PATTERN, say('slug_format'));
const unixSeconds = (field: FieldName) =>
  z
    .int({ error: say('not_unix_seconds', { field }) })
    .min(0, say('not_unix_seconds', { field }))
    .max(253_402_300_799, say('too_far_ahead', { field }));

/** The fields of a course the workspace edits. */
export const courseFields = z.object({
  name: requiredText('name'),
  slug,
  description: optionalText('description', 20_000),
  courseType: z.enum(COURSE_TYPES, { error: say('invalid', { field: 'courseType' }) }),
  featured: z.boolean(),
  invisible: z.boolean(),
  publishedAt: unixSeconds('publishedAt').nullable(),
  // Edited in its tree, not a form field: optional, so the course's form is whole without it.
  sections: curriculumField.optional(),
});

/** The fields of a student the workspace edits; e-mails compare lowercased, as the server. */
export const studentFields = z.object({
  name: requiredText('name'),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(
      z
        .email({ error: say('invalid', { field: 'email' }) })
        .max(254, say('too_long', { field: 'email', max: 254 })),
    ),
  phoneNumber: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{4,30}$/, say('invalid', { field: 'phoneNumber' }))
    .nullable(),
});

/** The fields of a coupon; a percentage must lie in (0, 100], as the server checks. */
export const couponFields = z.object({
  name: requiredText('name'),
  code: z.string().trim().toUpperCase().regex(COUPON_CODE_PATTERN, say('code_format')),
  description: optionalText('description', 2000),
  amount: z
    .number({ error: say('not_number', { field: 'amount' }) })
    .positive(say('not_positive', { field: 'amount' }))
    .max(100_000_000, say('too_large', { field: 'amount' })),
  couponType: z.enum(COUPON_TYPES, { error: say('invalid', { field: 'couponType' }) }),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, say('currency_format')),
  active: z.boolean(),
  redemptionLimit: z
    .int({ error: say('not_whole', { field: 'redemptionLimit' }) })
    .min(1, say('too_small', { field: 'redemptionLimit', min: 1 }))
    .nullable(),
  expiredAt: unixSeconds('expiredAt').nullable(),
});

/** The fields of a page of the school site. */
export const pageFields = z.object({
  title: requiredText('title'),
  slug,
  pageType: z.enum(PAGE_TYPES, { error: say('invalid', { field: 'pageType' }) }),
  pathPrefix: z
    .string()
    .trim()
    .max(200, say('too_long', { field: 'pathPrefix', max: 200 }))
    .regex(/^\/[A-Za-z0-9._~/-]*$/, say('path_format')),
  published: z.boolean(),
});

/** Checks across fields that the server makes too, so a form shows them before saving. */
export function crossFieldIssues(
  entity: EntityName,
  fields: Record<string, unknown>,
): Record<string, string> {
  if (entity === 'coupons' && fields.couponType === 'percentage') {
    const amount = Number(fields.amount);
    if (!(amount > 0 && amount <= 100)) return { amount: say('percentage_range') };
  }
  return {};
}

export const FIELD_SCHEMAS = {
  courses: courseFields,
  students: studentFields,
  coupons: couponFields,
  pages: pageFields,
} as const;

/** What a create must carry; the server fills the rest with its defaults. */
export const CREATE_SCHEMAS = {
  courses: courseFields.partial().required({ name: true, slug: true }).strict(),
  students: studentFields.partial().required({ name: true, email: true }).strict(),
  coupons: couponFields.partial().required({ name: true, code: true, amount: true }).strict(),
  pages: pageFields.partial().required({ title: true, slug: true, pathPrefix: true }).strict(),
} as const;

/** What an update may carry: any editable field, only the ones that changed. */
export const UPDATE_SCHEMAS = {
  courses: courseFields.partial().strict(),
  students: studentFields.partial().strict(),
  coupons: couponFields.partial().strict(),
  pages: pageFields.partial().strict(),
} as const;
