import { useTranslation } from 'react-i18next';
import type { SignInStep } from '../ui-store';

type StepState = 'done' | 'current' | 'failed';

/** The mark beside a step: the words say the same, so it is hidden from screen readers. */
const MARKS: Record<StepState, string> = { done: '✓', current: '…', failed: '!' };

/**
 * The sign-in's progress as it arrives, each step main reports in plain words. The list is a
 * polite live region, so a screen reader announces each new step without interrupting.
 */
export function ProgressSteps({ steps }: { steps: readonly SignInStep[] }) {
  const { t } = useTranslation('connect');
  // A step can be reported twice (e.g. a retried discovery); show it once. The browser
  // opening is no step of its own: the screen's sentence says it, while the owner is still
  // "waiting in the browser".
  const unique = [...new Set(steps)].filter((step) => step !== 'browser_opened');
  return (
    <section aria-labelledby="progress-heading">
      <h2 id="progress-heading">{t('progress.heading')}</h2>
      <ol className="progress-steps" aria-live="polite">
        {unique.map((step, index) => {
          const current = index === unique.length - 1;
          const failed = step === 'browser_failed';
          const state: StepState = failed ? 'failed' : current ? 'current' : 'done';
          return (
            <li key={step} className={`step ${state}`} aria-current={current ? 'step' : undefined}>
              <span className="step-mark" aria-hidden="true">
                {MARKS[state]}
              </span>
              {t(`progress.${step}`)}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
