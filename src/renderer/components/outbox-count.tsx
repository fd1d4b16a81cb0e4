import type { SessionSummaryView } from '../../shared/contract';
import { CHOOSABLE_SCOPES } from '../../shared/scope-catalog';
import { bridge } from '../bridge';
import { useOutboxStatus } from '../outbox-queries';
import { needsYouText, waitingText } from '../outbox-text';
import { useStartSignIn } from '../use-sign-in';

type Props = { session: SessionSummaryView; onOpen: () => void };

/**
 * The shell's word on unsent changes, beside the sync status: a button "3 changes waiting to
 * be sent" (with "2 need you" when some are parked) that opens the outbox panel, and "Sign in
 * again to send your changes" when the school stopped accepting the session. Nothing when
 * every change has reached the school.
 */
export function OutboxCount({ session, onOpen }: Props) {
  const status = useOutboxStatus(session.schoolId);
  const signIn = useStartSignIn();
  if (!status || (status.count === 0 && !status.signInNeeded)) return null;
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
          onClick={onOpen}
        >
          {waitingText(status.count)}
          {needsYou ? <span className="outbox-needs-you"> · {needsYou}</span> : null}
        </button>
      ) : null}
      {status.signInNeeded ? (
        <button type="button" className="primary" disabled={signIn.isPending} onClick={signInAgain}>
          Sign in again to send your changes
        </button>
      ) : null}
    </div>
  );
}
