import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bridge, unwrap } from '../data/bridge';
import { errorText } from '../words/error-text';
import { queryKeys, recentSchoolsQuery } from '../data/queries';
import { forgetSchoolInWindow } from './school-residue';
import { useUiStore } from '../ui-store';
import { ConfirmDialog } from '../components/confirm-dialog';

/**
 * "Forget this school": main signs out of it (refusing while changes wait to be sent), tries a
 * pending revocation one last time and removes everything of it; this window drops its caches.
 */
function useForgetSchool(school: string, onDone: () => void) {
  const queryClient = useQueryClient();
  const showConnect = useUiStore((s) => s.showConnect);
  return useMutation({
    mutationFn: async () => unwrap(await bridge().schools.forget({ school })),
    onSuccess: ({ revoked, schoolIds }) => {
      for (const schoolId of schoolIds) forgetSchoolInWindow(queryClient, schoolId);
      onDone();
      showConnect({
        clearSchool: useUiStore.getState().draft.school.trim() === school,
        notice: revoked
          ? { tone: 'info', text: i18next.t('connect:recent.forgot', { school }) }
          : { tone: 'warning', text: i18next.t('connect:recent.forgotUnconfirmed', { school }) },
      });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.session }),
        queryClient.invalidateQueries({ queryKey: queryKeys.recentSchools }),
      ]),
  });
}

function ForgetDialog({ school, onClose }: { school: string; onClose: () => void }) {
  const { t } = useTranslation('connect');
  const forget = useForgetSchool(school, onClose);
  const busy = forget.isPending;
  return (
    <ConfirmDialog
      title={t('recent.forgetTitle', { school })}
      confirmLabel={t('recent.forget')}
      busy={busy}
      status={busy ? t('recent.forgetting') : ''}
      {...(forget.isError ? { error: errorText(forget.error) } : {})}
      onConfirm={() => forget.mutate()}
      onCancel={onClose}
    >
      <p>{t('recent.forgetBody')}</p>
    </ConfirmDialog>
  );
}

/**
 * Schools signed in to before, as buttons that fill in the address, each with "Forget" beside
 * it. Deliberately not a datalist: a `list` attribute turns the address field into a combobox,
 * whose suggestions are hard to find by keyboard and which is no longer announced as a plain
 * text field.
 */
export function RecentSchools({ onPick }: { onPick: (school: string) => void }) {
  const { t } = useTranslation('connect');
  const recent = useQuery(recentSchoolsQuery());
  const [forgetting, setForgetting] = useState<string>();
  const schools = recent.data ?? [];
  if (schools.length === 0 && forgetting === undefined) return null;
  return (
    <div className="recent-schools" role="group" aria-labelledby="recent-schools-heading">
      <p id="recent-schools-heading" className="hint">
        {t('recent.heading')}
      </p>
      <ul>
        {schools.map((school) => (
          <li key={school}>
            <button type="button" className="link-like" onClick={() => onPick(school)}>
              {school}
            </button>
            <button
              type="button"
              className="link-like forget"
              aria-label={t('recent.forgetLabel', { school })}
              onClick={() => setForgetting(school)}
            >
              {t('recent.forget')}
            </button>
          </li>
        ))}
      </ul>
      {forgetting === undefined ? null : (
        <ForgetDialog school={forgetting} onClose={() => setForgetting(undefined)} />
      )}
    </div>
  );
}
