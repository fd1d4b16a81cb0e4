import type { SessionSummaryView } from '../../shared/contract';

type Props = {
  sessions: readonly SessionSummaryView[];
  selected: string;
  onSelect: (issuer: string) => void;
};

/** The schools signed in on this computer, to switch between; shown when there are several. */
export function SchoolSwitcher({ sessions, selected, onSelect }: Props) {
  if (sessions.length < 2) return null;
  return (
    <nav className="school-switcher" aria-label="Your schools">
      <h2>Your schools</h2>
      <ul>
        {sessions.map((session) => (
          <li key={session.issuer}>
            <button
              type="button"
              className="secondary"
              aria-current={session.issuer === selected ? 'true' : undefined}
              onClick={() => onSelect(session.issuer)}
            >
              {session.baseUrl}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
