import type { EntityName } from './entity-names';

/**
 * The fields that name a record for a person, in the order they are tried: the entity's own
 * name first, then what tells it apart when a school sent that empty (a coupon's code, a
 * student's e-mail, a course's or page's slug).
 */
const LABEL_FIELDS: Readonly<Record<EntityName, readonly string[]>> = {
  courses: ['name', 'slug'],
  students: ['name', 'email'],
  coupons: ['name', 'code'],
  pages: ['title', 'slug'],
};

/**
 * What names a record for a person (a panel's heading, "Select …", a palette result, an
 * outbox entry), or undefined when none of its naming fields holds text: the screen then
 * says it in its own words.
 */
export function recordLabel(
  entity: EntityName,
  record: Readonly<Record<string, unknown>> | undefined,
): string | undefined {
  for (const field of LABEL_FIELDS[entity]) {
    const value = record?.[field];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}
