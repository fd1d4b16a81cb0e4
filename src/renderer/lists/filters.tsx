import i18next from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityName } from '../../shared/entity-names';
import type en from '../../shared/locales/en/lists.json';
import { ENUMS, enumWord, fieldLabel, type EnumField } from '../words/record-words';

type Choice = { text: () => string; value: string | boolean };
/** One filter of a list: the field it sets, its label and the choices besides "Any". */
type FilterDef = { field: string; label: () => string; choices: readonly Choice[] };

/** A filter on an enum field: labelled and worded as the form's field. */
const enumFilter = (entity: EntityName, field: EnumField): FilterDef => ({
  field,
  label: () => fieldLabel(entity, field),
  choices: ENUMS[field].map((value) => ({ text: () => enumWord(field, value), value })),
});

/** A filter with two choices, true and false, in the list's words. */
const yesNoFilter = (
  field: string,
  label: () => string,
  yes: () => string,
  no: () => string,
): FilterDef => ({
  field,
  label,
  choices: [
    { text: yes, value: true },
    { text: no, value: false },
  ],
});

/** A word of the lists' filters, read when shown (so it follows the language). */
const word = (key: keyof typeof en.filters) => () => i18next.t(`lists:filters.${key}`);

/** The filters each list offers, as labelled selects. */
export const FILTERS: Record<EntityName, readonly FilterDef[]> = {
  courses: [
    enumFilter('courses', 'courseType'),
    yesNoFilter('published', word('status'), word('published'), word('draft')),
    yesNoFilter(
      'featured',
      () => fieldLabel('courses', 'featured'),
      word('featured'),
      word('notFeatured'),
    ),
  ],
  students: [],
  coupons: [
    yesNoFilter('active', word('status'), word('active'), word('inactive')),
    yesNoFilter('expired', word('expiry'), word('expired'), word('notExpired')),
    enumFilter('coupons', 'couponType'),
  ],
  pages: [
    enumFilter('pages', 'pageType'),
    yesNoFilter(
      'published',
      () => fieldLabel('pages', 'published'),
      word('published'),
      word('notPublished'),
    ),
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
  const { t } = useTranslation('lists');
  return (
    <>
      {FILTERS[entity].map((filter) => {
        const id = `${baseId}-${filter.field}`;
        const current = values[filter.field];
        return (
          <div className="list-filter" key={filter.field}>
            <label htmlFor={id}>{filter.label()}</label>
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
              <option value="">{t('filters.any')}</option>
              {filter.choices.map((choice) => (
                <option key={String(choice.value)} value={String(choice.value)}>
                  {choice.text()}
                </option>
              ))}
            </select>
          </div>
        );
      })}
    </>
  );
}
