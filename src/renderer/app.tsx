import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { toUiError } from './bridge';
import { ScreenHeading } from './components/screen-heading';
import { sessionQuery } from './queries';
import { ConnectScreen } from './screens/connect-screen';
import { FailureScreen } from './screens/failure-screen';
import { WaitingScreen } from './screens/waiting-screen';
import { GrantAccessProvider } from './step-up/grant-access';
import { useUiStore } from './ui-store';
import { useBridgeEvents } from './use-bridge-events';
import { WorkspaceScreen } from './workspace/workspace-screen';

/** The signed-out screens: one column with the product name above the screen. */
function Column({ children }: { children: ReactNode }) {
  return (
    <div className="app">
      <header className="app-header">
        <span className="app-name">Schooldesk</span>
      </header>
      <main className="app-main">{children}</main>
    </div>
  );
}

/** Picks the screen: the UI store says which, the session decides "home" and the workspace. */
function CurrentScreen() {
  const screen = useUiStore((s) => s.screen);
  const selectedSchoolId = useUiStore((s) => s.selectedSchoolId);
  const session = useQuery(sessionQuery());

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
          Loading…
        </p>
      </Column>
    );
  if (session.isError) {
    return (
      <Column>
        <section className="screen" aria-labelledby="load-error-heading">
          <ScreenHeading id="load-error-heading">Schooldesk could not start</ScreenHeading>
          <p role="alert" className="notice error">
            {toUiError(session.error).message}
          </p>
          <button type="button" className="primary" onClick={() => void session.refetch()}>
            Try again
          </button>
        </section>
      </Column>
    );
  }
  const { sessions } = session.data;
  // The chosen school may have been signed out elsewhere; fall back to the first one.
  const current = sessions.find((s) => s.schoolId === selectedSchoolId) ?? sessions[0];
  return current ? (
    <WorkspaceScreen sessions={sessions} session={current} />
  ) : (
    <Column>
      <ConnectScreen />
    </Column>
  );
}

/** The app: the current screen, with step-up ("Grant access") available to all of it. */
export function App() {
  useBridgeEvents();
  return (
    <GrantAccessProvider>
      <CurrentScreen />
    </GrantAccessProvider>
  );
}
