import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { bridge, toUiError, unwrap } from '../bridge';
import { queryKeys, recentSchoolsQuery } from '../queries';
import { forgetSchoolInWindow } from '../school-residue';
import { useUiStore } from '../ui-store';
import { ConfirmDialog } from './confirm-dialog';

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
          ? { tone: 'info', text: `Schooldesk forgot ${school}.` }
          : {
              tone: 'warning',
              text: `Schooldesk forgot ${school}, but the school never confirmed that Schooldesk’s access is cancelled. You can remove it in your school’s own settings.`,
            },
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
  const forget = useForgetSchool(school, onClose);
  const busy = forget.isPending;
  return (
    <ConfirmDialog
      title={`Forget ${school}?`}
      confirmLabel="Forget"
      busy={busy}
      status={busy ? 'Forgetting…' : ''}
      {...(forget.isError ? { error: toUiError(forget.error).message } : {})}
      onConfirm={() => forget.mutate()}
      onCancel={onClose}
    >
      <p>
        Schooldesk signs out of this school if you are signed in, asks it to cancel Schooldesk’s
        access, and removes everything it keeps about the school on this computer: its sign-in
        settings, this entry and its copy of the school’s data. Changes not yet sent to the school
        are lost.
      </p>
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
  const recent = useQuery(recentSchoolsQuery());
  const [forgetting, setForgetting] = useState<string>();
  const schools = recent.data ?? [];
  if (schools.length === 0 && forgetting === undefined) return null;
  return (
    <div className="recent-schools" role="group" aria-labelledby="recent-schools-heading">
      <p id="recent-schools-heading" className="hint">
        Recent schools
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
              aria-label={`Forget ${school}`}
              onClick={() => setForgetting(school)}
            >
              Forget
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
