import { useId } from 'react';
import type { SessionSummaryView } from '../../shared/contract';
import { useNow, useSyncStatus } from '../sync-status';
import { syncLine } from '../sync-status-text';

type Props = {
  sessions: readonly SessionSummaryView[];
  selected: string;
  onSelect: (issuer: string) => void;
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
          <li key={session.issuer}>
            <button
              type="button"
              className="secondary"
              aria-current={session.issuer === selected ? 'true' : undefined}
              aria-describedby={`${baseId}-${index}`}
              onClick={() => onSelect(session.issuer)}
            >
              {session.baseUrl}
            </button>
            <SchoolStatus id={`${baseId}-${index}`} issuer={session.issuer} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One school's status in a few words ("Up to date", "Can't reach the school"). */
function SchoolStatus({ id, issuer }: { id: string; issuer: string }) {
  const status = useSyncStatus(issuer);
  const now = useNow(false);
  return (
    <span id={id} className="hint school-status">
      {status ? syncLine(status, now).phrase : ''}
    </span>
  );
}
