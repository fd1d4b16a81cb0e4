import { useQuery } from '@tanstack/react-query';
import { toUiError } from './bridge';
import { ScreenHeading } from './components/screen-heading';
import { sessionQuery } from './queries';
import { ConnectScreen } from './screens/connect-screen';
import { FailureScreen } from './screens/failure-screen';
import { SignedInScreen } from './screens/signed-in-screen';
import { WaitingScreen } from './screens/waiting-screen';
import { useUiStore } from './ui-store';
import { useBridgeEvents } from './use-bridge-events';

/** Picks the screen: the UI store says which, the session decides "home" and "signed in". */
function CurrentScreen() {
  const screen = useUiStore((s) => s.screen);
  const session = useQuery(sessionQuery());

  if (screen.name === 'waiting') return <WaitingScreen key={screen.attemptId} {...screen} />;
  if (screen.name === 'failure') return <FailureScreen error={screen.error} />;
  if (screen.name === 'connect') return <ConnectScreen />;
  if (session.isPending)
    return (
      <p role="status" className="hint">
        Loading…
      </p>
    );
  if (session.isError) {
    return (
      <section className="screen" aria-labelledby="load-error-heading">
        <ScreenHeading id="load-error-heading">Schooldesk could not start</ScreenHeading>
        <p role="alert" className="notice error">
          {toUiError(session.error).message}
        </p>
        <button type="button" className="primary" onClick={() => void session.refetch()}>
          Try again
        </button>
      </section>
    );
  }
  const { sessions } = session.data;
  return sessions.length > 0 ? <SignedInScreen sessions={sessions} /> : <ConnectScreen />;
}

/** The app: one column with the product name above the current screen. */
export function App() {
  useBridgeEvents();
  return (
    <div className="app">
      <header className="app-header">
        <span className="app-name">Schooldesk</span>
      </header>
      <main className="app-main">
        <CurrentScreen />
      </main>
    </div>
  );
}
