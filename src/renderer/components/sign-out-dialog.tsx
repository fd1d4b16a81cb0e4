import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionSummaryView } from '../../shared/contract';
import { AUTH_ERRORS } from '../../shared/auth-errors';
import { bridge, toUiError, unwrap } from '../bridge';
import { queryKeys } from '../queries';
import { ConfirmDialog } from './confirm-dialog';
import { useUiStore } from '../ui-store';

type Props = { session: SessionSummaryView; onCancel: () => void };

/**
 * Asks before signing out, then revokes and returns to Connect. Escape cancels unless
 * sign-out is already under way (it cannot be taken back half-way).
 */
export function SignOutDialog({ session, onCancel }: Props) {
  const queryClient = useQueryClient();
  const showConnect = useUiStore((s) => s.showConnect);
  const signOut = useMutation({
    mutationFn: async () => unwrap(await bridge().session.signOut({ issuer: session.issuer })),
    onSuccess: (result) =>
      showConnect({
        notice: result.revoked
          ? { tone: 'info', text: `You are signed out of ${session.baseUrl}.` }
          : { tone: 'warning', text: result.message ?? AUTH_ERRORS.revocation_failed },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
  const busy = signOut.isPending;

  return (
    <ConfirmDialog
      role="dialog"
      title={`Sign out of ${session.baseUrl}?`}
      confirmLabel="Sign out"
      busy={busy}
      status={busy ? 'Signing out…' : ''}
      {...(signOut.isError ? { error: toUiError(signOut.error).message } : {})}
      onConfirm={() => signOut.mutate()}
      onCancel={onCancel}
    >
      <p>
        Schooldesk will ask the school to cancel its access and forget this school’s data on this
        computer.
      </p>
    </ConfirmDialog>
  );
}
