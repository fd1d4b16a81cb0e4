import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutboxStatus } from '../data/outbox-queries';
import { useOutboxActions } from './use-outbox-actions';
import { needsYouText, waitingText } from './outbox-text';
import { useSchoolOffline } from '../data/sync-queries';
import { Modal } from '../components/modal';

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
  const { t } = useTranslation(['outbox', 'common']);
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
      ? t('panel.allSent')
      : offline
        ? t('signOut.offline')
        : needsYou === count
          ? t('signOut.needsYou', { needsYou: needsYouText(needsYou), count })
          : t('signOut.sending', { waiting: waitingText(count) });

  return (
    <Modal
      labelledBy={`${id}-title`}
      describedBy={`${id}-body`}
      onDismiss={() => {
        if (!busy) onCancel();
      }}
    >
      <h2 id={`${id}-title`}>{t('signOut.title')}</h2>
      <div id={`${id}-body`}>
        {allSent ? (
          <p>{t('signOut.allSent')}</p>
        ) : (
          <>
            <p>{t('unsentSentence', { count })}</p>
            <p>{t('signOut.removes')}</p>
          </>
        )}
      </div>
      <p role="status" className="hint">
        {busy ? t('signOut.signingOut') : progress}
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
            {t('signOut.signOut')}
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
              {t('panel.sendNow')}
            </button>
            <button
              type="button"
              className="danger"
              disabled={busy}
              onClick={() => onSignOut(true)}
            >
              {t('signOut.discardAndSignOut')}
            </button>
          </>
        )}
        {needsYou > 0 && onReview ? (
          <button type="button" className="secondary" disabled={busy} onClick={onReview}>
            {t('signOut.review')}
          </button>
        ) : null}
        <button
          ref={cancelRef}
          type="button"
          className="secondary"
          disabled={busy}
          onClick={onCancel}
        >
          {t('common:cancel')}
        </button>
      </div>
    </Modal>
  );
}
