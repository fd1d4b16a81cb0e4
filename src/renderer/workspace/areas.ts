import type { EntityName } from '../../shared/entity-names';
import type { Area } from '../ui-store';
import { countOf as countWords } from '../format';

/** How the workspace names an area and its records, in plain words. */
export type AreaInfo = {
  id: Area;
  label: string;
  /** One record, lowercase ("course"); empty for the account area. */
  singular: string;
  /** Several records, lowercase ("courses"). */
  plural: string;
  /** The key that opens it after Alt (Alt+1 … Alt+5). */
  key: string;
};

export const AREAS: readonly AreaInfo[] = [
  { id: 'courses', label: 'Courses', singular: 'course', plural: 'courses', key: '1' },
  { id: 'students', label: 'Students', singular: 'student', plural: 'students', key: '2' },
  { id: 'coupons', label: 'Coupons', singular: 'coupon', plural: 'coupons', key: '3' },
  { id: 'pages', label: 'Pages', singular: 'page', plural: 'pages', key: '4' },
  { id: 'account', label: 'Account', singular: '', plural: '', key: '5' },
];

/** The area's plain-words names. */
export function areaInfo(area: Area): AreaInfo {
  return AREAS.find((a) => a.id === area) ?? AREAS[0]!;
}

/** Whether an area is one of the four entities (the account area is not). */
export function isEntityArea(area: Area): area is EntityName {
  return area !== 'account';
}

/** "1 student", "100,000 students". */
export function countOf(count: number, entity: EntityName): string {
  const info = areaInfo(entity);
  return countWords(count, info.singular, info.plural);
}

/** Capitalised first letter, for "New course". */
export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
