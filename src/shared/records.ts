import { z } from 'zod';

/**
 * The platform's records as both sides of the bridge see them: main validates the API's
 * answers with these, the contract carries them to the renderer, and the renderer's forms and
 * lists read their types. Field names and types follow the platform's `/openapi.json`;
 * `src/core/platform/schemas.contract.test.ts` fails when a field here is missing there or has
 * an incompatible type. That test is our equivalent of generated types (openapi-typescript
 * cannot be installed next to TypeScript 6).
 *
 * Record schemas are deliberately loose objects (unknown extra fields pass through): a server
 * that adds a field must not break an older client, while a missing or mistyped field does.
 */

/** Unix seconds, as every timestamp of the API. */
const unixSeconds = z.int();

export const COURSE_TYPES = ['paid', 'public_access', 'free_redeem', 'pre_order'] as const;
export const COUPON_TYPES = ['fixed_amount', 'percentage'] as const;
export const PAGE_TYPES = ['static_page', 'vite_app'] as const;
export const DELIVERY_STATES = ['delivered', 'group_buying', 'pre_ordering', 'expired'] as const;

const lecture = z.object({
  id: z.uuid(),
  title: z.string(),
  durationSeconds: z.int().nullable(),
  preview: z.boolean(),
});

const section = z.object({ id: z.uuid(), title: z.string(), lectures: z.array(lecture) });

/** A course as the API answers it. */
export const courseSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  featured: z.boolean(),
  invisible: z.boolean(),
  /** null means draft. */
  publishedAt: unixSeconds.nullable(),
  courseType: z.enum(COURSE_TYPES),
  template: z.string(),
  playerTheme: z.string(),
  tags: z.array(z.string()),
  categories: z.array(z.string()),
  sections: z.array(section),
  createdAt: unixSeconds,
  updatedAt: unixSeconds,
});

/** A student as the API answers it. */
export const studentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  lastSignInAt: unixSeconds.nullable(),
  createdAt: unixSeconds,
  updatedAt: unixSeconds,
});

/** A student's access to one course. */
export const enrollmentSchema = z.object({
  id: z.uuid(),
  studentId: z.uuid(),
  courseId: z.uuid(),
  completionRate: z.number(),
  deliveryState: z.enum(DELIVERY_STATES),
  /** null means lifetime access. */
  endedAt: unixSeconds.nullable(),
  createdAt: unixSeconds,
  updatedAt: unixSeconds,
});

/** A coupon as the API answers it. */
export const couponSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  amount: z.number(),
  couponType: z.enum(COUPON_TYPES),
  currency: z.string(),
  active: z.boolean(),
  appliedCount: z.int(),
  redemptionLimit: z.int().nullable(),
  expiredAt: unixSeconds.nullable(),
  createdAt: unixSeconds,
  updatedAt: unixSeconds,
});

/** A page of the school site. */
export const pageSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  slug: z.string(),
  pageType: z.enum(PAGE_TYPES),
  pathPrefix: z.string(),
  published: z.boolean(),
  createdAt: unixSeconds,
  updatedAt: unixSeconds,
});

export type Course = z.infer<typeof courseSchema>;
export type Student = z.infer<typeof studentSchema>;
export type Enrollment = z.infer<typeof enrollmentSchema>;
export type Coupon = z.infer<typeof couponSchema>;
export type Page = z.infer<typeof pageSchema>;
