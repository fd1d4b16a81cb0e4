import { useState } from 'react';
import type { UiError } from '../bridge';
import { useGrantAccess } from '../step-up/grant-access';

type Props = {
  error: UiError | null;
  /** What the operation needs; offered through step-up when the platform says a scope is missing. */
  scopes: string[];
};

/**
 * Why a long operation could not run, in main's own sentence. When the platform answered
 * `insufficient_scope` the owner can grant access here and then start the operation again.
 */
export function OperationError({ error, scopes }: Props) {
  const grantAccess = useGrantAccess();
  const [granted, setGranted] = useState<boolean | null>(null);
  if (!error) return null;
  const missing = error.details?.missingScopes?.length ? error.details.missingScopes : scopes;
  return (
    <div role="alert" className="notice error">
      <p>{error.message}</p>
      {error.code === 'insufficient_scope' ? (
        granted ? (
          <p>Access granted. Start it again.</p>
        ) : (
          <button
            type="button"
            className="secondary"
            onClick={() => void grantAccess(missing).then(setGranted)}
          >
            Grant access
          </button>
        )
      ) : null}
    </div>
  );
}
