import type { UiError } from '../bridge';
import { ScreenHeading } from '../components/screen-heading';
import { useUiStore } from '../ui-store';

/**
 * Failure: the sentence main wrote for the error code, and two ways forward. "Try again"
 * keeps the address and scopes, since most failures (a typo aside) are passing ones.
 */
export function FailureScreen({ error }: { error: UiError }) {
  const showConnect = useUiStore((s) => s.showConnect);
  return (
    <section className="screen" aria-labelledby="failure-heading">
      <ScreenHeading id="failure-heading">Schooldesk could not sign you in</ScreenHeading>
      <p role="alert" className="notice error">
        {error.message}
      </p>
      <p className="hint">
        Error code: <code>{error.code}</code>
      </p>
      <div className="actions">
        <button type="button" className="primary" onClick={() => showConnect()}>
          Try again
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() => showConnect({ clearSchool: true })}
        >
          Choose another school
        </button>
      </div>
    </section>
  );
}
