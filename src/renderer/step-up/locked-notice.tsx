import { useTranslation } from 'react-i18next';
import { scopeLabel } from '../words/scope-words';
import { LockIcon } from '../components/lock-icon';

/**
 * Says which controls are locked and why, and offers "Grant access", which runs the browser
 * step-up for the missing scope.
 */
export function LockedNotice({
  controls,
  scope,
  asking,
  onGrant,
}: {
  /** The locked controls, in words: "Save and Delete". */
  controls: string;
  scope: string;
  asking: boolean;
  onGrant: () => void;
}) {
  const { t } = useTranslation('records');
  return (
    <div className="notice locked-notice">
      <p>
        <LockIcon /> {t('locked.sentence', { controls, scope: scopeLabel(scope) })}
      </p>
      <button type="button" className="secondary" disabled={asking} onClick={onGrant}>
        {asking ? t('locked.waiting') : t('locked.grant')}
      </button>
    </div>
  );
}
