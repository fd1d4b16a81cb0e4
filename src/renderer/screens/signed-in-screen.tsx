import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionSummaryView } from '../../shared/contract';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../shared/languages';
import { CHOOSABLE_SCOPES } from '../../shared/scope-catalog';
import { KeyringNotice } from '../account/keyring-notice';
import { PendingRevocationsNotice } from '../account/pending-revocations-notice';
import { SchoolSwitcher } from '../account/school-switcher';
import { ScopeList } from '../connect/scope-list';
import { ScreenHeading } from '../components/screen-heading';
import { SyncDetails } from '../sync/sync-details';
import { useLanguage } from '../i18n/use-language';
import { useUiStore } from '../ui-store';
import { useGrantAccess } from '../step-up/grant-access';
import { schoolNameWithAddress } from '../data/use-current-session';
import { en } from '../i18n/resources';

type Props = {
  sessions: readonly SessionSummaryView[];
  /** The school the workspace shows. */
  session: SessionSummaryView;
  /** Opens the header's sign-out confirmation. */
  onSignOut: () => void;
};

type Role = keyof typeof en.account.role;

/**
 * The Account area: the schools signed in here, who the user is at this school, the language
 * of the app, this school's copy on this computer (with "Sync now"), and what Schooldesk may
 * do there. Scopes the user declined at consent are listed apart, since features needing them
 * will not work.
 */
export function AccountArea({ sessions, session, onSignOut }: Props) {
  const { t } = useTranslation('account');
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
  const role = session.role;
  const roleText = role && Object.hasOwn(en.account.role, role) ? t(`role.${role as Role}`) : role;

  return (
    <section className="area account-area" aria-labelledby="area-heading">
      <ScreenHeading id="area-heading">{t('heading')}</ScreenHeading>
      <KeyringNotice />
      <PendingRevocationsNotice />
      <SchoolSwitcher
        sessions={sessions}
        selected={session.schoolId}
        onSelect={(schoolId) => showSignedIn(schoolId)}
      />
      <section className="card" aria-labelledby="who-heading">
        <h2 id="who-heading">{t('who.heading')}</h2>
        <dl className="details">
          <dt>{t('who.name')}</dt>
          <dd>{session.name ?? t('who.notShared')}</dd>
          <dt>{t('who.email')}</dt>
          <dd>{session.email ?? t('who.notShared')}</dd>
          <dt>{t('who.school')}</dt>
          <dd>{schoolNameWithAddress(session)}</dd>
          {roleText ? (
            <>
              <dt>{t('who.role')}</dt>
              <dd>{roleText}</dd>
            </>
          ) : null}
        </dl>
      </section>
      <LanguageChooser />
      <SyncDetails key={session.schoolId} schoolId={session.schoolId} />
      <section className="card" aria-labelledby="granted-heading">
        <h2 id="granted-heading">{t('granted.heading')}</h2>
        <ScopeList scopes={session.scopes} />
      </section>
      {session.declinedScopes.length > 0 ? (
        <section className="card declined" aria-labelledby="declined-heading">
          <h2 id="declined-heading">{t('declined.heading')}</h2>
          <p>{t('declined.body')}</p>
          <ScopeList scopes={session.declinedScopes} className="declined" />
          {askable.length > 0 ? (
            <button type="button" className="secondary" disabled={asking} onClick={grantMore}>
              {t('declined.askAgain')}
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
          {t('addSchool')}
        </button>
        <button type="button" className="secondary" onClick={onSignOut}>
          {t('signOutHere')}
        </button>
      </div>
    </section>
  );
}

/**
 * The language of the app: 繁體中文, English, or the same as this computer (the default). Each
 * language is written in itself, so the owner finds theirs whatever the app speaks now; the
 * choice is saved by main and applies at once.
 */
function LanguageChooser() {
  const { t } = useTranslation(['common', 'account']);
  const { chosen, system, choose } = useLanguage();
  const name = useId();
  const option = (value: Language | null, label: string, lang?: Language) => (
    <label className="radio" key={value ?? 'system'}>
      <input type="radio" name={name} checked={chosen === value} onChange={() => choose(value)} />
      <span lang={lang}>{label}</span>
    </label>
  );
  return (
    <section className="card" aria-labelledby={`${name}-heading`}>
      <h2 id={`${name}-heading`}>{t('language')}</h2>
      <div role="radiogroup" aria-labelledby={`${name}-heading`} aria-describedby={`${name}-hint`}>
        {LANGUAGES.map((language) => option(language, LANGUAGE_NAMES[language], language))}
        {option(null, t('languageFollowsSystem', { name: LANGUAGE_NAMES[system] }))}
      </div>
      <p id={`${name}-hint`} className="hint">
        {t('account:language.hint')}
      </p>
    </section>
  );
}
