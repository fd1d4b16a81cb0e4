import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useGrantAccess } from './grant-access';
import { scopeLabel } from '../words/scope-words';
import { LockIcon } from '../components/lock-icon';

type Props = {
  /** What the control would do ("New course"). */
  label: string;
  /** The scope it needs ("courses:write"). */
  scope: string;
  /** Runs once the scope was granted, to finish what the owner asked for. */
  onGranted?: () => void;
};

/**
 * A write control the session may not use: its name with a lock, what it needs, and a
 * "Grant access" button that runs step-up and then does what was asked.
 */
export function LockedControl({ label, scope, onGranted }: Props) {
  const { t } = useTranslation('shell');
  const grant = useGrantAccess();
  const noteId = useId();
  return (
    <span className="locked-control">
      <span id={noteId} className="locked-note">
        <LockIcon /> {label} <span className="visually-hidden">{t('nav.locked')}</span>
        <span className="hint"> {t('locked.needs', { scope: scopeLabel(scope) })}</span>
      </span>
      <button
        type="button"
        className="secondary"
        aria-describedby={noteId}
        onClick={() => {
          void grant([scope]).then((granted) => {
            if (granted) onGranted?.();
          });
        }}
      >
        {t('locked.grant')}
      </button>
    </span>
  );
}
