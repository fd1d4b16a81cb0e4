import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import type { PendingRevocationView } from '../../shared/contract';
import { formatWhen } from '../words/format';
import { sessionQuery } from '../data/queries';
import { useNow } from '../components/use-now';

/**
 * One pending sign-out in a sentence, in the owner's language: which school, since when, and
 * when it is tried again.
 */
export function pendingRevocationText(pending: PendingRevocationView, now: number): string {
  const values = { school: pending.baseUrl, when: formatWhen(pending.since, now) };
  return pending.survivesRestart
    ? i18next.t('account:pending.restart', values)
    : i18next.t('account:pending.memory', values);
}

/**
 * Sign-outs the school has not confirmed yet, on Connect and Account, until it does: main
 * lists them in `session:current` and says `session:changed` when one is confirmed.
 */
export function PendingRevocationsNotice() {
  const { t } = useTranslation('account');
  const pending = useQuery(sessionQuery()).data?.pendingRevocations ?? [];
  // Read once when the notice appears; "at 10:42" needs no ticking.
  const now = useNow(false);
  if (pending.length === 0) return null;
  return (
    <section className="notice warning" aria-labelledby="pending-revocations-heading">
      <h2 id="pending-revocations-heading">{t('pending.heading')}</h2>
      <ul>
        {pending.map((p) => (
          <li key={p.schoolId}>{pendingRevocationText(p, now)}</li>
        ))}
      </ul>
    </section>
  );
}
