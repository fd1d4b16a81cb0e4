import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../words/error-text';
import { outboxListQuery, useOutboxStatus } from '../data/outbox-queries';
import { useOutboxActions } from './use-outbox-actions';
import { needsYouText, waitingText } from './outbox-text';
import { useSchoolOffline } from '../data/sync-queries';
import { Modal } from '../components/modal';
import { OutboxConflicts, isConflict } from './outbox-conflicts';
import { OutboxEntryItem } from './outbox-entry-item';
import { OutboxNotices } from './outbox-notices';

type Props = { schoolId: string; onClose: () => void };

/**
 * The outbox panel, a modal dialog named "Changes waiting to be sent": every change saved on
 * this computer and not yet at the school, with its state and its own Send now (Send again
 * once tried) and Discard, "Send now" for all, and the conflicts one after another. Escape
 * closes it and focus goes back to the button that opened it. Its list refreshes on each
 * `outbox:status` event.
 */
export function OutboxPanel({ schoolId, onClose }: Props) {
  const { t } = useTranslation(['outbox', 'common']);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const list = useQuery(outboxListQuery(schoolId));
  const status = useOutboxStatus(schoolId);
  const offline = useSchoolOffline(schoolId);
  const { retry } = useOutboxActions(schoolId);
  const [conflictId, setConflictId] = useState<string>();
  const sendRef = useRef<HTMLButtonElement>(null);
  // After the Modal's own effect opened the dialog (children's effects run first), so the
  // button can take focus: the panel's main action, and nothing is lost by pressing it.
  useEffect(() => sendRef.current?.focus(), []);
  const entries = list.data ?? [];
  const conflicts = entries.filter(isConflict);

  // "Every change has reached the school" would not be true beside changes that could not
  // be read, or another account's: the notices below say what waits instead.
  const summary =
    status && status.count > 0
      ? [waitingText(status.count), needsYouText(status.needsYou)].filter(Boolean).join(' · ')
      : status?.unreadable || status?.otherAccount
        ? undefined
        : t('panel.allSent');
  const backToList = () => {
    setConflictId(undefined);
    headingRef.current?.focus();
  };

  return (
    <Modal labelledBy={headingId} onDismiss={onClose} className="outbox-panel">
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {t('panel.title')}
      </h2>
      {conflictId ? (
        <OutboxConflicts
          schoolId={schoolId}
          entries={entries}
          startId={conflictId}
          onBack={backToList}
        />
      ) : (
        <>
          {summary ? (
            <p role="status" className="outbox-summary">
              {summary}
            </p>
          ) : null}
          <OutboxNotices schoolId={schoolId} status={status} />
          {offline && entries.length > 0 ? (
            <p className="notice warning">{t('panel.offline')}</p>
          ) : null}
          {status?.signInNeeded ? (
            <p className="notice warning">{t('panel.signInNeeded')}</p>
          ) : null}
          {list.isPending ? (
            <p role="status" className="hint">
              {t('panel.loading')}
            </p>
          ) : list.isError ? (
            <div role="alert" className="notice error">
              <p>{errorText(list.error)}</p>
              <button type="button" className="secondary" onClick={() => void list.refetch()}>
                {t('common:retry')}
              </button>
            </div>
          ) : entries.length > 0 ? (
            <ul className="outbox-entries">
              {entries.map((entry) => (
                <OutboxEntryItem
                  key={entry.id}
                  schoolId={schoolId}
                  entry={entry}
                  onResolve={() => setConflictId(entry.id)}
                  onDiscarded={() => headingRef.current?.focus()}
                />
              ))}
            </ul>
          ) : null}
          <div className="actions">
            {conflicts.length > 0 ? (
              <button
                type="button"
                className="secondary"
                onClick={() => setConflictId(conflicts[0]!.id)}
              >
                {t('panel.resolve', { count: conflicts.length })}
              </button>
            ) : null}
            <button
              type="button"
              ref={sendRef}
              className="primary"
              // Never disabled: focus would fall out of the dialog as it sends.
              onClick={() => retry.mutate(undefined)}
            >
              {t('panel.sendNow')}
            </button>
            <button type="button" className="secondary" onClick={onClose}>
              {t('common:close')}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
