import { useTranslation } from 'react-i18next';
import type { SessionSummaryView } from '../../shared/contract';
import { CHOOSABLE_SCOPES } from '../../shared/scope-catalog';
import { bridge } from '../data/bridge';
import { useOutboxStatus } from '../data/outbox-queries';
import { needsYouText, refusingText, waitingText } from './outbox-text';
import { useSecondsUntil } from '../components/use-seconds-until';
import { useStartSignIn } from '../data/use-sign-in';

type Props = { session: SessionSummaryView; onOpen: () => void };

/**
 * The shell's word on unsent changes, beside the sync status: a button "3 changes waiting to
 * be sent" (with "2 need you" when some are parked), or "The school is refusing changes;
 * retrying in 12 s" while it refuses them, that opens the outbox panel, and "Sign in
 * again to send your changes" when the school stopped accepting the session, and a word that
 * opens the panel when its data could not be read or another account's changes wait here.
 * Nothing when every change has reached the school and there is nothing to tell. In a narrow header the words are cut short (the whole
 * sentence stays the button's name and tooltip) rather than wrapping the header.
 */
export function OutboxCount({ session, onOpen }: Props) {
  const { t } = useTranslation('shell');
  const status = useOutboxStatus(session.schoolId);
  const signIn = useStartSignIn();
  const refusingFor = useSecondsUntil(status?.refusingUntil);
  if (!status) return null;
  // What the outbox panel has to tell beside the entries, if anything.
  const notice = status.unreadable
    ? t('outbox.unreadableShort', { count: status.unreadable.count })
    : status.otherAccount
      ? t('outbox.otherAccountShort', { count: status.otherAccount.count })
      : undefined;
  if (status.count === 0 && !status.signInNeeded && !notice) return null;
  // While the school refuses changes, that is what the owner needs to know of them.
  const waiting = refusingFor === undefined ? waitingText(status.count) : refusingText(refusingFor);
  const needsYou = needsYouText(status.needsYou);
  // The same sign-in as Connect, for this school and what it had granted: the entries wait
  // in the outbox meanwhile and go once it finishes (use-bridge-events.ts).
  const signInAgain = () =>
    signIn.mutate(() =>
      bridge().session.signIn({
        school: session.baseUrl,
        scopes: session.scopes.filter((s) => CHOOSABLE_SCOPES.includes(s)),
      }),
    );
  return (
    <div className="outbox-count">
      {status.count > 0 ? (
        <button
          type="button"
          className="secondary outbox-count-button"
          data-needs-you={status.needsYou > 0 || undefined}
          aria-haspopup="dialog"
          title={needsYou ? `${waiting} · ${needsYou}` : waiting}
          onClick={onOpen}
        >
          <span className="outbox-count-text">{waiting}</span>
          {needsYou ? <span className="outbox-needs-you"> · {needsYou}</span> : null}
        </button>
      ) : null}
      {notice ? (
        <button
          type="button"
          className="secondary outbox-count-button"
          data-needs-you
          aria-haspopup="dialog"
          title={notice}
          onClick={onOpen}
        >
          <span className="outbox-count-text">{notice}</span>
        </button>
      ) : null}
      {status.signInNeeded ? (
        <button
          type="button"
          className="primary outbox-sign-in"
          disabled={signIn.isPending}
          aria-label={t('outbox.signInAgain')}
          title={t('outbox.signInAgain')}
          onClick={signInAgain}
        >
          <span className="header-long">{t('outbox.signInAgain')}</span>
          <span className="header-short">{t('outbox.signInShort')}</span>
        </button>
      ) : null}
    </div>
  );
}
