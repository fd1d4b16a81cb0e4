import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { bridge } from '../bridge';
import { KeyringNotice } from '../components/keyring-notice';
import { PendingRevocationsNotice } from '../components/pending-revocations-notice';
import { RecentSchools } from '../components/recent-schools';
import { ScopeChooser } from '../components/scope-chooser';
import { ScreenHeading } from '../components/screen-heading';
import { sessionQuery } from '../queries';
import { useUiStore } from '../ui-store';
import { useStartSignIn } from '../use-sign-in';

const EMPTY_ADDRESS = 'Type the school’s address.';

/**
 * Connect: the school's address, what Schooldesk may do there, and "Sign in". The form draft
 * lives in the UI store so "Try again" after a failure comes back to the same choices.
 */
export function ConnectScreen() {
  const draft = useUiStore((s) => s.draft);
  const notice = useUiStore((s) => s.notice);
  const setSchool = useUiStore((s) => s.setSchool);
  const setScopes = useUiStore((s) => s.setScopes);
  const showSignedIn = useUiStore((s) => s.showSignedIn);
  const signedInCount = useQuery(sessionQuery()).data?.sessions.length ?? 0;
  const start = useStartSignIn();
  const [error, setError] = useState<string>();
  const addressRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    // The CSP forbids real form submissions (form-action 'none'); the bridge does the work.
    event.preventDefault();
    const school = draft.school.trim();
    if (!school) {
      setError(EMPTY_ADDRESS);
      addressRef.current?.focus();
      return;
    }
    setError(undefined);
    start.mutate(() => bridge().session.signIn({ school, scopes: draft.scopes }));
  };

  return (
    <section className="screen" aria-labelledby="connect-heading">
      <ScreenHeading id="connect-heading">Connect to your school</ScreenHeading>
      <p>
        Schooldesk signs in through your school’s own sign-in page, in your browser. It never sees
        your password.
      </p>
      {notice ? (
        <p role="status" className={`notice ${notice.tone}`}>
          {notice.text}
        </p>
      ) : null}
      <KeyringNotice />
      <PendingRevocationsNotice />
      <form className="connect-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="school-address">School address</label>
          <input
            id="school-address"
            ref={addressRef}
            type="text"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            value={draft.school}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'school-address-error' : 'school-address-hint'}
            onChange={(event) => setSchool(event.target.value)}
          />
          {error ? (
            <p id="school-address-error" className="field-error" role="alert">
              {error}
            </p>
          ) : (
            <p id="school-address-hint" className="hint">
              For example https://school.example.com
            </p>
          )}
        </div>
        <RecentSchools
          onPick={(school) => {
            setSchool(school);
            setError(undefined);
            addressRef.current?.focus();
          }}
        />
        <ScopeChooser scopes={draft.scopes} onChange={setScopes} />
        <div className="actions">
          <button type="submit" className="primary" disabled={start.isPending}>
            Sign in
          </button>
          {signedInCount > 0 ? (
            <button type="button" className="secondary" onClick={() => showSignedIn()}>
              Back to your schools
            </button>
          ) : null}
        </div>
        <p role="status" className="hint">
          {start.isPending ? 'Finding the school…' : ''}
        </p>
      </form>
    </section>
  );
}
