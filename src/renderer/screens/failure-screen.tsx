import { useTranslation } from 'react-i18next';
import type { UiError } from '../data/bridge';
import { ScreenHeading } from '../components/screen-heading';
import { errorText } from '../words/error-text';
import { useUiStore } from '../ui-store';

/**
 * Failure: the sentence for the error code, in the owner's language, and two ways forward.
 * "Try again" keeps the address and scopes, since most failures are passing ones (a mistyped
 * address is shown on Connect's field instead).
 */
export function FailureScreen({ error }: { error: UiError }) {
  const { t } = useTranslation(['connect', 'common']);
  const showConnect = useUiStore((s) => s.showConnect);
  return (
    <section className="screen" aria-labelledby="failure-heading">
      <ScreenHeading id="failure-heading">{t('failure.heading')}</ScreenHeading>
      <p role="alert" className="notice error">
        {errorText(error)}
      </p>
      <p className="hint">
        {t('failure.code')} <code>{error.code}</code>
      </p>
      <div className="actions">
        <button type="button" className="primary" onClick={() => showConnect()}>
          {t('common:retry')}
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() => showConnect({ clearSchool: true })}
        >
          {t('failure.chooseAnother')}
        </button>
      </div>
    </section>
  );
}
