import { coupons } from './coupons';
import { courses } from './courses';
import type { EntityDef } from './entity';
import { pages } from './pages';
import { students } from './students';

/** The top-level resources of the business API, in the order they are documented. */
export const RESOURCES: readonly EntityDef[] = [courses, students, coupons, pages];

/** Looks a top-level resource up by its path segment (`courses`, `students`, ...). */
export function resourceByTable(table: string): EntityDef | undefined {
  return RESOURCES.find((def) => def.table === table);
}
