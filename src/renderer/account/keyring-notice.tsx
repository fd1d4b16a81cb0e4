import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bridge, unwrap } from '../data/bridge';
import { errorText } from '../words/error-text';
import { queryKeys, sessionQuery } from '../data/queries';

/**
 * Shown only where the computer has no keyring (Linux with safeStorage's `basic_text`): sign-ins
 * are then kept in memory, and the user may choose to keep them on disk anyway.
 */
export function KeyringNotice() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const session = useQuery(sessionQuery());
  // The user's click, held in React state so the controlled checkbox follows it at once
  // (a mutation's own state arrives a tick later, and the box would flick back meanwhile).
  const [choice, setChoice] = useState<boolean>();
  const keep = useMutation({
    mutationFn: async (allowed: boolean) =>
      unwrap(await bridge().settings.setKeepSignedInWithoutKeyring({ allowed })),
    onSuccess: ({ tokensPersist }) =>
      queryClient.setQueryData(sessionQuery().queryKey, (old) => old && { ...old, tokensPersist }),
    onSettled: () => {
      setChoice(undefined);
      return queryClient.invalidateQueries({ queryKey: queryKeys.session });
    },
  });
  if (!session.data || session.data.keyringAvailable) return null;

  const checked = choice ?? session.data.tokensPersist;
  return (
    <section className="notice warning" aria-labelledby="keyring-heading">
      <h2 id="keyring-heading">{t('keyring.heading')}</h2>
      <p>{t('keyring.body')}</p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={checked}
          disabled={choice !== undefined}
          aria-describedby="keyring-hint"
          onChange={(event) => {
            setChoice(event.target.checked);
            keep.mutate(event.target.checked);
          }}
        />
        {t('keyring.keep')}
      </label>
      <p id="keyring-hint" className="hint">
        {t('keyring.keepHint')}
      </p>
      {keep.isError ? (
        <p role="alert" className="field-error">
          {errorText(keep.error)}
        </p>
      ) : null}
    </section>
  );
}
