import { useId } from 'react';
import { COUPON_TYPES, COURSE_TYPES, PAGE_TYPES } from '../../shared/records';
import type { EntityName } from '../../shared/entity-names';
import { ENUM_LABELS } from './columns';

type Choice = { text: string; value: string | boolean };
/** One filter of a list: the field it sets and the choices besides "Any". */
type FilterDef = { field: string; label: string; choices: readonly Choice[] };

const enumChoices = (values: readonly string[]) =>
  values.map((value) => ({ text: ENUM_LABELS[value] ?? value, value }));

/** The filters each list offers, as labelled selects. */
export const FILTERS: Record<EntityName, readonly FilterDef[]> = {
  courses: [
    { field: 'courseType', label: 'Course type', choices: enumChoices(COURSE_TYPES) },
    {
      field: 'published',
      label: 'Status',
      choices: [
        { text: 'Published', value: true },
        { text: 'Draft', value: false },
      ],
    },
    {
      field: 'featured',
      label: 'Featured',
      choices: [
        { text: 'Featured', value: true },
        { text: 'Not featured', value: false },
      ],
    },
  ],
  students: [],
  coupons: [
    {
      field: 'active',
      label: 'Status',
      choices: [
        { text: 'Active', value: true },
        { text: 'Inactive', value: false },
      ],
    },
    {
      field: 'expired',
      label: 'Expiry',
      choices: [
        { text: 'Expired', value: true },
        { text: 'Not expired', value: false },
      ],
    },
    { field: 'couponType', label: 'Coupon type', choices: enumChoices(COUPON_TYPES) },
  ],
  pages: [
    { field: 'pageType', label: 'Page type', choices: enumChoices(PAGE_TYPES) },
    {
      field: 'published',
      label: 'Published',
      choices: [
        { text: 'Published', value: true },
        { text: 'Not published', value: false },
      ],
    },
  ],
};

/** Filter values by field; absent means "Any". */
export type FilterValues = Record<string, string | boolean>;

type Props = {
  entity: EntityName;
  values: FilterValues;
  onChange: (values: FilterValues) => void;
};

/** The list's filters as labelled selects; "Any" removes a filter. */
export function ListFilters({ entity, values, onChange }: Props) {
  const baseId = useId();
  return (
    <>
      {FILTERS[entity].map((filter) => {
        const id = `${baseId}-${filter.field}`;
        const current = values[filter.field];
        return (
          <div className="list-filter" key={filter.field}>
            <label htmlFor={id}>{filter.label}</label>
            <select
              id={id}
              value={current === undefined ? '' : String(current)}
              onChange={(event) => {
                const choice = filter.choices.find((c) => String(c.value) === event.target.value);
                const next = { ...values };
                if (choice) next[filter.field] = choice.value;
                else delete next[filter.field];
                onChange(next);
              }}
            >
              <option value="">Any</option>
              {filter.choices.map((choice) => (
                <option key={String(choice.value)} value={String(choice.value)}>
                  {choice.text}
                </option>
              ))}
            </select>
          </div>
        );
      })}
    </>
  );
}
