import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionSummaryView } from '../../shared/contract';
import { useNow } from '../components/use-now';
import { useSyncStatus } from '../data/sync-queries';
import { syncLine } from '../sync/sync-status-text';
import { schoolAddress, schoolName } from '../data/use-current-session';
import { MenuButton, type MenuItem } from './account-menu';

type Props = {
  sessions: readonly SessionSummaryView[];
  selected: string;
  onSelect: (schoolId: string) => void;
};

/**
 * The header's school switcher: a menu button named after the school shown ("School: Demo School"),
 * listing every signed-in school by name with its address, the one shown checked, and "Add
 * another school". Keyboard reachable like any menu button; the palette offers the same.
 */
export function SchoolMenu({ sessions, selected, onSelect, onAdd }: Props & { onAdd: () => void }) {
  const { t } = useTranslation('shell');
  const current = sessions.find((s) => s.schoolId === selected) ?? sessions[0];
  if (!current) return null;
  const name = schoolName(current, sessions);
  const items: MenuItem[] = [
    ...sessions.map((session) => ({
      id: session.schoolId,
      label: schoolName(session, sessions),
      detail: schoolAddress(session),
      checked: session.schoolId === current.schoolId,
      onSelect: () => onSelect(session.schoolId),
    })),
    { id: 'add', label: t('header.addSchool'), onSelect: onAdd },
  ];
  return (
    <MenuButton
      label={t('header.schoolMenu')}
      className="school-menu-button"
      title={`${name} (${current.baseUrl})`}
      items={items}
    >
      <span className="visually-hidden">{t('header.schoolPrefix')}</span>
      <span className="school-menu-name">{name}</span>
      <span className="menu-caret" aria-hidden="true" />
    </MenuButton>
  );
}

/**
 * The Account area's list of the schools signed in on this computer, to switch between, each
 * with its address and its own sync status (every school has its own copy); shown when there
 * are several.
 */
export function SchoolSwitcher({ sessions, selected, onSelect }: Props) {
  const { t } = useTranslation('account');
  const baseId = useId();
  if (sessions.length < 2) return null;
  return (
    <nav className="school-switcher" aria-label={t('schools.heading')}>
      <h2>{t('schools.heading')}</h2>
      <ul>
        {sessions.map((session, index) => (
          <li key={session.schoolId}>
            <button
              type="button"
              className="secondary school-choice"
              aria-current={session.schoolId === selected ? 'true' : undefined}
              aria-describedby={`${baseId}-${index}`}
              onClick={() => onSelect(session.schoolId)}
            >
              <span className="school-choice-name">{schoolName(session, sessions)}</span>
              <span className="school-choice-address">{schoolAddress(session)}</span>
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
