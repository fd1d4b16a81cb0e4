/**
 * The four areas of the workspace. Kept apart from `entities.ts` (zod) so the preload and
 * anything else that only needs the names does not bundle a validator.
 */
export const ENTITY_NAMES = ['courses', 'students', 'coupons', 'pages'] as const;
/** Name of a top-level entity, also its path segment under `/api/v1`. */
export type EntityName = (typeof ENTITY_NAMES)[number];
