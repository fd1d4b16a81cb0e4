import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { bridge } from '../data/bridge';
import { KeyringNotice } from '../account/keyring-notice';
import { PendingRevocationsNotice } from '../account/pending-revocations-notice';
import { RecentSchools } from '../account/recent-schools';
import { ScopeChooser } from '../connect/scope-chooser';
import { ScreenHeading } from '../components/screen-heading';
import { errorText } from '../words/error-text';
import { sessionQuery } from '../data/queries';
import { useUiStore } from '../ui-store';
import { useStartSignIn } from '../data/use-sign-in';

/**
 * Connect: the school's address, what Schooldesk may do there, and "Sign in". The form draft
 * lives in the UI store so "Try again" after a failure comes back to the same choices. While
 * Schooldesk finds the school the screen stays (with Cancel); an address that is not a
 * school's comes back as an error on its field, keeping what was typed.
 */
export function ConnectScreen() {
  const { t } = useTranslation(['connect', 'common']);
  const draft = useUiStore((s) => s.draft);
  const notice = useUiStore((s) => s.notice);
  const screen = useUiStore((s) => s.screen);
  const setSchool = useUiStore((s) => s.setSchool);
  const setScopes = useUiStore((s) => s.setScopes);
  const showSignedIn = useUiStore((s) => s.showSignedIn);
  const showConnect = useUiStore((s) => s.showConnect);
  const signedInCount = useQuery(sessionQuery()).data?.sessions.length ?? 0;
  const start = useStartSignIn({ fromConnect: true });
  const [emptyError, setEmptyError] = useState(false);
  const addressRef = useRef<HTMLInputElement>(null);

  const attemptId = screen.name === 'connect' ? screen.attemptId : undefined;
  const addressError = screen.name === 'connect' ? screen.addressError : undefined;
  const finding = start.isPending || attemptId !== undefined;
  const error = emptyError ? t('address.empty') : addressError ? errorText(addressError) : '';

  // The school was not found: back to the field, with what was typed, to fix it.
  useEffect(() => {
    if (addressError) addressRef.current?.focus();
  }, [addressError]);

  const submit = (event: FormEvent) => {
    // The CSP forbids real form submissions (form-action 'none'); the bridge does the work.
    event.preventDefault();
    if (finding) return;
    const school = draft.school.trim();
    if (!school) {
      setEmptyError(true);
      addressRef.current?.focus();
      return;
    }
    setEmptyError(false);
    start.mutate(() => bridge().session.signIn({ school, scopes: draft.scopes }));
  };

  const cancel = () => {
    // Leave first: the attempt's "cancelled" failure that follows is then ignored.
    showConnect();
    if (attemptId)
      bridge()
        .session.cancel({ attemptId })
        .catch(() => {
          // Nothing to show: the attempt times out in main even if this call never arrived.
        });
  };

  return (
    <section className="screen" aria-labelledby="connect-heading">
      <ScreenHeading id="connect-heading">{t('heading')}</ScreenHeading>
      <p>{t('intro')}</p>
      {notice ? (
        <p role="status" className={`notice ${notice.tone}`}>
          {notice.text}
        </p>
      ) : null}
      <KeyringNotice />
      <PendingRevocationsNotice />
      <form className="connect-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="school-address">{t('address.label')}</label>
          <input
            id="school-address"
            ref={addressRef}
            type="text"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            value={draft.school}
            readOnly={finding}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'school-address-error' : 'school-address-hint'}
            onChange={(event) => {
              setSchool(event.target.value);
              // The error was about what was there; the owner is fixing it.
              setEmptyError(false);
              if (addressError) showConnect();
            }}
          />
          {error ? (
            <p id="school-address-error" className="field-error" role="alert">
              {error}
            </p>
          ) : (
            <p id="school-address-hint" className="hint">
              {t('address.hint')}
            </p>
          )}
        </div>
        <RecentSchools
          onPick={(school) => {
            setSchool(school);
            setEmptyError(false);
            if (addressError) showConnect();
            addressRef.current?.focus();
          }}
        />
        <ScopeChooser scopes={draft.scopes} onChange={setScopes} />
        <div className="actions">
          <button type="submit" className="primary" disabled={finding}>
            {t('signIn')}
          </button>
          {finding ? (
            <button type="button" className="secondary" onClick={cancel}>
              {t('common:cancel')}
            </button>
          ) : signedInCount > 0 ? (
            <button type="button" className="secondary" onClick={() => showSignedIn()}>
              {t('backToSchools')}
            </button>
          ) : null}
        </div>
        <p role="status" className="hint">
          {finding ? t('finding') : ''}
        </p>
      </form>
    </section>
  );
}
