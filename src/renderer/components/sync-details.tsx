import { Fragment } from 'react';
import { ENTITY_NAMES } from '../../shared/entity-names';
import { useNow, useSyncNow, useSyncStatus } from '../sync-status';
import { areaSyncText } from '../sync-status-text';
import { areaInfo } from '../workspace/areas';

/**
 * The Account area's view of this school's copy on this computer: each area's state, where
 * the copy is kept, and "Sync now". The shell's status line says the same in one line.
 */
export function SyncDetails({ schoolId }: { schoolId: string }) {
  const status = useSyncStatus(schoolId);
  const syncNow = useSyncNow(schoolId);
  const now = useNow(false);
  return (
    <section className="card" aria-labelledby="copy-heading">
      <h2 id="copy-heading">On this computer</h2>
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
          <p className="hint">
            {status.memoryOnly
              ? 'The copy is kept in memory only, since this computer has no keyring: it is gone when Schooldesk closes.'
              : 'The copy is kept encrypted, and removed when you sign out of this school.'}
          </p>
        </>
      ) : null}
      <button type="button" className="secondary" onClick={syncNow}>
        Sync now
      </button>
    </section>
  );
}
