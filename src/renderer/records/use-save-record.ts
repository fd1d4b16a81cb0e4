import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import type { EntityName } from '../../shared/entity-names';
import { toUiError, type UiError } from '../data/bridge';
import { errorText } from '../words/error-text';
import { call, entityKeys } from '../data/entity-queries';
import { savedHereText } from '../words/record-words';
import { showToast } from '../toast-store';
import type { AnyRecord } from './field-specs';
import { afterNextPaint } from '../data/after-next-paint';
import { holdChanges } from '../data/held-changes';
import { patchCached, putCached, refreshEntity, type Versioned } from './record-cache';
import { savedSlowedText } from './slow-down';

/**
 * One save: the changed fields, the ETag they were made against (absent when the screen knows
 * none: main then asks the school for its version first), and the record before.
 */
export type SaveRequest = {
  fields: Record<string, unknown>;
  etag: string | undefined;
  base: AnyRecord;
  /** The toast's words on success ("Course saved." unless said otherwise). */
  done?: string;
};

/**
 * A save's answer; `pending` when it is kept on this computer until the school answers, and
 * `retryAt` (unix ms) when the school asked us to slow down and it is sent then.
 */
export type SaveAnswer = Versioned & { pending?: true; retryAt?: number };

type Context = {
  rollback: () => void;
  held: { end: (schoolId: string, area: EntityName) => void };
};

/**
 * What a save says of the version it was made on: its ETag when the screen knows one (never
 * an empty one, which would overwrite unconditionally), and the changed fields as the screen
 * showed them, so main can tell a change made on the school since from the owner's own.
 */
export function versionOf(
  etag: string | undefined,
  shown: Record<string, unknown>,
  fields: Record<string, unknown>,
): { etag?: string; seen: Record<string, unknown> } {
  const seen = Object.fromEntries(Object.keys(fields).map((k) => [k, shown[k] ?? null]));
  return etag ? { etag, seen } : { seen };
}

/**
 * Puts back the values a save replaced: a second update against the ETag the save produced
 * (or a later one the cache has seen). Not a hook: it runs from a toast after the form closed.
 */
export async function undoSave(
  queryClient: QueryClient,
  schoolId: string,
  entity: EntityName,
  saved: Versioned,
  previous: Record<string, unknown>,
): Promise<void> {
  const id = saved.record.id;
  const cached = queryClient.getQueryData<Versioned>(entityKeys.record(schoolId, entity, id));
  const etag = cached?.etag ?? saved.etag;
  try {
    const answer = await call(entity, 'update', {
      schoolId,
      id,
      fields: previous as never,
      ...versionOf(etag, cached?.record ?? saved.record, previous),
    });
    putCached(queryClient, schoolId, entity, answer);
    showToast(i18next.t('records:toast.undone'));
  } catch (error) {
    showToast(i18next.t('records:toast.undoFailed', { reason: errorText(error) }), {
      tone: 'error',
    });
  } finally {
    void refreshEntity(queryClient, schoolId, entity, id);
  }
}

/**
 * Saves a record's changed fields with its ETag: optimistic in the record and the list rows,
 * rolled back on failure, refreshed when settled, then a toast with Undo (saying so when the
 * save waits on this computer for the school). Failures reach the caller's `onFailed` as
 * coded errors (conflict, field messages, missing scopes).
 */
export function useSaveRecord(
  schoolId: string,
  entity: EntityName,
  id: string,
  handlers: {
    onSaved: (answer: SaveAnswer) => void;
    onFailed: (error: UiError, request: SaveRequest) => void;
  },
) {
  const queryClient = useQueryClient();
  return useMutation<SaveAnswer, unknown, SaveRequest, Context>({
    mutationFn: async ({ fields, etag, base }) =>
      await call(entity, 'update', {
        schoolId,
        id,
        fields: fields as never,
        ...versionOf(etag, base, fields),
      }),
    onMutate: async ({ fields }) => {
      await queryClient.cancelQueries({ queryKey: entityKeys.record(schoolId, entity, id) });
      return {
        rollback: patchCached(queryClient, schoolId, entity, id, fields),
        held: holdChanges(queryClient),
      };
    },
    onError: (error, request, context) => {
      context?.rollback();
      handlers.onFailed(toUiError(error), request);
    },
    onSuccess: (answer, request) => {
      putCached(queryClient, schoolId, entity, answer);
      handlers.onSaved(answer);
      const previous = Object.fromEntries(
        Object.keys(request.fields).map((k) => [k, request.base[k] ?? null]),
      );
      const done = request.done ?? i18next.t(`records:toast.saved.${entity}`);
      const kept = answer.retryAt === undefined ? savedHereText() : savedSlowedText();
      showToast(answer.pending ? kept : done, {
        about: { schoolId, entity, id },
        action: {
          label: i18next.t('common:undo'),
          run: () => undoSave(queryClient, schoolId, entity, answer, previous),
        },
      });
    },
    // The answer is in the cache already (onSuccess): the area's lists and records are read
    // again in the background, not awaited, so the save ends (and the form stops saying
    // "Saving…") when it is kept, not when every open list has been fetched again; and only
    // once the frame that says so is drawn, as starting those reads cost it 10–20 ms.
    onSettled: (_answer, _error, _request, context) => {
      if (context) context.held.end(schoolId, entity);
      else afterNextPaint(() => void refreshEntity(queryClient, schoolId, entity, id));
    },
  });
}
