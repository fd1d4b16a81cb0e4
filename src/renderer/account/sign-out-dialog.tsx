import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResponseOf, SessionSummaryView } from '../../shared/contract';
import { bridge, toUiError, unwrap } from '../data/bridge';
import { errorText } from '../words/error-text';
import { outboxKeys, useOutboxStatus } from '../data/outbox-queries';
import { UnsentSignOutDialog } from '../outbox/unsent-sign-out-dialog';
import { queryKeys, sessionQuery } from '../data/queries';
import { forgetSchoolInWindow } from './school-residue';
import { showToast } from '../toast-store';
import { useUiStore, type Notice } from '../ui-store';
import { schoolName, schoolNameWithAddress } from '../data/use-current-session';
import { ConfirmDialog } from '../components/confirm-dialog';

type Props = {
  session: SessionSummaryView;
  onCancel: () => void;
  /** Opens the outbox panel (from the warning, when changes wait for the owner). */
  onReview?: () => void;
};

/** Main's code when a sign-out would drop changes the school has not received. */
const UNSENT = 'unsent_changes';

type SignedOut = ResponseOf<'session:signOut'>;

/**
 * How a sign-out went, in the owner's language: the school cancelled Schooldesk's access, or
 * what is still pending (retried until the school confirms) or was refused for good.
 */
export function signOutNotice(result: SignedOut, school: string): Notice {
  if (result.revoked) return { tone: 'info', text: i18next.t('connect:signedOut', { school }) };
  const code = result.code ?? (result.pending ? 'revocation_pending' : 'revocation_refused');
  return { tone: 'warning', text: errorText({ code }) };
}

/**
 * Sign-out and what it leaves behind: main revokes and removes the school's copy; when it has
 * answered, the school is forgotten in this window too ({@link forgetSchoolInWindow}) and the
 * window lands in another signed-in school if there is one (where it was left, saying in a
 * toast how the sign-out went), else on Connect with how it went.
 * `discardUnsent` is the owner's explicit choice to drop changes not yet sent; without it main
 * refuses while any wait.
 */
export function useSignOut(session: SessionSummaryView, onUnsent: () => void) {
  const queryClient = useQueryClient();
  const showConnect = useUiStore((s) => s.showConnect);
  const showSignedIn = useUiStore((s) => s.showSignedIn);
  const { schoolId } = session;
  return useMutation({
    mutationFn: async (discardUnsent: boolean) =>
      unwrap(
        await bridge().session.signOut({ schoolId, ...(discardUnsent ? { discardUnsent } : {}) }),
      ),
    onSuccess: (result) => {
      const sessions = queryClient.getQueryData(sessionQuery().queryKey)?.sessions ?? [];
      const notice = signOutNotice(result, schoolNameWithAddress(session));
      // SECURITY: the school's records leave this window's memory with its local copy.
      forgetSchoolInWindow(queryClient, schoolId);
      const other = sessions.find((s) => s.schoolId !== schoolId);
      // Signed out of one school of several: the others are still there, so is the owner.
      queryClient.setQueryData(sessionQuery().queryKey, (old) =>
        old ? { ...old, sessions: old.sessions.filter((s) => s.schoolId !== schoolId) } : old,
      );
      if (other) {
        showSignedIn(other.schoolId);
        const text = result.revoked
          ? i18next.t('shell:signedOut.landed', { school: schoolName(session, sessions) })
          : notice.text;
        showToast(text, { tone: result.revoked ? 'info' : 'error', timeoutMs: 10_000 });
      } else {
        showConnect({ notice });
      }
    },
    onError: (error) => {
      if (toUiError(error).code !== UNSENT) return;
      void queryClient.invalidateQueries({ queryKey: outboxKeys.status(schoolId) });
      onUnsent();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}

/**
 * Asks before signing out, then revokes and lands in another school or on Connect. With
 * changes not yet sent to the school it warns instead ({@link UnsentSignOutDialog}): it never
 * signs out silently over them. Escape cancels unless sign-out is already under way (it cannot
 * be taken back half-way).
 */
export function SignOutDialog({ session, onCancel, onReview }: Props) {
  const { t } = useTranslation('account');
  const status = useOutboxStatus(session.schoolId);
  // Decided when the dialog opens, and again if main refuses because changes wait.
  const [unsent, setUnsent] = useState(() => (status?.count ?? 0) > 0);
  const signOut = useSignOut(session, () => setUnsent(true));
  const busy = signOut.isPending;
  const error =
    signOut.isError && toUiError(signOut.error).code !== UNSENT
      ? errorText(signOut.error)
      : undefined;

  if (unsent)
    return (
      <UnsentSignOutDialog
        schoolId={session.schoolId}
        busy={busy}
        error={error}
        onSignOut={(discardUnsent) => signOut.mutate(discardUnsent)}
        onCancel={onCancel}
        onReview={onReview}
      />
    );
  return (
    <ConfirmDialog
      role="dialog"
      title={t('signOut.title', { school: schoolNameWithAddress(session) })}
      confirmLabel={t('signOut.confirm')}
      busy={busy}
      status={busy ? t('signOut.busy') : ''}
      {...(error ? { error } : {})}
      onConfirm={() => signOut.mutate(false)}
      onCancel={onCancel}
    >
      <p>{t('signOut.body')}</p>
    </ConfirmDialog>
  );
}
