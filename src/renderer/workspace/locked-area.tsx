import type { SessionSummaryView } from '../../shared/contract';
import type { EntityName } from '../../shared/entity-names';
import { ScreenHeading } from '../components/screen-heading';
import { scopeLabel } from '../scopes';
import { useGrantAccess } from '../step-up/grant-access';
import { areaInfo } from './areas';
import { LockIcon } from './lock-icon';

type Props = { session: SessionSummaryView; entity: EntityName };

/**
 * An area the session cannot read: why, and "Grant access", which asks the school for
 * `<entity>:read`. The area opens by itself once the session has it (the session query
 * refreshes on the sign-in's events).
 */
export function LockedArea({ session, entity }: Props) {
  const grant = useGrantAccess();
  const info = areaInfo(entity);
  const scope = `${entity}:read`;
  const declined = session.declinedScopes.includes(scope);
  return (
    <section className="area locked-area" aria-labelledby="area-heading">
      <ScreenHeading id="area-heading">
        {info.label} <span className="visually-hidden">(locked)</span>
      </ScreenHeading>
      <div className="card locked-card">
        <p className="locked-title">
          <LockIcon /> Schooldesk may not see your school’s {info.plural}.
        </p>
        <p>
          {declined
            ? `You did not allow “${scopeLabel(scope)}” when you signed in to ${session.baseUrl}.`
            : `“${scopeLabel(scope)}” was not asked for when you signed in to ${session.baseUrl}.`}{' '}
          Grant access to ask the school for it: you confirm in your browser, and this area opens as
          soon as the school allows it.
        </p>
        <button type="button" className="primary" onClick={() => void grant([scope])}>
          Grant access
        </button>
      </div>
    </section>
  );
}
