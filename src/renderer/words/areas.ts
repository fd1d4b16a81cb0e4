import i18next from 'i18next';
import type { EntityName } from '../../shared/entity-names';
import type { Area } from '../ui-store';

/**
 * How the workspace names an area and its records, in the owner's language. The names are read
 * from the catalog (shell:areas) each time, so they follow a change of language.
 */
export type AreaInfo = {
  readonly id: Area;
  readonly label: string;
  /** One record, lowercase in English ("course"); empty for the account area. */
  readonly singular: string;
  /** Several records, lowercase in English ("courses"). */
  readonly plural: string;
  /** The key that opens it after Alt (Alt+1 … Alt+5). */
  readonly key: string;
};

function entityArea(id: EntityName, key: string): AreaInfo {
  return {
    id,
    key,
    get label() {
      return i18next.t(`shell:areas.${id}.label`);
    },
    get singular() {
      return i18next.t(`shell:areas.${id}.one`);
    },
    get plural() {
      return i18next.t(`shell:areas.${id}.other`);
    },
  };
}

export const AREAS: readonly AreaInfo[] = [
  entityArea('courses', '1'),
  entityArea('students', '2'),
  entityArea('coupons', '3'),
  entityArea('pages', '4'),
  {
    id: 'account',
    key: '5',
    get label() {
      return i18next.t('shell:areas.account.label');
    },
    singular: '',
    plural: '',
  },
];

/** The area's names in the owner's language. */
export function areaInfo(area: Area): AreaInfo {
  return AREAS.find((a) => a.id === area) ?? AREAS[0]!;
}

/** Whether an area is one of the four entities (the account area is not). */
export function isEntityArea(area: Area): area is EntityName {
  return area !== 'account';
}

/** "New course", "新增課程". */
export function newRecordLabel(entity: EntityName): string {
  return i18next.t(`shell:areas.${entity}.new`);
}

/** "Course details", "課程詳細資料": the open record's panel. */
export function detailsLabel(entity: EntityName): string {
  return i18next.t(`shell:areas.${entity}.details`);
}
