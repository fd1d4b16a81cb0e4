import { z } from 'zod';
import { couponSchema, courseSchema, pageSchema, studentSchema } from '../../shared/records';
import { ENTITY_SORTS, type EntityName } from '../../shared/entities';

export * from '../../shared/records';
export * from '../../shared/entities';

/**
 * The list envelope of every collection, as `/openapi.json` documents it (the contract test
 * compares the two). The client reads lists with `rawPageEnvelope` and then each record on its
 * own (`readRecords`), so a malformed record does not fail the page.
 */
export function pageEnvelope<T extends z.ZodType>(record: T) {
  return z.object({
    nodes: z.array(record),
    currentPage: z.int(),
    hasNextPage: z.boolean(),
    hasPreviousPage: z.boolean(),
    totalPages: z.int(),
    totalCount: z.int().min(0),
  });
}

/** The list envelope with its records not yet read. */
export const rawPageEnvelope = pageEnvelope(z.unknown());

/** The error body of every non-2xx answer; every member optional, so no answer crashes us. */
export const errorBodySchema = z.object({
  error: z.string().optional(),
  error_description: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
  current: z.unknown().optional(),
});

/**
 * The top-level entities the client lists and edits, with their schema, the sorts the server
 * accepts, and the OpenAPI component name of their record.
 */
export const ENTITIES = {
  courses: { schema: courseSchema, component: 'Course', sorts: ENTITY_SORTS.courses },
  students: { schema: studentSchema, component: 'Student', sorts: ENTITY_SORTS.students },
  coupons: { schema: couponSchema, component: 'Coupon', sorts: ENTITY_SORTS.coupons },
  pages: { schema: pageSchema, component: 'Page', sorts: ENTITY_SORTS.pages },
} as const satisfies Record<EntityName, unknown>;
