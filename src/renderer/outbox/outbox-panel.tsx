import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { toUiError } from '../bridge';
import { outboxListQuery, useOutboxActions, useOutboxStatus } from '../outbox-queries';
import { needsYouText, waitingText } from '../outbox-text';
import { useSchoolOffline } from '../sync-status';
import { Modal } from '../workspace/modal';
import { OutboxConflicts, isConflict } from './outbox-conflicts';
import { OutboxEntryItem } from './outbox-entry-item';

type Props = { schoolId: string; onClose: () => void };

/**
 * The outbox panel, a modal dialog named "Changes waiting to be sent": every change saved on
 * this computer and not yet at the school, with its state and its own Send again and Discard,
 * "Send now" for all, and the conflicts one after another. Escape closes it and focus goes
 * back to the button that opened it. Its list refreshes on each `outbox:status` event.
 */
export function OutboxPanel({ schoolId, onClose }: Props) {
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

  const summary =
    status && status.count > 0
      ? [waitingText(status.count), needsYouText(status.needsYou)].filter(Boolean).join(' · ')
      : 'Every change has reached the school.';
  const backToList = () => {
    setConflictId(undefined);
    headingRef.current?.focus();
  };

  return (
    <Modal labelledBy={headingId} onDismiss={onClose} className="outbox-panel">
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        Changes waiting to be sent
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
          <p role="status" className="outbox-summary">
            {summary}
          </p>
          {offline && entries.length > 0 ? (
            <p className="notice warning">
              You’re offline: these changes are sent when the school answers.
            </p>
          ) : null}
          {status?.signInNeeded ? (
            <p className="notice warning">
              The school no longer accepts this sign-in. Sign in again to send your changes.
            </p>
          ) : null}
          {list.isPending ? (
            <p role="status" className="hint">
              Loading the changes…
            </p>
          ) : list.isError ? (
            <div role="alert" className="notice error">
              <p>{toUiError(list.error).message}</p>
              <button type="button" className="secondary" onClick={() => void list.refetch()}>
                Try again
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
                Resolve conflicts ({conflicts.length})
              </button>
            ) : null}
            <button
              type="button"
              ref={sendRef}
              className="primary"
              // Never disabled: focus would fall out of the dialog as it sends.
              onClick={() => retry.mutate(undefined)}
            >
              Send now
            </button>
            <button type="button" className="secondary" onClick={onClose}>
              Close
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
