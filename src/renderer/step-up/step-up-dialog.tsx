import { useEffect, useId } from 'react';
import { SCOPE_AREAS } from '../../shared/scope-catalog';
import { bridge, type UiError } from '../bridge';
import { CopyLink } from '../components/copy-link';
import { scopeLabel } from '../scopes';
import { useUiStore } from '../ui-store';
import { Modal } from '../workspace/modal';
import { useCurrentSession } from '../workspace/use-current-session';

/** One ask for more scopes, as the provider tracks it. */
export type StepUpRequest = {
  schoolId: string;
  school: string;
  /** The scopes the session lacks. */
  scopes: string[];
  /** The attempt main started, once `grantMore` answered (its link comes as an event). */
  started?: { attemptId: string };
  /** Why the attempt could not even start. */
  error?: UiError;
  retry: () => void;
  settle: (granted: boolean) => void;
};

/** Why Schooldesk wants a scope, in plain words ("to see and search your coupons"). */
export function scopeReason(scope: string): string {
  const area = SCOPE_AREAS.find((a) => a.read === scope || a.write === scope);
  if (!area) return scopeLabel(scope);
  const what = area.label.toLowerCase();
  return area.write === scope
    ? `to create, change and delete ${what}`
    : `to see and search ${what}`;
}

/**
 * The "Grant access" dialog: what is asked and why, the sign-in link (the web host cannot
 * open a browser, and a desktop browser may open out of sight), and the attempt's outcome.
 * It settles true only when the refreshed session really holds every scope asked for: the
 * owner may untick some on the consent page.
 */
export function StepUpDialog({ request }: { request: StepUpRequest }) {
  const headingId = useId();
  const descriptionId = useId();
  const { started, error, scopes, settle, retry } = request;
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

  const failure =
    error?.message ??
    (outcome?.type === 'failed'
      ? outcome.error.message
      : outcome?.type === 'finished' && !granted
        ? 'The school did not grant this access. You can ask again and choose Allow with it ticked.'
        : undefined);

  return (
    <Modal labelledBy={headingId} describedBy={descriptionId} onDismiss={cancel}>
      <h2 id={headingId}>Grant access</h2>
      <div id={descriptionId}>
        <p>Schooldesk needs more access at {request.school}:</p>
        <ul className="step-up-scopes">
          {scopes.map((scope) => (
            <li key={scope}>
              <strong>{scopeLabel(scope)}</strong> {scopeReason(scope)}.
            </li>
          ))}
        </ul>
        <p>
          Open your school’s sign-in page, sign in if asked and choose Allow. Schooldesk keeps
          everything you have now and continues when you come back.
        </p>
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
              Open the sign-in page
            </a>
          </p>
          <CopyLink url={authorizationUrl} />
        </>
      ) : null}
      <p role="status" className="hint">
        {failure
          ? ''
          : authorizationUrl
            ? 'Waiting for you to allow access…'
            : 'Preparing the sign-in page…'}
      </p>
      <div className="actions">
        {failure ? (
          <button type="button" className="primary" onClick={retry}>
            Try again
          </button>
        ) : null}
        <button type="button" className="secondary" onClick={cancel}>
          {failure ? 'Close' : 'Cancel'}
        </button>
      </div>
    </Modal>
  );
}
