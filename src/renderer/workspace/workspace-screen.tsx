import { useRef, useState } from 'react';
import type { SessionSummaryView } from '../../shared/contract';
import type { EntityName } from '../../shared/entity-names';
import { AccountMenu } from '../components/account-menu';
import { OutboxCount } from '../components/outbox-count';
import { SignOutDialog } from '../components/sign-out-dialog';
import { SyncStatusLine } from '../components/sync-status-line';
import { ToastRegion } from '../components/toast-region';
import { useOutboxStatuses } from '../outbox-queries';
import { OutboxPanel } from '../outbox/outbox-panel';
import { AccountArea } from '../screens/signed-in-screen';
import { useGrantAccess } from '../step-up/grant-access';
import { useSyncNow } from '../sync-status';
import { useUiStore } from '../ui-store';
import { isEntityArea } from './areas';
import { AreaNav } from './area-nav';
import { CommandPalette } from './command-palette';
import { EntityArea } from './entity-area';
import { LockedArea } from './locked-area';
import { ShortcutsSheet } from './shortcuts-sheet';
import { useGlobalShortcuts } from './shortcuts';
import { accessOf } from './use-current-session';

type Props = { sessions: readonly SessionSummaryView[]; session: SessionSummaryView };

/**
 * The signed-in home: a header with the school, its sync status, its changes waiting to be
 * sent and the Account menu, the sidebar of areas, and the current area (a list with its
 * record beside it, a locked panel, or Account). The palette, the shortcuts sheet, the outbox
 * panel and sign-out are dialogs over it.
 */
export function WorkspaceScreen({ sessions, session }: Props) {
  const { area, recordId } = useUiStore((s) => s.workspace);
  const openArea = useUiStore((s) => s.openArea);
  const openRecord = useUiStore((s) => s.openRecord);
  const showConnect = useUiStore((s) => s.showConnect);
  const grant = useGrantAccess();
  const [dialog, setDialog] = useState<'palette' | 'shortcuts' | 'signOut' | 'outbox'>();
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

  useGlobalShortcuts({
    openPalette: () => setDialog('palette'),
    openShortcuts: () => setDialog('shortcuts'),
    openArea,
    newRecord: () => {
      if (isEntityArea(area) && accessOf(session, area).canRead) newRecord(area);
    },
  });

  const closeDialog = () => setDialog(undefined);

  return (
    <div className="workspace">
      <header className="workspace-header">
        <span className="app-name">Schooldesk</span>
        <span className="workspace-school" title={session.baseUrl}>
          {session.baseUrl}
        </span>
        {session.name ? <span className="workspace-user">{session.name}</span> : null}
        <SyncStatusLine key={session.schoolId} schoolId={session.schoolId} />
        <OutboxCount
          key={`outbox ${session.schoolId}`}
          session={session}
          onOpen={() => setDialog('outbox')}
        />
        <div className="workspace-header-actions">
          <button
            type="button"
            className="secondary"
            aria-keyshortcuts="Control+K Meta+K"
            onClick={() => setDialog('palette')}
          >
            Search and commands <kbd>Ctrl+K</kbd>
          </button>
          <button type="button" className="secondary" onClick={() => setDialog('shortcuts')}>
            Keyboard shortcuts
          </button>
          <AccountMenu
            buttonRef={accountButton}
            items={[
              { label: 'Account details', onSelect: () => openArea('account') },
              { label: 'Sync now', onSelect: syncNow },
              { label: 'Sign out', onSelect: () => setDialog('signOut') },
              { label: 'Add another school', onSelect: () => showConnect({ clearSchool: true }) },
            ]}
          />
        </div>
      </header>
      <AreaNav session={session} current={area} onOpen={openArea} />
      <main className="workspace-main">
        {area === 'account' ? (
          <AccountArea
            sessions={sessions}
            session={session}
            onSignOut={() => setDialog('signOut')}
          />
        ) : accessOf(session, area).canRead ? (
          <EntityArea
            key={`${session.schoolId} ${area}`}
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
          onClose={closeDialog}
          openArea={openArea}
          openRecord={openRecord}
          newRecord={newRecord}
          openShortcuts={() => setDialog('shortcuts')}
          syncNow={syncNow}
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
    </div>
  );
}
