import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionSummaryView } from '../../shared/contract';
import type { EntityName } from '../../shared/entity-names';
import { AccountMenu, type MenuItem } from '../account/account-menu';
import { OutboxCount } from '../outbox/outbox-count';
import { SchoolMenu } from '../account/school-switcher';
import { SignOutDialog } from '../account/sign-out-dialog';
import { SyncStatusLine } from '../sync/sync-status-line';
import { ToastRegion } from '../components/toast-region';
import { useOutboxStatuses } from '../data/outbox-queries';
import { OutboxPanel } from '../outbox/outbox-panel';
import { AccountArea } from '../screens/signed-in-screen';
import { useGrantAccess } from '../step-up/grant-access';
import { useSyncNow } from '../sync/sync-actions';
import { useUiStore, useWorkspaceRoute } from '../ui-store';
import { isEntityArea } from '../words/areas';
import { AreaNav } from './area-nav';
import { CommandPalette } from './command-palette';
import { EntityArea } from './entity-area';
import { LockedArea } from './locked-area';
import { ShortcutsSheet } from './shortcuts-sheet';
import { useGlobalShortcuts } from './shortcuts';
import { accessOf } from '../data/use-current-session';
import { guarded } from '../records/unsaved-edits';
import { UnsavedChangesDialog } from '../records/unsaved-dialog';

type Props = { sessions: readonly SessionSummaryView[]; session: SessionSummaryView };

/** Ctrl+K, or ⌘K on a Mac, as the search button shows it. */
const PALETTE_KEYS =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘K' : 'Ctrl+K';

/**
 * The signed-in home: a header with the school switcher, its sync status, its changes waiting
 * to be sent, search and the Account menu, the sidebar of areas, and the current area (a list
 * with its record beside it, a locked panel, or Account). The palette, the shortcuts sheet,
 * the outbox panel and sign-out are dialogs over it. The app mounts one per school shown
 * (keyed by school), so nothing of one school's screen stays when another is shown.
 */
export function WorkspaceScreen({ sessions, session }: Props) {
  const { t } = useTranslation('shell');
  const { area, recordId } = useWorkspaceRoute();
  // Every step away from the open record asks first while it holds unsaved edits.
  const openArea = guarded(useUiStore((s) => s.openArea));
  const openRecord = guarded(useUiStore((s) => s.openRecord));
  const showConnect = guarded(useUiStore((s) => s.showConnect));
  const showSignedIn = guarded(useUiStore((s) => s.showSignedIn));
  const searchArea = guarded((entity: EntityName, q: string) => {
    useUiStore.getState().openArea(entity);
    useUiStore.getState().setListView(session.schoolId, entity, { query: q });
  });
  const grant = useGrantAccess();
  const [dialog, setDialog] = useState<'palette' | 'shortcuts' | 'signOut' | 'outbox'>();
  const signOut = guarded(() => setDialog('signOut'));
  const accountButton = useRef<HTMLButtonElement>(null);
  const syncNow = useSyncNow(session.schoolId);
  // Every school's count and pending marks from the start, and for the sign-out warning.
  useOutboxStatuses(sessions.map((s) => s.schoolId));

  const newRecord = (entity: EntityName) => {
    if (accessOf(session, entity).canWrite) openRecord(entity, 'new');
    else
      void grant([`${entity}:write`]).then((granted) => {
        if (granted) openRecord(entity, 'new');
      });
  };
  const addSchool = () => showConnect({ clearSchool: true });

  useGlobalShortcuts({
    openPalette: () => setDialog('palette'),
    openShortcuts: () => setDialog('shortcuts'),
    openArea,
    newRecord: () => {
      if (isEntityArea(area) && accessOf(session, area).canRead) newRecord(area);
    },
  });

  const closeDialog = () => setDialog(undefined);
  const accountItems: MenuItem[] = [
    { id: 'details', label: t('header.accountDetails'), onSelect: () => openArea('account') },
    { id: 'sync', label: t('header.syncNow'), onSelect: syncNow },
    { id: 'shortcuts', label: t('header.shortcuts'), onSelect: () => setDialog('shortcuts') },
    { id: 'sign-out', label: t('header.signOut'), onSelect: signOut },
    { id: 'add-school', label: t('header.addSchool'), onSelect: addSchool },
  ];

  return (
    <div className={`workspace${recordId ? ' with-record' : ''}`}>
      <header className="workspace-header">
        <span className="app-name">{t('appName')}</span>
        <SchoolMenu
          sessions={sessions}
          selected={session.schoolId}
          onSelect={(schoolId) => showSignedIn(schoolId)}
          onAdd={addSchool}
        />
        {session.name ? (
          <span className="workspace-user" title={session.name}>
            {session.name}
          </span>
        ) : null}
        <SyncStatusLine schoolId={session.schoolId} />
        <OutboxCount session={session} onOpen={() => setDialog('outbox')} />
        <div className="workspace-header-actions">
          <button
            type="button"
            className="secondary header-search"
            aria-label={t('header.search')}
            aria-keyshortcuts="Control+K Meta+K"
            title={`${t('header.search')} (${PALETTE_KEYS})`}
            onClick={() => setDialog('palette')}
          >
            <span className="header-long" aria-hidden="true">
              {t('header.search')}
            </span>
            <span className="header-short" aria-hidden="true">
              {t('header.searchShort')}
            </span>{' '}
            <kbd aria-hidden="true">{PALETTE_KEYS}</kbd>
          </button>
          <button
            type="button"
            className="secondary header-shortcuts"
            aria-label={t('header.shortcuts')}
            aria-keyshortcuts="Shift+?"
            title={t('header.shortcuts')}
            onClick={() => setDialog('shortcuts')}
          >
            <span aria-hidden="true">?</span>
          </button>
          <AccountMenu buttonRef={accountButton} items={accountItems} />
        </div>
      </header>
      <AreaNav session={session} current={area} onOpen={openArea} />
      <main className="workspace-main">
        {area === 'account' ? (
          <AccountArea sessions={sessions} session={session} onSignOut={signOut} />
        ) : accessOf(session, area).canRead ? (
          <EntityArea
            key={area}
            schoolId={session.schoolId}
            entity={area}
            recordId={recordId}
            canWrite={accessOf(session, area).canWrite}
          />
        ) : (
          <LockedArea key={area} session={session} entity={area} />
        )}
      </main>
      <ToastRegion />
      {dialog === 'palette' ? (
        <CommandPalette
          session={session}
          sessions={sessions}
          onClose={closeDialog}
          openArea={openArea}
          searchArea={searchArea}
          openRecord={openRecord}
          newRecord={newRecord}
          openShortcuts={() => setDialog('shortcuts')}
          syncNow={syncNow}
          switchSchool={(schoolId) => showSignedIn(schoolId)}
          addSchool={addSchool}
        />
      ) : null}
      {dialog === 'shortcuts' ? <ShortcutsSheet onClose={closeDialog} /> : null}
      {dialog === 'outbox' ? (
        <OutboxPanel schoolId={session.schoolId} onClose={closeDialog} />
      ) : null}
      {dialog === 'signOut' ? (
        <SignOutDialog
          session={session}
          onCancel={() => {
            closeDialog();
            accountButton.current?.focus();
          }}
          onReview={() => setDialog('outbox')}
        />
      ) : null}
      <UnsavedChangesDialog />
    </div>
  );
}
