import { z } from 'zod';

/**
 * The platform's records as both sides of the bridge see them: main validates the API's
 * answers with these, the contract carries them to the renderer, and the renderer's forms and
 * lists read their types. Field names and types follow the platform's `/openapi.json`;
 * `src/core/platform/schemas.contract.test.ts` fails when a field here is missing there or has
 * an incompatible type. That test is our equivalent of generated types (openapi-typescript
 * cannot be installed next to TypeScript 6).
 *
 * A tolerant reader: a real school may send only the fields its platform documents
 * (`shared/platform/NOTES.md`), and a newer platform may send more. So:
 * - only the id and what a row cannot do without are required (a course's name, a student's
 *   name and e-mail, a coupon's name and code, a page's title; an enrollment's student and
 *   course); every other field is optional, and every screen copes with its absence;
 * - unknown fields are kept as the platform sent them (a local copy stores records whole),
 *   and ignored by the app;
 * - a field that is present must have its documented type: a record that breaks that is
 *   unreadable, and lists leave it out and count it (see `readRecords` in core/platform).
 */

/** Unix seconds, as every timestamp of the API. */
const unixSeconds = z.int();

/**
 * An object schema that keeps unknown keys at run time (`z.looseObject`; `z.object` would
 * strip them) but is typed by its known keys only: the loose type's index signature
 * (`[k: string]: unknown`) would erase the known keys from every `Omit` and `Pick` over a
 * record type (`WritableOf`, the forms' field lists), turning type errors into silence.
 */
function keeping<S extends z.ZodRawShape>(shape: S): z.ZodObject<S> {
  return z.looseObject(shape);
}

export const COURSE_TYPES = ['paid', 'public_access', 'free_redeem', 'pre_order'] as const;
export const COUPON_TYPES = ['fixed_amount', 'percentage'] as const;
export const PAGE_TYPES = ['static_page', 'vite_app'] as const;
export const DELIVERY_STATES = ['delivered', 'group_buying', 'pre_ordering', 'expired'] as const;

const lecture = keeping({
  id: z.uuid().optional(),
  title: z.string().optional(),
  durationSeconds: z.int().nullable().optional(),
  preview: z.boolean().optional(),
});

const section = keeping({
  id: z.uuid().optional(),
  title: z.string().optional(),
  lectures: z.array(lecture).optional(),
});

/** A course as the API answers it. */
export const courseSchema = keeping({
  id: z.uuid(),
  name: z.string(),
  slug: z.string().optional(),
  description: z.string().nullable().optional(),
  image: z.string().nullable().optional(),
  featured: z.boolean().optional(),
  invisible: z.boolean().optional(),
  /** null means draft. */
  publishedAt: unixSeconds.nullable().optional(),
  courseType: z.enum(COURSE_TYPES).optional(),
  template: z.string().optional(),
  playerTheme: z.string().optional(),
  tags: z.array(z.string()).optional(),
  categories: z.array(z.string()).optional(),
  sections: z.array(section).optional(),
  createdAt: unixSeconds.optional(),
  updatedAt: unixSeconds.optional(),
});

/** A student as the API answers it. */
export const studentSchema = keeping({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable().optional(),
  lastSignInAt: unixSeconds.nullable().optional(),
  createdAt: unixSeconds.optional(),
  updatedAt: unixSeconds.optional(),
});

/**
 * A student's access to one course. The student and the course are required: they are what
 * the enrollment is (the platform documents it as "student × course"), and every action on it
 * names both.
 */
export const enrollmentSchema = keeping({
  id: z.uuid(),
  studentId: z.uuid(),
  courseId: z.uuid(),
  completionRate: z.number().optional(),
  deliveryState: z.enum(DELIVERY_STATES).optional(),
  /** null means lifetime access. */
  endedAt: unixSeconds.nullable().optional(),
  createdAt: unixSeconds.optional(),
  updatedAt: unixSeconds.optional(),
});

/** A coupon as the API answers it. */
export const couponSchema = keeping({
  id: z.uuid(),
  name: z.string(),
  code: z.string(),
  description: z.string().nullable().optional(),
  amount: z.number().optional(),
  couponType: z.enum(COUPON_TYPES).optional(),
  currency: z.string().optional(),
  active: z.boolean().optional(),
  appliedCount: z.int().optional(),
  redemptionLimit: z.int().nullable().optional(),
  expiredAt: unixSeconds.nullable().optional(),
  createdAt: unixSeconds.optional(),
  updatedAt: unixSeconds.optional(),
});

/** A page of the school site. */
export const pageSchema = keeping({
  id: z.uuid(),
  title: z.string(),
  slug: z.string().optional(),
  pageType: z.enum(PAGE_TYPES).optional(),
  pathPrefix: z.string().optional(),
  published: z.boolean().optional(),
  createdAt: unixSeconds.optional(),
  updatedAt: unixSeconds.optional(),
});

export type Course = z.infer<typeof courseSchema>;
export type Student = z.infer<typeof studentSchema>;
export type Enrollment = z.infer<typeof enrollmentSchema>;
export type Coupon = z.infer<typeof couponSchema>;
export type Page = z.infer<typeof pageSchema>;
