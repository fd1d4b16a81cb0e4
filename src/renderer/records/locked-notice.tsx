import { scopeLabel } from '../scopes';
import { LockIcon } from '../workspace/lock-icon';

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
  return (
    <div className="notice locked-notice">
      <p>
        <LockIcon /> {controls}: locked. They need {scopeLabel(scope)}, which this session was not
        granted.
      </p>
      <button type="button" className="secondary" disabled={asking} onClick={onGrant}>
        {asking ? 'Waiting for access…' : 'Grant access'}
      </button>
    </div>
  );
}
