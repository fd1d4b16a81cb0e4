import { useRef, useState } from 'react';
import type { SessionSummaryView } from '../../shared/contract';
import { CHOOSABLE_SCOPES } from '../../shared/scope-catalog';
import { bridge } from '../bridge';
import { AccountMenu } from '../components/account-menu';
import { KeyringNotice } from '../components/keyring-notice';
import { SchoolSwitcher } from '../components/school-switcher';
import { ScopeList } from '../components/scope-list';
import { ScreenHeading } from '../components/screen-heading';
import { SignOutDialog } from '../components/sign-out-dialog';
import { useUiStore } from '../ui-store';
import { useStartSignIn } from '../use-sign-in';

type Props = { sessions: readonly SessionSummaryView[] };

/**
 * Signed in: who the user is at which school, and what Schooldesk may do there. Scopes the
 * user declined at consent are listed apart, since features needing them will not work.
 */
export function SignedInScreen({ sessions }: Props) {
  const selectedIssuer = useUiStore((s) => s.selectedIssuer);
  const showSignedIn = useUiStore((s) => s.showSignedIn);
  const showConnect = useUiStore((s) => s.showConnect);
  const [confirming, setConfirming] = useState(false);
  const accountButton = useRef<HTMLButtonElement>(null);
  const start = useStartSignIn();
  // The chosen school may have been signed out elsewhere; fall back to the first one.
  const session = sessions.find((s) => s.issuer === selectedIssuer) ?? sessions[0];
  if (!session) return null;

  const askable = session.declinedScopes.filter((s) => CHOOSABLE_SCOPES.includes(s));
  const grantMore = () =>
    start.mutate(() => bridge().session.grantMore({ issuer: session.issuer, scopes: askable }));

  return (
    <section className="screen" aria-labelledby="signed-in-heading">
      <div className="screen-top">
        <ScreenHeading id="signed-in-heading">Signed in</ScreenHeading>
        <AccountMenu
          buttonRef={accountButton}
          items={[
            { label: 'Sign out', onSelect: () => setConfirming(true) },
            { label: 'Add another school', onSelect: () => showConnect({ clearSchool: true }) },
          ]}
        />
      </div>
      <KeyringNotice />
      <SchoolSwitcher
        sessions={sessions}
        selected={session.issuer}
        onSelect={(issuer) => showSignedIn(issuer)}
      />
      <section className="card" aria-labelledby="who-heading">
        <h2 id="who-heading">Your account</h2>
        <dl className="details">
          <dt>Name</dt>
          <dd>{session.name ?? 'Not shared by the school'}</dd>
          <dt>Email</dt>
          <dd>{session.email ?? 'Not shared by the school'}</dd>
          <dt>School</dt>
          <dd>{session.baseUrl}</dd>
          {session.role ? (
            <>
              <dt>Role</dt>
              <dd>{session.role}</dd>
            </>
          ) : null}
        </dl>
      </section>
      <section className="card" aria-labelledby="granted-heading">
        <h2 id="granted-heading">What Schooldesk may do</h2>
        <ScopeList scopes={session.scopes} />
      </section>
      {session.declinedScopes.length > 0 ? (
        <section className="card declined" aria-labelledby="declined-heading">
          <h2 id="declined-heading">Not granted</h2>
          <p>You did not allow these at the school, so Schooldesk cannot use them:</p>
          <ScopeList scopes={session.declinedScopes} className="declined" />
          {askable.length > 0 ? (
            <button
              type="button"
              className="secondary"
              disabled={start.isPending}
              onClick={grantMore}
            >
              Ask for these again
            </button>
          ) : null}
        </section>
      ) : null}
      {confirming ? (
        <SignOutDialog
          session={session}
          onCancel={() => {
            setConfirming(false);
            accountButton.current?.focus();
          }}
        />
      ) : null}
    </section>
  );
}
