import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiError } from '../data/bridge';
import { errorText, fieldErrorText } from '../words/error-text';
import { useGrantAccess } from '../step-up/grant-access';

type Props = {
  error: UiError | null;
  /** What the operation needs; offered through step-up when the platform says a scope is missing. */
  scopes: string[];
};

/**
 * Why a long operation could not run, in the owner's language, with each field the school
 * refused (validation_failed) below. When the platform answered `insufficient_scope` the
 * owner can grant access here and then start the operation again.
 */
export function OperationError({ error, scopes }: Props) {
  const { t } = useTranslation('operations');
  const grantAccess = useGrantAccess();
  const [granted, setGranted] = useState<boolean | null>(null);
  if (!error) return null;
  const missing = error.details?.missingScopes?.length ? error.details.missingScopes : scopes;
  const fields = Object.values(error.details?.fields ?? {});
  return (
    <div role="alert" className="notice error">
      <p>{errorText(error)}</p>
      {fields.length > 0 ? (
        <ul aria-label={t('error.fields')}>
          {fields.map((message) => (
            <li key={message}>{fieldErrorText(message)}</li>
          ))}
        </ul>
      ) : null}
      {error.code === 'insufficient_scope' ? (
        granted ? (
          <p>{t('error.granted')}</p>
        ) : (
          <button
            type="button"
            className="secondary"
            onClick={() => void grantAccess(missing).then(setGranted)}
          >
            {t('error.grantAccess')}
          </button>
        )
      ) : null}
    </div>
  );
}
