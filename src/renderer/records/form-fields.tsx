import { useController, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EntityName } from '../../shared/entity-names';
import {
  optionLabel,
  optionValues,
  type FieldSpec,
  type FormControl,
  type FormValues,
  type HintKey,
} from './field-specs';
import { DateField } from './date-field';
import { fieldLabel } from '../words/record-words';

type Props = {
  formId: string;
  entity: EntityName;
  specs: readonly FieldSpec[];
  /** The form's values now: some fields show, or hint, according to others. */
  values: FormValues;
  register: UseFormRegister<FormValues>;
  /** For fields that are not plain inputs (a date). */
  control: FormControl;
  errors: FieldErrors<FormValues>;
};

type Aria = { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

/** A date field of the form, in the lists' format (date-field.tsx). */
function FormDate(props: { id: string; name: string; control: FormControl; aria: Aria }) {
  const { field } = useController({ name: props.name, control: props.control });
  return (
    <DateField
      id={props.id}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={field.disabled}
      {...props.aria}
    />
  );
}

const hintOf = (spec: FieldSpec, values: FormValues): HintKey | undefined =>
  typeof spec.hint === 'function' ? spec.hint(values) : spec.hint;

/**
 * The inputs of a record form. Every input has a label; its hint and its error are linked
 * with aria-describedby, and aria-invalid marks a field the rules refuse, as the owner types.
 * A field that does not apply (a percentage coupon's currency) is left out.
 */
export function FormFields(props: Props) {
  const { formId, entity, specs, values, register, control, errors } = props;
  const { t, i18n } = useTranslation('records');
  return (
    <>
      {specs.map((spec) => {
        if (spec.shownWhen && !spec.shownWhen(values)) return null;
        const id = `${formId}-${spec.name}`;
        const label = fieldLabel(entity, spec.name);
        const message = errors[spec.name]?.message;
        const hintKey = hintOf(spec, values);
        const hintId = hintKey ? `${id}-hint` : undefined;
        const errorId = message ? `${id}-error` : undefined;
        const described = [errorId, hintId].filter(Boolean).join(' ') || undefined;
        const aria: Aria = {
          'aria-invalid': message ? true : undefined,
          'aria-describedby': described,
        };
        const hint = hintKey ? (
          <p id={hintId} className="hint">
            {t(`hints.${hintKey}`)}
          </p>
        ) : null;
        const error = message ? (
          <p id={errorId} className="field-error">
            {String(message)}
          </p>
        ) : null;

        if (spec.kind === 'checkbox')
          return (
            <div key={spec.name} className="field checkbox-field">
              <span className="checkbox">
                <input id={id} type="checkbox" {...aria} {...register(spec.name)} />
                <label htmlFor={id}>{label}</label>
              </span>
              {hint}
              {error}
            </div>
          );

        let input;
        if (spec.kind === 'textarea')
          input = <textarea id={id} rows={4} {...aria} {...register(spec.name)} />;
        else if (spec.kind === 'select')
          input = (
            <select id={id} {...aria} {...register(spec.name)}>
              {optionValues(spec, values[spec.name]).map((value) => (
                <option key={value} value={value}>
                  {optionLabel(spec, value, i18n.language)}
                </option>
              ))}
            </select>
          );
        else if (spec.kind === 'date')
          input = <FormDate id={id} name={spec.name} control={control} aria={aria} />;
        else
          input = (
            <input
              id={id}
              type={spec.kind === 'number' ? 'text' : spec.kind}
              inputMode={spec.kind === 'number' ? 'decimal' : undefined}
              autoComplete="off"
              {...aria}
              {...register(spec.name)}
            />
          );
        return (
          <div key={spec.name} className="field">
            <label htmlFor={id}>{label}</label>
            {input}
            {hint}
            {error}
          </div>
        );
      })}
    </>
  );
}
