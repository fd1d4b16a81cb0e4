import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { FieldSpec, FormValues } from './field-specs';

type Props = {
  formId: string;
  specs: readonly FieldSpec[];
  register: UseFormRegister<FormValues>;
  errors: FieldErrors<FormValues>;
};

/**
 * The inputs of a record form. Every input has a label; its hint and its error are linked
 * with aria-describedby, and aria-invalid marks a field the rules refuse, as the owner types.
 */
export function FormFields({ formId, specs, register, errors }: Props) {
  return (
    <>
      {specs.map((spec) => {
        const id = `${formId}-${spec.name}`;
        const message = errors[spec.name]?.message;
        const hintId = spec.hint ? `${id}-hint` : undefined;
        const errorId = message ? `${id}-error` : undefined;
        const described = [errorId, hintId].filter(Boolean).join(' ') || undefined;
        const aria = { 'aria-invalid': message ? true : undefined, 'aria-describedby': described };
        const hint = spec.hint ? (
          <p id={hintId} className="hint">
            {spec.hint}
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
                <label htmlFor={id}>{spec.label}</label>
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
              {spec.options?.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          );
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
            <label htmlFor={id}>{spec.label}</label>
            {input}
            {hint}
            {error}
          </div>
        );
      })}
    </>
  );
}
