import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EntityName } from '../../shared/entity-names';
import { recordLabel } from '../../shared/record-label';
import type { UiError } from '../data/bridge';
import { errorText, fieldErrorText } from '../words/error-text';
import { call, entityKeys } from '../data/entity-queries';
import { useIsPending } from '../data/outbox-queries';
import { savedHereText } from '../words/record-words';
import { showToast } from '../toast-store';
import { useUiStore } from '../ui-store';
import { useUnsavedEdits } from './unsaved-edits';
import { recordDeleted } from './record-deleted';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ConflictView, type Conflict } from './conflict-view';
import {
  FIELD_SPECS,
  changedFields,
  sameValues,
  formNameOf,
  toFormValues,
  toPlatformFields,
  type AnyRecord,
  type FormValues,
} from './field-specs';
import { recordResolver } from './form-resolver';
import { putCached, refreshEntity, type Versioned } from './record-cache';
import { RecordFormBody } from './record-form-body';
import { clearSlowDown, noteSlowDown, SlowDownNotice, useSlowDown } from './slow-down';
import { useSaveRecord, type SaveRequest } from './use-save-record';
import { useScopeAccess, useWriteAccess } from '../step-up/use-write-access';
import { CurriculumPart } from '../curriculum/curriculum-part';
import { useCurriculumDraft } from '../curriculum/use-curriculum-draft';

type Props = { schoolId: string; entity: EntityName; versioned: Versioned };

/** What the status line says besides "Saving…": the catalog's words, chosen by what happened. */
type Status = '' | 'savedHere' | 'nothingToSave' | 'needsAccess' | 'serverShown';

/**
 * The edit form of one record: fields checked as the owner types, Save (Ctrl/Cmd+S) with only
 * the changed fields and the record's ETag, Delete after confirmation, Deactivate for coupons,
 * the conflict view on 412, field messages on 422, and the step-up when a scope is missing.
 * Offline it saves all the same: the write waits on this computer and the form says so; when
 * the school asks us to slow down, the form counts down to when the save is sent.
 * Without a known ETag (a record shown from the copy on this computer) it sends none, and main
 * asks the school for its version first: a stale save is a conflict, never an overwrite.
 */
