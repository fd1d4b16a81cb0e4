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

export const ENTITY_SORTS = {
  courses: ['name', 'createdAt', 'updatedAt', 'publishedAt'],
  students: ['name', 'email', 'createdAt', 'updatedAt', 'lastSignInAt'],
  coupons: ['name', 'code', 'createdAt', 'updatedAt', 'expiredAt'],
  pages: ['title', 'slug', 'createdAt', 'updatedAt'],
} as const satisfies Record<EntityName, readonly string[]>;

export const RECORD_SCHEMAS = {
  courses: courseSchema,
  students: studentSchema,
  coupons: couponSchema,
  pages: pageSchema,
} as const;

/** The record type of an entity. */
export type RecordOf<E extends EntityName> = z.infer<(typeof RECORD_SCHEMAS)[E]>;

/** A sort key of an entity; a leading `-` sorts descending. */
export type SortOf<E extends EntityName> =
  (typeof ENTITY_SORTS)[E][number] | `-${(typeof ENTITY_SORTS)[E][number]}`;

/** The per-entity list filters the server understands. */
export const FILTER_SCHEMAS = {
  courses: z
    .object({
      courseType: z.enum(COURSE_TYPES).optional(),
      published: z.boolean().optional(),
      featured: z.boolean().optional(),
    })
    .strict(),
  students: z.object({}).strict(),
  coupons: z
    .object({
      active: z.boolean().optional(),
      /** true: its expiry date has passed; false: it never expires or not yet. */
      expired: z.boolean().optional(),
      couponType: z.enum(COUPON_TYPES).optional(),
    })
    .strict(),
  pages: z
    .object({ pageType: z.enum(PAGE_TYPES).optional(), published: z.boolean().optional() })
    .strict(),
} as const;

export type FiltersOf<E extends EntityName> = z.infer<(typeof FILTER_SCHEMAS)[E]>;

/** Lowercase letters, digits and single hyphens, as the platform's slugs. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The longest slug the platform takes. */
export const SLUG_MAX_LENGTH = 100;
/** Coupon codes: what buyers type, stored uppercase. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;

const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} cannot be empty`)
    .max(max, `${label} must be at most ${max} characters`);
const optionalText = (label: string, max: number) =>
  z.string().max(max, `${label} must be at most ${max} characters`).nullable();
const slug = z
  .string()
  .trim()
  .min(1, 'Slug cannot be empty')
  .max(SLUG_MAX_LENGTH, `Slug must be at most ${SLUG_MAX_LENGTH} characters`)
  .regex(SLUG_PATTERN, 'Slug may only hold lowercase letters, digits and single hyphens');
const unixSeconds = (label: string) =>
  z
    .int({ error: `${label} must be a whole number of unix seconds` })
    .min(0, `${label} must be a whole number of unix seconds`)
    .max(253_402_300_799, `${label} is too far in the future`);

/** The fields of a course the workspace edits. */
export const courseFields = z.object({
  name: requiredText('Name'),
  slug,
  description: optionalText('Description', 20_000),
  courseType: z.enum(COURSE_TYPES, { error: 'Invalid course type' }),
  featured: z.boolean(),
  invisible: z.boolean(),
  publishedAt: unixSeconds('Published at').nullable(),
  // Edited in its tree, not a form field: optional, so the course's form is whole without it.
  sections: curriculumField.optional(),
});

/** The fields of a student the workspace edits; e-mails compare lowercased, as the server. */
export const studentFields = z.object({
  name: requiredText('Name'),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Invalid email' }).max(254, 'Email must be at most 254 characters')),
  phoneNumber: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{4,30}$/, 'Invalid phone number')
    .nullable(),
});

/** The fields of a coupon; a percentage must lie in (0, 100], as the server checks. */
export const couponFields = z.object({
  name: requiredText('Name'),
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(COUPON_CODE_PATTERN, 'Code must be 3 to 40 letters, digits, hyphens or underscores'),
  description: optionalText('Description', 2000),
  amount: z
    .number({ error: 'Amount must be a number' })
    .positive('Amount must be more than 0')
    .max(100_000_000, 'Amount is too large'),
  couponType: z.enum(COUPON_TYPES, { error: 'Invalid coupon type' }),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'Currency must be a 3-letter ISO 4217 code'),
  active: z.boolean(),
  redemptionLimit: z
    .int({ error: 'Redemption limit must be a whole number' })
    .min(1, 'Redemption limit must be at least 1')
    .nullable(),
  expiredAt: unixSeconds('Expires at').nullable(),
});

/** The fields of a page of the school site. */
export const pageFields = z.object({
  title: requiredText('Title'),
  slug,
  pageType: z.enum(PAGE_TYPES, { error: 'Invalid page type' }),
  pathPrefix: z
    .string()
    .trim()
    .max(200, 'Path prefix must be at most 200 characters')
    .regex(
      /^\/[A-Za-z0-9._~/-]*$/,
      'Path prefix must start with / and hold only URL path characters',
    ),
  published: z.boolean(),
});

/** Checks across fields that the server makes too, so a form shows them before saving. */
export function crossFieldIssues(
  entity: EntityName,
  fields: Record<string, unknown>,
): Record<string, string> {
  if (entity === 'coupons' && fields.couponType === 'percentage') {
    const amount = Number(fields.amount);
    if (!(amount > 0 && amount <= 100))
      return { amount: 'Percentage must be more than 0 and at most 100' };
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
