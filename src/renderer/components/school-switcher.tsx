import { useId } from 'react';
import type { SessionSummaryView } from '../../shared/contract';
import { useNow, useSyncStatus } from '../sync-status';
import { syncLine } from '../sync-status-text';

type Props = {
  sessions: readonly SessionSummaryView[];
  selected: string;
  onSelect: (schoolId: string) => void;
};

/**
 * The schools signed in on this computer, to switch between, each with its own sync status
 * (every school has its own copy); shown when there are several.
 */
export function SchoolSwitcher({ sessions, selected, onSelect }: Props) {
  const baseId = useId();
  if (sessions.length < 2) return null;
  return (
    <nav className="school-switcher" aria-label="Your schools">
      <h2>Your schools</h2>
      <ul>
        {sessions.map((session, index) => (
          <li key={session.schoolId}>
            <button
              type="button"
              className="secondary"
              aria-current={session.schoolId === selected ? 'true' : undefined}
              aria-describedby={`${baseId}-${index}`}
              onClick={() => onSelect(session.schoolId)}
            >
              {session.baseUrl}
            </button>
            <SchoolStatus id={`${baseId}-${index}`} schoolId={session.schoolId} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One school's status in a few words ("Up to date", "Can't reach the school"). */
function SchoolStatus({ id, schoolId }: { id: string; schoolId: string }) {
  const status = useSyncStatus(schoolId);
  const now = useNow(false);
  return (
    <span id={id} className="hint school-status">
      {status ? syncLine(status, now).phrase : ''}
    </span>
  );
}