export function RecordForm({ schoolId, entity, versioned }: Props) {
  // The version the owner's edits are made on. A newer one arriving while they have unsaved
  // edits (a refetch after a sync) does not replace it: the save names this version, so an
  // edit made on the school meanwhile is a conflict rather than silently overwritten.
  const [shown, setShown] = useState(versioned);
  const { record, etag } = shown;
  const formId = useId();
  const queryClient = useQueryClient();
  const closeRecord = useUiStore((s) => s.closeRecord);
  const access = useWriteAccess(schoolId, entity);
  const curriculumAccess = useScopeAccess(schoolId, 'curriculum:write');
  // A course's curriculum is edited in its tree beside the form, and saved with it.
  const curriculum = useCurriculumDraft(entity, record);
  // What went wrong, written when shown (so it follows the language).
  const [failure, setFailure] = useState<{ error: UiError; nothingSaved?: true }>();
  const { t } = useTranslation(['records', 'common']);
  const [status, setStatus] = useState<Status>('');
  const [conflict, setConflict] = useState<Conflict>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const retrying = useRef(false);
  // While the record has edits not yet at the school, the form says they are kept here; once
  // they are sent that sentence goes.
  const pendingHere = useIsPending(schoolId, entity, record.id);
  const [wasPending, setWasPending] = useState(pendingHere);
  if (wasPending !== pendingHere) {
    setWasPending(pendingHere);
    if (!pendingHere && status === 'savedHere') setStatus('');
  }
  // The school asked us to slow down: seconds until the waiting save is sent. Once it is
  // sent (nothing of the record waits any more, or no longer once the wait is over, for a
  // form opened again later), the countdown goes.
  const slowDown = useSlowDown(schoolId, entity, record.id);
  const pendingBefore = useRef(pendingHere);
  useEffect(() => {
    if (!pendingHere && (pendingBefore.current || slowDown === 0))
      clearSlowDown(schoolId, entity, record.id);
    pendingBefore.current = pendingHere;
  }, [pendingHere, slowDown, schoolId, entity, record.id]);

  // The form's first values; later versions come in through reset (below). Computed once,
  // not on each of the form's renders.
  const [firstValues] = useState(() => toFormValues(entity, record));
  const form = useForm<FormValues, unknown, Record<string, unknown>>({
    mode: 'onChange',
    defaultValues: firstValues,
    resolver: recordResolver(entity, record),
  });
  const { register, handleSubmit, reset, setError, formState, control } = form;
  const values = useWatch({ control });
  const isDirty = formState.isDirty || curriculum.dirty;
  const settle = useUnsavedEdits(isDirty);

  // A newer version (an undo, a refetch) is taken once the form holds no unsaved edits. A new
  // ETag is a new version (the optimistic write keeps the old one); without ETags, a new record.
  // The form's own values are asked too: typing reaches formState.isDirty a render later, after
  // the form's checks, and a version taken in between refilled the form over what had just
  // been typed (a back-to-back save then found nothing to save).
  const newer =
    versioned.etag !== etag || (versioned.etag === undefined && versioned.record !== record);
  if (newer && !isDirty && sameValues(form.getValues(), toFormValues(entity, record)))
    setShown(versioned);
  // In the commit that takes the version, so no keystroke can come between the two.
  useLayoutEffect(() => {
    reset(toFormValues(entity, shown.record));
    curriculum.reset(shown.record);
    // Only a version taken in (above, or by a save or "Take the school's") refills the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);

  const save = useSaveRecord(schoolId, entity, record.id, {
    onSaved: (answer) => {
      setConflict(undefined);
      setFailure(undefined);
      // The saved version is the one the next edits are made on (the effect above refills).
      setShown(answer);
      if (answer.pending) setStatus('savedHere');
      noteSlowDown(schoolId, entity, record.id, answer.retryAt);
    },
    onFailed: (error, request) => void handleFailure(error, request),
  });

  async function handleFailure(error: UiError, request: SaveRequest) {
    const details = error.details ?? {};
    if (error.code === 'precondition_failed' && details.current && details.currentEtag) {
      setConflict({
        mine: {
          ...request.base,
          ...toPlatformFields(entity, form.getValues(), request.base),
          ...curriculum.changes(),
        },
        edited: Object.keys(request.fields),
        base: request.base,
        current: details.current as AnyRecord,
        currentEtag: details.currentEtag,
      });
      return;
    }
    if (error.code === 'insufficient_scope' && !retrying.current) {
      setStatus('needsAccess');
      retrying.current = true;
      const ok = await access.requestAccess(details.missingScopes ?? [access.scope]);
      retrying.current = false;
      setStatus('');
      // The action resumes after consent: the same save, against the same version.
      if (ok) save.mutate(request);
      else setFailure({ error, nothingSaved: true });
      return;
    }
    if (error.code === 'validation_failed' && details.fields)
      for (const [field, message] of Object.entries(details.fields))
        setError(formNameOf(entity, field), { type: 'server', message: fieldErrorText(message) });
    setFailure({ error });
  }

  const onValid = (fields: Record<string, unknown>) => {
    setFailure(undefined);
    const changed = { ...changedFields(entity, fields, record), ...curriculum.changes() };
    if (Object.keys(changed).length === 0) {
      setStatus('nothingToSave');
      return;
    }
    setStatus('');
    save.mutate({ fields: changed, etag, base: record });
  };

  const deactivate = () =>
    save.mutate({
      fields: { active: false },
      etag,
      base: record,
      done: t('toast.deactivated'),
    });

  const remove = useMutation({
    mutationFn: () =>
      // Without an ETag, the record as shown: main deletes only if the school still has it.
      call(entity, 'delete', { schoolId, id: record.id, ...(etag ? { etag } : { seen: record }) }),
    onSuccess: (answer) => {
      setConfirmDelete(false);
      settle();
      closeRecord();
      recordDeleted({ schoolId, entity, id: record.id });
      queryClient.removeQueries({ queryKey: entityKeys.record(schoolId, entity, record.id) });
      showToast(answer.pending ? t(`toast.deletedHere.${entity}`) : t(`toast.deleted.${entity}`));
    },
    onSettled: () => refreshEntity(queryClient, schoolId, entity),
  });

  const takeServer = (current: Conflict) => {
    const version = { record: current.current, etag: current.currentEtag };
    putCached(queryClient, schoolId, entity, version);
    setShown(version);
    setConflict(undefined);
    setStatus('serverShown');
  };

  const saveOver = (current: Conflict, fields: Record<string, unknown>) => {
    const changed = changedFields(entity, fields, current.current);
    if (Object.keys(changed).length === 0) return takeServer(current);
    save.mutate({ fields: changed, etag: current.currentEtag, base: current.current });
  };

  // A course's Save also sends its curriculum, which curriculum:write alone may change.
  const locked = !access.canWrite && !(curriculum.has && curriculumAccess.canWrite);
  const busy = save.isPending || remove.isPending;
  const name = recordLabel(entity, record) ?? '';
  // "Saved on this computer" belongs to the values saved, not to new edits in the form.
  const savedHere = (pendingHere || status === 'savedHere') && !isDirty;
  const statusWords: Record<Exclude<Status, '' | 'savedHere'>, string> = {
    nothingToSave: t('form.nothingToSave'),
    needsAccess: t('form.needsAccessToSave'),
    serverShown: t('form.serverShown'),
  };
  const shownStatus = save.isPending
    ? t('form.saving')
    : status && status !== 'savedHere'
      ? statusWords[status]
      : savedHere && slowDown === undefined
        ? savedHereText()
        : '';

  return (
    <form
      id={formId}
      className="record-form"
      aria-label={t(`form.editLabel.${entity}`)}
      noValidate
      aria-busy={busy}
      onSubmit={(event) => void handleSubmit(onValid)(event)}
    >
      {conflict ? (
        <ConflictView
          key={conflict.currentEtag}
          entity={entity}
          conflict={conflict}
          busy={busy}
          onSave={(fields) => saveOver(conflict, fields)}
          onTakeServer={() => takeServer(conflict)}
        />
      ) : null}
      <RecordFormBody
        formId={formId}
        entity={entity}
        specs={FIELD_SPECS[entity]}
        values={values as FormValues}
        register={register}
        control={control}
        errors={formState.errors}
        access={access}
        lockedControls={entity === 'coupons' ? t('form.lockedEditCoupon') : t('form.lockedEdit')}
        failure={
          failure &&
          (failure.nothingSaved
            ? t('form.nothingSaved', { reason: errorText(failure.error) })
            : errorText(failure.error))
        }
        kept="changes"
        status={shownStatus}
      />
      {curriculum.has ? (
        <CurriculumPart
          sections={curriculum.sections}
          onChange={curriculum.setSections}
          access={curriculumAccess}
        />
      ) : null}
      <SlowDownNotice seconds={isDirty ? undefined : slowDown} />
      {conflict ? null : (
        <div className="actions">
          <button type="submit" className="primary" disabled={locked || busy}>
            {t('common:save')}
          </button>
          {entity === 'coupons' ? (
            <button
              type="button"
              className="secondary"
              disabled={locked || busy || record.active === false}
              onClick={deactivate}
            >
              {t('form.deactivate')}
            </button>
          ) : null}
          <button
            type="button"
            className="danger"
            disabled={locked || busy}
            onClick={() => setConfirmDelete(true)}
          >
            {t('common:delete')}
          </button>
        </div>
      )}
      {confirmDelete ? (
        <ConfirmDialog
          title={t(`delete.title.${entity}`, { name })}
          confirmLabel={t(`delete.confirm.${entity}`)}
          busy={remove.isPending}
          {...(remove.isError ? { error: errorText(remove.error) } : {})}
          onConfirm={() => remove.mutate()}
          onCancel={() => {
            remove.reset();
            setConfirmDelete(false);
          }}
        >
          <p>{t(`delete.body.${entity}`)}</p>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
