import { useTranslation } from 'react-i18next';
import type { SessionSummaryView } from '../../shared/contract';
import type { EntityName } from '../../shared/entity-names';
import { ScreenHeading } from '../components/screen-heading';
import { scopeLabel } from '../words/scope-words';
import { useGrantAccess } from '../step-up/grant-access';
import { areaInfo } from '../words/areas';
import { LockIcon } from '../components/lock-icon';

type Props = { session: SessionSummaryView; entity: EntityName };

/**
 * An area the session cannot read: why, and "Grant access", which asks the school for
 * `<entity>:read`. The area opens by itself once the session has it (the session query
 * refreshes on the sign-in's events).
 */
export function LockedArea({ session, entity }: Props) {
  const { t } = useTranslation('shell');
  const grant = useGrantAccess();
  const info = areaInfo(entity);
  const scope = `${entity}:read`;
  const declined = session.declinedScopes.includes(scope);
  const values = { scope: scopeLabel(scope), school: session.baseUrl };
  return (
    <section className="area locked-area" aria-labelledby="area-heading">
      <ScreenHeading id="area-heading">
        {info.label} <span className="visually-hidden">{t('nav.locked')}</span>
      </ScreenHeading>
      <div className="card locked-card">
        <p className="locked-title">
          <LockIcon /> {t('locked.title', { area: info.plural })}
        </p>
        <p>
          {declined ? t('locked.declined', values) : t('locked.notAsked', values)} {t('locked.how')}
        </p>
        <button type="button" className="primary" onClick={() => void grant([scope])}>
          {t('locked.grant')}
        </button>
      </div>
    </section>
  );
}
