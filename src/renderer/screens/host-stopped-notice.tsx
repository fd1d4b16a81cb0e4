import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useHostStopped } from '../data/host-stopped';

/**
 * Says, above every screen, that Schooldesk itself stopped (not the school) and how to start
 * it again, with Reload for when it runs again: the page keeps its secret for the reload.
 */
export function HostStoppedNotice() {
  const { t } = useTranslation(['shell']);
  const stopped = useHostStopped((s) => s.stopped);
  const headingId = useId();
  if (!stopped) return null;
  return (
    <section role="alert" aria-labelledby={headingId} className="notice error host-stopped">
      <h2 id={headingId}>{t('hostStopped.heading')}</h2>
      <p>{t('hostStopped.body', { command: 'npm run web' })}</p>
      <button type="button" className="primary" onClick={() => location.reload()}>
        {t('hostStopped.reload')}
      </button>
    </section>
  );
}
