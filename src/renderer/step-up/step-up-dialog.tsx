import i18next from 'i18next';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCOPE_AREAS } from '../../shared/scope-catalog';
import { bridge, type UiError } from '../data/bridge';
import { CopyLink } from '../components/copy-link';
import { errorText } from '../words/error-text';
import { scopeAreaLabel, scopeLabel } from '../words/scope-words';
import { useUiStore } from '../ui-store';
import { Modal } from '../components/modal';
import { useCurrentSession } from '../data/use-current-session';

/** One ask for more scopes, as the provider tracks it. */
export type StepUpRequest = {
  schoolId: string;
  school: string;
  /** The scopes the session lacks. */
  scopes: string[];
  /** Those of `scopes` the school already refused once (at sign-in or an earlier ask). */
  refusedBefore: string[];
  /** The attempt main started, once `grantMore` answered (its link comes as an event). */
  started?: { attemptId: string };
  /** Why the attempt could not even start. */
  error?: UiError;
  retry: () => void;
  settle: (granted: boolean) => void;
};

/**
 * Why Schooldesk wants a scope, in plain words in the owner's language ("to see and search
 * coupons.", "用來查看和搜尋折價券。").
 */
export function scopeReason(scope: string): string {
  const area = SCOPE_AREAS.find((a) => a.read === scope || a.write === scope);
  if (!area) return scopeLabel(scope);
  // Lowercase inside an English sentence; Chinese has no case.
  const what = scopeAreaLabel(area).toLowerCase();
  return area.write === scope
    ? i18next.t('operations:stepUp.reasonWrite', { what })
    : i18next.t('operations:stepUp.reasonRead', { what });
}

/**
 * The "Grant access" dialog: what is asked and why, the sign-in link (the web host cannot
 * open a browser, and a desktop browser may open out of sight), and the attempt's outcome.
 * It settles true only when the refreshed session really holds every scope asked for: the
 * owner may untick some on the consent page.
 */
export function StepUpDialog({ request }: { request: StepUpRequest }) {
  const { t } = useTranslation(['operations', 'common']);
  const headingId = useId();
  const descriptionId = useId();
  const { started, error, scopes, settle, retry } = request;
  // Scopes refused earlier, and in this dialog's own earlier attempts (Retry asks again).
  const [refusedBefore, setRefusedBefore] = useState(request.refusedBefore);
  const attempt = useUiStore((s) => (started ? s.attempts[started.attemptId] : undefined));
  const outcome = attempt?.outcome;
  const authorizationUrl = attempt?.authorizationUrl;
  const session = useCurrentSession();
  const granted =
    outcome?.type === 'finished' && !!session && scopes.every((s) => session.scopes.includes(s));

  useEffect(() => {
    if (granted) settle(true);
  }, [granted, settle]);

  const cancel = () => {
    if (started && !outcome) {
      bridge()
        .session.cancel({ attemptId: started.attemptId })
        .catch(() => {
          // Nothing to show: the attempt times out in main even if this call never arrived.
        });
    }
    settle(false);
  };

  const declined = outcome?.type === 'finished' && !granted;
  // Refused a second time: the consent page likely did not offer it to this account at all
  // (a staff role cannot grant write access), so ticking it again will not help.
  const refusedTwice =
    declined && scopes.some((s) => refusedBefore.includes(s) && !session?.scopes.includes(s));
  const failure = error
    ? errorText(error)
    : outcome?.type === 'failed'
      ? errorText(outcome.error)
      : refusedTwice
        ? t('stepUp.refusedTwice')
        : declined
          ? t('stepUp.declined')
          : undefined;
  const askAgain = () => {
    if (declined) setRefusedBefore((before) => [...new Set([...before, ...scopes])]);
    retry();
  };

  return (
    <Modal labelledBy={headingId} describedBy={descriptionId} onDismiss={cancel}>
      <h2 id={headingId}>{t('stepUp.title')}</h2>
      <div id={descriptionId}>
        <p>{t('stepUp.needsMore', { school: request.school })}</p>
        <ul className="step-up-scopes">
          {scopes.map((scope) => (
            <li key={scope}>
              <strong>{scopeLabel(scope)}</strong>
              {t('stepUp.gap')}
              {scopeReason(scope)}
            </li>
          ))}
        </ul>
        <p>{t('stepUp.instructions')}</p>
      </div>
      {failure ? (
        <p role="alert" className="notice error">
          {failure}
        </p>
      ) : null}
      {authorizationUrl && !failure ? (
        <>
          <p>
            <a
              className="button-link primary"
              href={authorizationUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('stepUp.openPage')}
            </a>
          </p>
          <CopyLink url={authorizationUrl} />
        </>
      ) : null}
      <p role="status" className="hint">
        {failure ? '' : authorizationUrl ? t('stepUp.waiting') : t('stepUp.preparing')}
      </p>
      <div className="actions">
        {failure ? (
          <button type="button" className="primary" onClick={askAgain}>
            {t('common:retry')}
          </button>
        ) : null}
        <button type="button" className="secondary" onClick={cancel}>
          {failure ? t('common:close') : t('common:cancel')}
        </button>
      </div>
    </Modal>
  );
}
