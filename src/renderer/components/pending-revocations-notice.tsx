import { useQuery } from '@tanstack/react-query';
import type { PendingRevocationView } from '../../shared/contract';
import { formatWhen } from '../format';
import { sessionQuery } from '../queries';
import { useNow } from '../sync-status';

/** One pending sign-out in a sentence: which school, since when, and when it is tried again. */
export function pendingRevocationText(pending: PendingRevocationView, now: number): string {
  const head = `${pending.baseUrl} has not yet confirmed that Schooldesk’s access is cancelled (you signed out ${formatWhen(pending.since, now)}).`;
  return pending.survivesRestart
    ? `${head} Schooldesk will try again when it starts.`
    : `${head} Schooldesk will try again while it stays open, but not after you quit it.`;
}

/**
 * Sign-outs the school has not confirmed yet, on Connect and Account, until it does: main
 * lists them in `session:current` and says `session:changed` when one is confirmed.
 */
export function PendingRevocationsNotice() {
  const pending = useQuery(sessionQuery()).data?.pendingRevocations ?? [];
  // Read once when the notice appears; "at 10:42" needs no ticking.
  const now = useNow(false);
  if (pending.length === 0) return null;
  return (
    <section className="notice warning" aria-labelledby="pending-revocations-heading">
      <h2 id="pending-revocations-heading">Access not yet cancelled</h2>
      <ul>
        {pending.map((p) => (
          <li key={p.schoolId}>{pendingRevocationText(p, now)}</li>
        ))}
      </ul>
    </section>
  );
}
