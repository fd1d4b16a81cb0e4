import { useTranslation } from 'react-i18next';
import { bridge } from '../data/bridge';
import { CopyLink } from '../components/copy-link';
import { ProgressSteps } from '../connect/progress-steps';
import { ScreenHeading } from '../components/screen-heading';
import { useUiStore } from '../ui-store';

type Props = { attemptId: string };

/**
 * Waiting: Schooldesk finds the school and prepares its sign-in page, then the user signs in
 * on that page, in the browser. Cancel is there from the first step: a school that does not
 * answer could otherwise hold "Finding the school" for a long while. The link and copy button
 * come with the sign-in page, because opening the browser can fail, or open it somewhere the
 * user does not look.
 */
export function WaitingScreen({ attemptId }: Props) {
  const { t } = useTranslation(['connect', 'common']);
  const attempt = useUiStore((s) => s.attempts[attemptId]);
  const steps = attempt?.steps ?? [];
  const authorizationUrl = attempt?.authorizationUrl;
  const showConnect = useUiStore((s) => s.showConnect);
  const browserFailed = steps.includes('browser_failed');
  const browserOpened = steps.includes('browser_opened');

  const cancel = () => {
    // Leave first: the attempt's "cancelled" failure that follows is then ignored.
    showConnect();
    bridge()
      .session.cancel({ attemptId })
      .catch(() => {
        // Nothing to show: the attempt times out in main even if this call never arrived.
      });
  };

  return (
    <section className="screen" aria-labelledby="waiting-heading">
      <ScreenHeading id="waiting-heading">
        {authorizationUrl ? t('waiting.headingBrowser') : t('waiting.headingConnecting')}
      </ScreenHeading>
      {!authorizationUrl ? (
        <p>{t('waiting.finding')}</p>
      ) : browserFailed ? (
        <p role="alert" className="notice warning">
          {t('waiting.browserFailed')}
        </p>
      ) : browserOpened ? (
        <p>{t('waiting.opened')}</p>
      ) : (
        <p>{t('waiting.useLink')}</p>
      )}
      {authorizationUrl ? (
        <>
          <p>
            <a
              className="button-link primary"
              href={authorizationUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('waiting.openLink')}
            </a>
          </p>
          <CopyLink url={authorizationUrl} />
        </>
      ) : null}
      <ProgressSteps steps={steps} />
      <div className="actions">
        <button type="button" className="secondary" onClick={cancel}>
          {t('common:cancel')}
        </button>
      </div>
    </section>
  );
}
