import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SessionSummaryView } from '../../shared/contract';
import { AUTH_ERRORS } from '../../shared/auth-errors';
import { bridge, toUiError, unwrap } from '../bridge';
import { outboxKeys, useOutboxStatus } from '../outbox-queries';
import { UnsentSignOutDialog } from '../outbox/unsent-sign-out-dialog';
import { queryKeys } from '../queries';
import { forgetSchoolInWindow } from '../school-residue';
import { ConfirmDialog } from './confirm-dialog';
import { useUiStore } from '../ui-store';

type Props = {
  session: SessionSummaryView;
  onCancel: () => void;
  /** Opens the outbox panel (from the warning, when changes wait for the owner). */
  onReview?: () => void;
};

/** Main's code when a sign-out would drop changes the school has not received. */
const UNSENT = 'unsent_changes';

/**
 * Sign-out and what it leaves behind: revokes, returns to Connect with how it went (signed out,
 * or what the school has not confirmed yet), and forgets the school in this window at once
 * ({@link forgetSchoolInWindow}). `discardUnsent` is the owner's
 * explicit choice to drop changes not yet sent; without it main refuses while any wait.
 */
export function useSignOut(session: SessionSummaryView, onUnsent: () => void) {
  const queryClient = useQueryClient();
  const showConnect = useUiStore((s) => s.showConnect);
  const { schoolId } = session;
  return useMutation({
    mutationFn: async (discardUnsent: boolean) =>
      unwrap(
        await bridge().session.signOut({ schoolId, ...(discardUnsent ? { discardUnsent } : {}) }),
      ),
    onSuccess: (result) => {
      showConnect({
        notice: result.revoked
          ? { tone: 'info', text: `You are signed out of ${session.baseUrl}.` }
          : // Pending (retried until the school confirms) or refused for good: main's sentence.
            { tone: 'warning', text: result.message ?? AUTH_ERRORS.revocation_failed },
      });
      // SECURITY: the school's records leave this window's memory with its local copy.
      forgetSchoolInWindow(queryClient, schoolId);
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
 * Asks before signing out, then revokes and returns to Connect. With changes not yet sent to
 * the school it warns instead ({@link UnsentSignOutDialog}): it never signs out silently
 * over them. Escape cancels unless sign-out is already under way (it cannot be taken back
 * half-way).
 */
export function SignOutDialog({ session, onCancel, onReview }: Props) {
  const status = useOutboxStatus(session.schoolId);
  // Decided when the dialog opens, and again if main refuses because changes wait.
  const [unsent, setUnsent] = useState(() => (status?.count ?? 0) > 0);
  const signOut = useSignOut(session, () => setUnsent(true));
  const busy = signOut.isPending;
  const error =
    signOut.isError && toUiError(signOut.error).code !== UNSENT
      ? toUiError(signOut.error).message
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
      title={`Sign out of ${session.baseUrl}?`}
      confirmLabel="Sign out"
      busy={busy}
      status={busy ? 'Signing out…' : ''}
      {...(error ? { error } : {})}
      onConfirm={() => signOut.mutate(false)}
      onCancel={onCancel}
    >
      <p>
        Schooldesk will ask the school to cancel its access and forget this school’s data on this
        computer.
      </p>
    </ConfirmDialog>
  );
}
