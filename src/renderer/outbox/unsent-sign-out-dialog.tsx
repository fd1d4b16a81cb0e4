import { useEffect, useId, useRef, useState } from 'react';
import { useOutboxActions, useOutboxStatus } from '../outbox-queries';
import { needsYouText, unsentText, waitingText } from '../outbox-text';
import { useSchoolOffline } from '../sync-status';
import { Modal } from '../workspace/modal';

type Props = {
  schoolId: string;
  /** Sign-out is under way: nothing else may start, and Escape does nothing. */
  busy: boolean;
  error: string | undefined;
  /** Signs out; `discardUnsent` when the owner chose to drop the changes. */
  onSignOut: (discardUnsent: boolean) => void;
  onCancel: () => void;
  /** Opens the outbox panel, for changes that wait for the owner. */
  onReview: (() => void) | undefined;
};

/**
 * The warning before signing out with changes the school has not received, a dialog named
 * "Sign out with unsent changes?": "4 changes have not been sent to the school", with Send
 * now (the count then shows the progress), Discard and sign out, and Cancel (where focus
 * starts, so a stray Enter loses nothing). Once every change is sent it offers Sign out.
 */
export function UnsentSignOutDialog(props: Props) {
  const { schoolId, busy, error, onSignOut, onCancel, onReview } = props;
  const id = useId();
  const status = useOutboxStatus(schoolId);
  const offline = useSchoolOffline(schoolId);
  const { retry } = useOutboxActions(schoolId);
  const [sending, setSending] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const signOutRef = useRef<HTMLButtonElement>(null);
  const count = status?.count ?? 0;
  const needsYou = status?.needsYou ?? 0;
  const allSent = status !== undefined && count === 0;

  // After the Modal's effect opened the dialog (children's effects run first).
  useEffect(() => cancelRef.current?.focus(), []);
  // Send now and Discard go once everything is sent: focus moves to what replaces them.
  useEffect(() => {
    if (allSent) signOutRef.current?.focus();
  }, [allSent]);

  const progress = !sending
    ? ''
    : allSent
      ? 'Every change has reached the school.'
      : offline
        ? 'Can’t reach the school: the changes are sent as soon as it answers.'
        : needsYou === count
          ? `${needsYouText(needsYou)} before ${count === 1 ? 'it' : 'they'} can be sent.`
          : `Sending… ${waitingText(count)}.`;

  return (
    <Modal
      labelledBy={`${id}-title`}
      describedBy={`${id}-body`}
      onDismiss={() => {
        if (!busy) onCancel();
      }}
    >
      <h2 id={`${id}-title`}>Sign out with unsent changes?</h2>
      <div id={`${id}-body`}>
        {allSent ? (
          <p>Every change has reached the school. You can sign out now.</p>
        ) : (
          <>
            <p>{unsentText(count)}.</p>
            <p>
              Signing out removes them from this computer. Send them first, or discard them and sign
              out.
            </p>
          </>
        )}
      </div>
      <p role="status" className="hint">
        {busy ? 'Signing out…' : progress}
      </p>
      {error ? (
        <p role="alert" className="notice error">
          {error}
        </p>
      ) : null}
      <div className="actions">
        {allSent ? (
          <button
            ref={signOutRef}
            type="button"
            className="primary"
            disabled={busy}
            onClick={() => onSignOut(false)}
          >
            Sign out
          </button>
        ) : (
          <>
            <button
              type="button"
              className="primary"
              disabled={busy}
              onClick={() => {
                setSending(true);
                retry.mutate(undefined);
              }}
            >
              Send now
            </button>
            <button
              type="button"
              className="danger"
              disabled={busy}
              onClick={() => onSignOut(true)}
            >
              Discard and sign out
            </button>
          </>
        )}
        {needsYou > 0 && onReview ? (
          <button type="button" className="secondary" disabled={busy} onClick={onReview}>
            Review changes
          </button>
        ) : null}
        <button
          ref={cancelRef}
          type="button"
          className="secondary"
          disabled={busy}
          onClick={onCancel}
        >
          Cancel
        </button>
      </div>
    </Modal>
  );
}
