import i18next from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxEntryView } from '../../shared/outbox-contract';
import { ConfirmDialog } from '../components/confirm-dialog';
import { errorText } from '../words/error-text';
import { useOutboxActions } from './use-outbox-actions';
import {
  changeLines,
  entryLabel,
  entryTitle,
  invalidLines,
  problemText,
  stateText,
} from './outbox-text';
import { useGrantAccess } from '../step-up/grant-access';

type Props = {
  schoolId: string;
  entry: OutboxEntryView;
  /** Opens the conflict view on this entry (entries with a conflict only). */
  onResolve: () => void;
  /** The entry was discarded: its item is going, so focus needs somewhere to land. */
  onDiscarded: () => void;
};

/** What discarding takes back, in words, for the confirmation. */
function discardWords(entry: OutboxEntryView): string {
  const area = entry.area;
  if (entry.kind === 'create') return i18next.t('outbox:entry.discardCreate', { area });
  if (entry.kind === 'delete') return i18next.t('outbox:entry.discardDelete', { area });
  return i18next.t('outbox:entry.discardUpdate', { area });
}

/**
 * One unsent change in the outbox panel: the record, what changed, its state and, when it
 * waits for the owner, why and the way forward (the conflict view, Grant access, the
 * platform’s field messages), with "Send now" ("Send again" once it was tried) and "Discard"
 * (after a confirmation).
 */
export function OutboxEntryItem({ schoolId, entry, onResolve, onDiscarded }: Props) {
  const { t } = useTranslation('outbox');
  const id = useId();
  const { retry, discard, resolve } = useOutboxActions(schoolId);
  const grantAccess = useGrantAccess();
  const [confirming, setConfirming] = useState(false);
  const { problem } = entry;
  const title = entryTitle(entry);

  // The existing step-up, then the same entry again once the scope is granted.
  const grant = () =>
    void grantAccess([`${entry.area}:write`]).then((granted) => {
      if (granted) retry.mutate(entry.id);
    });

  return (
    <li className="outbox-entry" aria-labelledby={`${id}-title`} data-state={entry.state}>
      <h3 id={`${id}-title`} className="outbox-entry-title">
        {title}
      </h3>
      <ul className="outbox-changes" aria-label={t('entry.whatChanged')}>
        {changeLines(entry).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="outbox-state" data-state={entry.state}>
        <strong>{stateText(entry.state)}</strong>
        {problem ? ` · ${problemText(problem, entry.area)}` : null}
      </p>
      {problem?.code === 'invalid' ? (
        <ul className="outbox-field-errors">
          {invalidLines(problem.fields, entry.area).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      <div className="actions compact" role="group" aria-label={t('entry.actionsFor', { title })}>
        {problem?.code === 'conflict' ? (
          <button type="button" className="primary" onClick={onResolve}>
            {t('entry.chooseVersion')}
          </button>
        ) : null}
        {problem?.code === 'gone' ? (
          <button
            type="button"
            className="primary"
            onClick={() => resolve.mutate({ entryId: entry.id, choice: 'mine' })}
          >
            {t('entry.recreate')}
          </button>
        ) : null}
        {problem?.code === 'scope' ? (
          <button type="button" className="primary" onClick={grant}>
            {t('entry.grantAccess')}
          </button>
        ) : null}
        {/* Never disabled, even while sending: focus would fall out of the dialog. */}
        <button type="button" className="secondary" onClick={() => retry.mutate(entry.id)}>
          {/* "Again" only for a change that was sent before. */}
          {entry.attempts > 0 ? t('entry.sendAgain') : t('panel.sendNow')}
        </button>
        <button type="button" className="danger" onClick={() => setConfirming(true)}>
          {t('entry.discard')}
        </button>
      </div>
      {confirming ? (
        // A dialog over the panel's; its Escape stays its own (see Modal).
        <ConfirmDialog
          title={t('entry.discardTitle', { label: entryLabel(entry) })}
          confirmLabel={t('entry.discard')}
          busy={discard.isPending}
          {...(discard.isError ? { error: errorText(discard.error) } : {})}
          onConfirm={() =>
            discard.mutate(entry.id, {
              onSuccess: () => {
                setConfirming(false);
                onDiscarded();
              },
            })
          }
          onCancel={() => {
            discard.reset();
            setConfirming(false);
          }}
        >
          <p>{discardWords(entry)}</p>
        </ConfirmDialog>
      ) : null}
    </li>
  );
}
