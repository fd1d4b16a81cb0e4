import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EntityName } from '../../shared/entity-names';
import type { FieldSpec, FormControl, FormValues } from './field-specs';
import { FormFields } from './form-fields';
import { LockedNotice } from '../step-up/locked-notice';
import type { useWriteAccess } from '../step-up/use-write-access';

type Props = {
  formId: string;
  entity: EntityName;
  specs: readonly FieldSpec[];
  values: FormValues;
  register: UseFormRegister<FormValues>;
  control: FormControl;
  errors: FieldErrors<FormValues>;
  access: ReturnType<typeof useWriteAccess>;
  /** The controls the missing write scope locks, in words: "Save and Delete". */
  lockedControls: string;
  /** What went wrong, in words; the form adds that the owner's input is kept. */
  failure: string | undefined;
  /** What the failure message says is kept: "entries" (create) or "changes" (edit). */
  kept: 'entries' | 'changes';
  /** The live status line: "Saving…", "Saved on this computer…", a step-up wait, or empty. */
  status: string;
};

/**
 * What the create and the edit form share between their header and their buttons: the fields
 * (disabled while the write scope is missing), the failure that keeps the owner's input, the
 * status line, the locked notice with "Grant access", and, while the school cannot be
 * reached, that a save is kept on this computer until it answers.
 */
export function RecordFormBody(props: Props) {
  const { formId, entity, specs, values, register, control, errors, access } = props;
  const { lockedControls } = props;
  const { failure, kept, status } = props;
  const { t } = useTranslation('records');
  const locked = !access.canWrite;
  return (
    <>
      <fieldset className="record-fields" disabled={locked}>
        <legend className="visually-hidden">{t('form.details')}</legend>
        <FormFields
          formId={formId}
          entity={entity}
          specs={specs}
          values={values}
          register={register}
          control={control}
          errors={errors}
        />
      </fieldset>
      {failure ? (
        <p role="alert" className="notice error">
          {kept === 'entries'
            ? t('form.keptEntries', { reason: failure })
            : t('form.keptChanges', { reason: failure })}
        </p>
      ) : null}
      <p role="status" className="hint">
        {status}
      </p>
      {access.offline ? <p className="notice info offline-notice">{t('form.offline')}</p> : null}
      {locked ? (
        <LockedNotice
          controls={lockedControls}
          scope={access.scope}
          asking={access.asking}
          onGrant={() => void access.requestAccess()}
        />
      ) : null}
    </>
  );
}
