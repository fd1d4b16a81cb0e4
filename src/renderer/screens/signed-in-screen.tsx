import { useState } from 'react';
import type { SessionSummaryView } from '../../shared/contract';
import { CHOOSABLE_SCOPES } from '../../shared/scope-catalog';
import { KeyringNotice } from '../components/keyring-notice';
import { PendingRevocationsNotice } from '../components/pending-revocations-notice';
import { SchoolSwitcher } from '../components/school-switcher';
import { ScopeList } from '../components/scope-list';
import { ScreenHeading } from '../components/screen-heading';
import { SyncDetails } from '../components/sync-details';
import { useUiStore } from '../ui-store';
import { useGrantAccess } from '../step-up/grant-access';

type Props = {
  sessions: readonly SessionSummaryView[];
  /** The school the workspace shows. */
  session: SessionSummaryView;
  /** Opens the header's sign-out confirmation. */
  onSignOut: () => void;
};

/**
 * The Account area: who the user is at which school, this school's copy on this computer
 * (with "Sync now"), and what Schooldesk may do there. Scopes the user declined at consent
 * are listed apart, since features needing them will not work.
 */
export function AccountArea({ sessions, session, onSignOut }: Props) {
  const showSignedIn = useUiStore((s) => s.showSignedIn);
  const showConnect = useUiStore((s) => s.showConnect);
  const grantAccess = useGrantAccess();
  const [asking, setAsking] = useState(false);

  const askable = session.declinedScopes.filter((s) => CHOOSABLE_SCOPES.includes(s));
  // The same step-up dialog as everywhere else in the workspace, so the owner stays here.
  const grantMore = () => {
    setAsking(true);
    void grantAccess(askable).finally(() => setAsking(false));
  };

  return (
    <section className="area account-area" aria-labelledby="area-heading">
      <ScreenHeading id="area-heading">Account</ScreenHeading>
      <KeyringNotice />
      <PendingRevocationsNotice />
      <SchoolSwitcher
        sessions={sessions}
        selected={session.schoolId}
        onSelect={(schoolId) => showSignedIn(schoolId)}
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
      <SyncDetails key={session.schoolId} schoolId={session.schoolId} />
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
            <button type="button" className="secondary" disabled={asking} onClick={grantMore}>
              Ask for these again
            </button>
          ) : null}
        </section>
      ) : null}
      <div className="actions">
        <button
          type="button"
          className="secondary"
          onClick={() => showConnect({ clearSchool: true })}
        >
          Add another school
        </button>
        <button type="button" className="secondary" onClick={onSignOut}>
          Sign out of this school
        </button>
      </div>
    </section>
  );
}
