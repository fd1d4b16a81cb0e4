import type { SignInStep } from '../ui-store';

/** Each step main reports, in plain words. */
export const STEP_LABELS: Record<SignInStep, string> = {
  discovering: 'Finding the school',
  registering: 'Registering Schooldesk',
  waiting_for_browser: 'Waiting for you in the browser',
  browser_failed: 'Could not open your browser',
  exchanging: 'Getting access',
  signed_in: 'Signed in',
};

/**
 * The sign-in's progress as it arrives. The list is a polite live region, so a screen reader
 * announces each new step without interrupting.
 */
export function ProgressSteps({ steps }: { steps: readonly SignInStep[] }) {
  // A step can be reported twice (e.g. a retried discovery); show it once.
  const unique = [...new Set(steps)];
  return (
    <section aria-labelledby="progress-heading">
      <h2 id="progress-heading">Progress</h2>
      <ol className="progress-steps" aria-live="polite">
        {unique.map((step, index) => {
          const current = index === unique.length - 1;
          const failed = step === 'browser_failed';
          const state = failed ? 'failed' : current ? 'current' : 'done';
          return (
            <li key={step} className={`step ${state}`} aria-current={current ? 'step' : undefined}>
              <span className="step-mark" aria-hidden="true">
                {failed ? '!' : current ? '…' : '✓'}
              </span>
              {STEP_LABELS[step]}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
