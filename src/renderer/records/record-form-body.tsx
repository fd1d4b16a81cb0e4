import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { UiError } from '../bridge';
import type { FieldSpec, FormValues } from './field-specs';
import { FormFields } from './form-fields';
import { LockedNotice } from './locked-notice';
import type { useWriteAccess } from './use-write-access';

type Props = {
  formId: string;
  specs: readonly FieldSpec[];
  register: UseFormRegister<FormValues>;
  errors: FieldErrors<FormValues>;
  access: ReturnType<typeof useWriteAccess>;
  /** The controls the missing write scope locks, in words: "Save and Delete". */
  lockedControls: string;
  failure: UiError | undefined;
  /** What the failure message says is kept: "entries" (create) or "changes" (edit). */
  kept: 'entries' | 'changes';
  /** The live status line: "Saving…", "Saved on this computer…", a step-up wait, or empty. */
  status: string;
};

/** What a form says while the school cannot be reached: saving still works, here first. */
export const OFFLINE_SAVE_NOTE =
  "You're offline: what you save stays on this computer and is sent when the school answers.";

/**
 * What the create and the edit form share between their header and their buttons: the fields
 * (disabled while the write scope is missing), the failure that keeps the owner's input, the
 * status line, the locked notice with "Grant access", and, while the school cannot be
 * reached, that a save is kept on this computer until it answers.
 */
export function RecordFormBody(props: Props) {
  const { formId, specs, register, errors, access, lockedControls, failure, kept, status } = props;
  const locked = !access.canWrite;
  return (
    <>
      <fieldset className="record-fields" disabled={locked}>
        <legend className="visually-hidden">Details</legend>
        <FormFields formId={formId} specs={specs} register={register} errors={errors} />
      </fieldset>
      {failure ? (
        <p role="alert" className="notice error">
          {failure.message} Your {kept} are still in the form.
        </p>
      ) : null}
      <p role="status" className="hint">
        {status}
      </p>
      {access.offline ? <p className="notice info offline-notice">{OFFLINE_SAVE_NOTE}</p> : null}
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
