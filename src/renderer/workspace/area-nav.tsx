import { useTranslation } from 'react-i18next';
import type { SessionSummaryView } from '../../shared/contract';
import type { Area } from '../ui-store';
import { AREAS, isEntityArea } from '../words/areas';
import { LockIcon } from '../components/lock-icon';
import { accessOf } from '../data/use-current-session';

type Props = { session: SessionSummaryView; current: Area; onOpen: (area: Area) => void };

/**
 * The sidebar: the four areas and Account. Links rather than buttons because they move
 * between places (and the header's "Account" menu button keeps its name to itself). An area
 * the session cannot read shows a lock, and says "(locked)" to screen readers.
 */
export function AreaNav({ session, current, onOpen }: Props) {
  const { t } = useTranslation('shell');
  return (
    <nav className="area-nav" aria-label={t('nav.label')}>
      <ul>
        {AREAS.map((area) => {
          const locked = isEntityArea(area.id) && !accessOf(session, area.id).canRead;
          return (
            <li key={area.id}>
              <a
                href={`#area-${area.id}`}
                className={`area-link${locked ? ' locked' : ''}`}
                aria-current={area.id === current ? 'page' : undefined}
                aria-keyshortcuts={`Alt+${area.key}`}
                onClick={(event) => {
                  // The address keeps the web host's secret; moving is the store's job.
                  event.preventDefault();
                  onOpen(area.id);
                }}
              >
                <span>{area.label}</span>
                {locked ? (
                  <>
                    <LockIcon />
                    <span className="visually-hidden"> {t('nav.locked')}</span>
                  </>
                ) : null}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
