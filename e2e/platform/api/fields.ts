import { z } from 'zod';

/**
 * zod building blocks shared by the resource schemas. Each one carries the plain sentence a
 * user sees in `fields` of a 422, so the messages live next to the rule they explain.
 */

/** Lowercase letters, digits and single hyphens, as the platform's slugs. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A required, trimmed, non-empty text: "<Label> cannot be empty". */
export function requiredText(label: string, max = 200) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${label} is required` : `${label} must be text`,
    })
    .trim()
    .min(1, `${label} cannot be empty`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** Optional free text; null clears it. */
export function optionalText(label: string, max = 20_000) {
  return z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${max} characters`)
    .nullable();
}

/** A slug as above. */
export function slugField() {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? 'Slug is required' : 'Slug must be text'),
    })
    .trim()
    .min(1, 'Slug cannot be empty')
    .max(100, 'Slug must be at most 100 characters')
    .regex(SLUG_PATTERN, 'Slug may only hold lowercase letters, digits and single hyphens');
}

/** An enum whose error says which field was wrong, e.g. "Invalid course type". */
export function enumField<const T extends readonly [string, ...string[]]>(
  values: T,
  message: string,
) {
  return z.enum(values, { error: message });
}

/** Unix seconds (or null where the field allows it). */
export function unixSeconds(label: string) {
  return z
    .int({ error: `${label} must be a whole number of unix seconds` })
    .min(0, `${label} must be a whole number of unix seconds`)
    .max(253_402_300_799, `${label} is too far in the future`);
}

/** A flag. */
export function flag(label: string) {
  return z.boolean({ error: `${label} must be true or false` });
}

/** A short list of labels (tags, categories). */
export function labels(label: string) {
  return z
    .array(
      z
        .string({ error: `${label} must be a list of texts` })
        .trim()
        .min(1, `${label} cannot hold empty entries`)
        .max(50),
      {
        error: `${label} must be a list of texts`,
      },
    )
    .max(50, `${label} may hold at most 50 entries`);
}

/** The record envelope every resource shares: id and timestamps, read-only. */
export const recordBase = {
  id: z.uuid().meta({ description: 'UUID, assigned by the server.' }),
  createdAt: z.int().meta({ description: 'Unix seconds.' }),
  updatedAt: z.int().meta({ description: 'Unix seconds; changes on every update.' }),
};

/** `true`/`false` in a query string. */
export function queryFlag(label: string) {
  return z
    .enum(['true', 'false'], { error: `${label} must be true or false` })
    .transform((value) => value === 'true')
    .optional();
}
