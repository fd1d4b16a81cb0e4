import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import type { EntityName } from '../../shared/entity-names';
import { toUiError, type UiError } from '../data/bridge';
import { errorText, fieldErrorText } from '../words/error-text';
import { call } from '../data/entity-queries';
import { showToast } from '../toast-store';
import { useUiStore } from '../ui-store';
import { guarded, useUnsavedEdits } from './unsaved-edits';
import { FIELD_SPECS, emptyValues, formNameOf, type FormValues } from './field-specs';
import { recordResolver } from './form-resolver';
import { putCached, refreshEntity, type Versioned } from './record-cache';
import { RecordFormBody } from './record-form-body';
import { noteSlowDown, savedSlowedText } from './slow-down';
import { savedHereText, twoSentences } from '../words/record-words';
import { useSuggestedSlug } from './use-suggested-slug';
import { useWriteAccess } from '../step-up/use-write-access';

type Attempt = { fields: Record<string, unknown>; idempotencyKey: string };
/**
 * A create's answer; `pending` when it is kept on this computer until the school answers
 * (`retryAt`: the school asked us to slow down until then); `replayed` when it was made
 * already, by an earlier click whose answer was lost.
 */
type Created = Versioned & { pending?: true; retryAt?: number; replayed?: boolean };

/** What the owner is told when Create found the record made already. */
export const alreadyCreatedText = (): string => i18next.t('records:form.alreadyCreated');

/**
 * The create form. The form has one idempotency key until the create succeeds or the form
 * closes: a second click on Create after a lost answer (or a step-up) sends the same key, so
 * the platform answers the record it made the first time instead of making a second, and the
 * form says so. Offline the new record is kept on this computer and opens all the same,
 * marked as not sent yet. A course's or a page's slug is suggested from its name until the
 * owner types one.
 */
export function NewRecordForm({ schoolId, entity }: { schoolId: string; entity: EntityName }) {
  const formId = useId();
  const queryClient = useQueryClient();
  const openRecord = useUiStore((s) => s.openRecord);
  const closeRecord = useUiStore((s) => s.closeRecord);
  const access = useWriteAccess(schoolId, entity);
  const [failure, setFailure] = useState<UiError>();
  const { t } = useTranslation(['records', 'common']);
  // Waiting for the owner to grant access: the only status besides "Creating…".
  const [askingAccess, setAskingAccess] = useState(false);
  const idempotencyKey = useRef(crypto.randomUUID());
  const { register, handleSubmit, setError, setValue, formState, control } = useForm<
    FormValues,
    unknown,
    Record<string, unknown>
  >({ mode: 'onChange', defaultValues: emptyValues(entity), resolver: recordResolver(entity) });
  const values = useWatch({ control });
  const slugTyped = useSuggestedSlug(entity, values, setValue);
  const settle = useUnsavedEdits(formState.isDirty);

  const create = useMutation<Created, unknown, Attempt>({
    mutationFn: async ({ fields, idempotencyKey }) =>
      await call(entity, 'create', {
        schoolId,
        fields: fields as never,
        idempotencyKey,
      }),
    onSuccess: (answer) => {
      // Made: a next create in this form is a new record, with a new key.
      idempotencyKey.current = crypto.randomUUID();
      putCached(queryClient, schoolId, entity, answer);
      void refreshEntity(queryClient, schoolId, entity);
      noteSlowDown(schoolId, entity, answer.record.id, answer.retryAt);
      settle();
      openRecord(entity, answer.record.id);
      const kept = answer.retryAt === undefined ? savedHereText() : savedSlowedText();
      const done = answer.pending ? kept : t(`toast.created.${entity}`);
      const already = alreadyCreatedText();
      showToast(answer.replayed ? (answer.pending ? twoSentences(already, kept) : already) : done);
    },
    onError: async (raw, attempt): Promise<void> => {
      const error = toUiError(raw);
      const details = error.details ?? {};
      if (error.code === 'insufficient_scope') {
        setAskingAccess(true);
        const ok = await access.requestAccess(details.missingScopes ?? [access.scope]);
        setAskingAccess(false);
        if (ok) {
          create.mutate(attempt);
          return;
        }
      }
      if (error.code === 'validation_failed' && details.fields)
        for (const [field, message] of Object.entries(details.fields))
          setError(formNameOf(entity, field), { type: 'server', message: fieldErrorText(message) });
      setFailure(error);
    },
  });

  const locked = !access.canWrite;
  return (
    <form
      id={formId}
      className="record-form"
      aria-label={t(`form.newTitle.${entity}`)}
      noValidate
      aria-busy={create.isPending}
      onInput={slugTyped}
      onSubmit={(event) =>
        void handleSubmit((fields) => {
          setFailure(undefined);
          create.mutate({ fields, idempotencyKey: idempotencyKey.current });
        })(event)
      }
    >
      <RecordFormBody
        formId={formId}
        entity={entity}
        specs={FIELD_SPECS[entity]}
        values={values as FormValues}
        register={register}
        control={control}
        errors={formState.errors}
        access={access}
        lockedControls={t(`form.create.${entity}`)}
        failure={failure && errorText(failure)}
        kept="entries"
        status={
          create.isPending ? t('form.creating') : askingAccess ? t('form.needsAccessToCreate') : ''
        }
      />
      <div className="actions">
        <button type="submit" className="primary" disabled={locked || create.isPending}>
          {t(`form.create.${entity}`)}
        </button>
        <button type="button" className="secondary" onClick={guarded(closeRecord)}>
          {t('common:cancel')}
        </button>
      </div>
    </form>
  );
}
