import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HostStoppedNotice } from './screens/host-stopped-notice';
import { ScreenHeading } from './components/screen-heading';
import { errorText } from './words/error-text';
import { sessionQuery } from './data/queries';
import { ConnectScreen } from './screens/connect-screen';
import { FailureScreen } from './screens/failure-screen';
import { WaitingScreen } from './screens/waiting-screen';
import { GrantAccessProvider } from './step-up/grant-access';
import { useUiStore } from './ui-store';
import { useBridgeEvents } from './data/use-bridge-events';
import { WorkspaceScreen } from './workspace/workspace-screen';

/** The signed-out screens: one column with the product name above the screen. */
function Column({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  return (
    <div className="app">
      <header className="app-header">
        <span className="app-name">{t('appName')}</span>
      </header>
      <main className="app-main">{children}</main>
    </div>
  );
}

/** Picks the screen: the UI store says which, the session decides "home" and the workspace. */
function CurrentScreen() {
  const { t } = useTranslation(['shell', 'common']);
  const screen = useUiStore((s) => s.screen);
  const selectedSchoolId = useUiStore((s) => s.selectedSchoolId);
  const selectSchool = useUiStore((s) => s.selectSchool);
  const session = useQuery(sessionQuery());
  const sessions = session.data?.sessions ?? [];
  // The chosen school may have been signed out elsewhere; fall back to the first one.
  const current = sessions.find((s) => s.schoolId === selectedSchoolId) ?? sessions[0];

  // The store names the school shown, so the workspace's place is kept for the right one.
  useEffect(() => {
    if (current && current.schoolId !== selectedSchoolId) selectSchool(current.schoolId);
  }, [current, selectedSchoolId, selectSchool]);

  if (screen.name === 'waiting')
    return (
      <Column>
        <WaitingScreen key={screen.attemptId} {...screen} />
      </Column>
    );
  if (screen.name === 'failure')
    return (
      <Column>
        <FailureScreen error={screen.error} />
      </Column>
    );
  if (screen.name === 'connect')
    return (
      <Column>
        <ConnectScreen />
      </Column>
    );
  if (session.isPending)
    return (
      <Column>
        <p role="status" className="hint">
          {t('common:loading')}
        </p>
      </Column>
    );
  if (session.isError) {
    return (
      <Column>
        <section className="screen" aria-labelledby="load-error-heading">
          <ScreenHeading id="load-error-heading">{t('cannotStart')}</ScreenHeading>
          <p role="alert" className="notice error">
            {errorText(session.error)}
          </p>
          <button type="button" className="primary" onClick={() => void session.refetch()}>
            {t('common:retry')}
          </button>
        </section>
      </Column>
    );
  }
  return current ? (
    // One workspace per school: nothing of one school's screen (an open dialog, a record, a
    // search) outlives a switch to another.
    <WorkspaceScreen key={current.schoolId} sessions={sessions} session={current} />
  ) : (
    <Column>
      <ConnectScreen />
    </Column>
  );
}

/**
 * The app: the current screen, with step-up ("Grant access") available to all of it. A new
 * language draws every screen again (keyed by it), so no word of the old one is left behind
 * in a part that did not ask for the translation itself; what the owner was doing is kept in
 * the stores.
 */
export function App() {
  const { i18n } = useTranslation();
  useBridgeEvents();
  return (
    <GrantAccessProvider key={i18n.language}>
      <HostStoppedNotice />
      <CurrentScreen />
    </GrantAccessProvider>
  );
}
