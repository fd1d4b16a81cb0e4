import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { ENTITY_NAMES } from '../../shared/entity-names';
import type { SyncStatus } from '../../shared/sync-status';
import { useNow } from '../components/use-now';
import { useSyncStatus } from '../data/sync-queries';
import { useSyncNow } from './sync-actions';
import { areaSyncText } from './sync-status-text';
import { areaInfo } from '../words/areas';

/**
 * The Account area's view of this school's copy on this computer: each area's state, where
 * the copy is kept, and "Sync now". The shell's status line says the same in one line.
 */
export function SyncDetails({ schoolId }: { schoolId: string }) {
  const { t } = useTranslation('account');
  const status = useSyncStatus(schoolId);
  const syncNow = useSyncNow(schoolId);
  const now = useNow(false);
  return (
    <section className="card" aria-labelledby="copy-heading">
      <h2 id="copy-heading">{t('copy.heading')}</h2>
      {status ? (
        <>
          <dl className="details">
            {ENTITY_NAMES.map((area) => (
              <Fragment key={area}>
                <dt>{areaInfo(area).label}</dt>
                <dd>{areaSyncText(status.areas[area], now)}</dd>
              </Fragment>
            ))}
          </dl>
          <FileFailureAdvice status={status} />
          <p className="hint">{status.memoryOnly ? t('copy.memoryOnly') : t('copy.encrypted')}</p>
        </>
      ) : null}
      <button type="button" className="secondary" onClick={syncNow}>
        {t('copy.syncNow')}
      </button>
    </section>
  );
}

/**
 * What the owner can do when a sync failed on this computer's files ("Free some space..."),
 * below the areas that say it failed; nothing for other failures, which the log names.
 */
function FileFailureAdvice({ status }: { status: SyncStatus }) {
  const { t } = useTranslation('errors');
  const [reason] = Object.values(status.areas).flatMap((area) => {
    const why = area.failure?.reason;
    return why && why !== 'sync_error' ? [why] : [];
  });
  return reason ? <p className="hint">{t(reason)}</p> : null;
}
