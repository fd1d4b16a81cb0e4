import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { SessionSummaryView } from '../../shared/contract';
import { AUTH_ERRORS } from '../../shared/auth-errors';
import { bridge, toUiError, unwrap } from '../bridge';
import { queryKeys } from '../queries';
import { useUiStore } from '../ui-store';

type Props = { session: SessionSummaryView; onCancel: () => void };

/**
 * Asks before signing out, then revokes and returns to Connect. A native modal `<dialog>`
 * keeps the rest of the page inert and focus inside; Escape cancels unless sign-out is
 * already under way (it cannot be taken back half-way).
 */
export function SignOutDialog({ session, onCancel }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
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
  // Close first: while the dialog is modal, the page behind it is inert and cannot take the
  // focus that onCancel hands back.
  const dismiss = () => {
    dialogRef.current?.close();
    onCancel();
  };

  useEffect(() => {
    const dialog = dialogRef.current;
    dialog?.showModal();
    // Focus the harmless choice, so a stray Enter does not sign out.
    cancelRef.current?.focus();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="dialog"
      role="dialog"
      aria-modal="true"
      aria-labelledby="sign-out-heading"
      aria-describedby="sign-out-description"
      aria-busy={busy}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) dismiss();
      }}
      onClose={() => {
        // Chromium may close a dialog itself after repeated Escapes; keep React in step. A
        // dialog that is open again (re-shown after a remount) is not a real close.
        if (!dialogRef.current?.open && !busy) onCancel();
      }}
    >
      <h2 id="sign-out-heading">Sign out of {session.baseUrl}?</h2>
      <p id="sign-out-description">
        Schooldesk will ask the school to cancel its access and forget this school’s data on this
        computer.
      </p>
      <p role="status" className="hint">
        {busy ? 'Signing out…' : ''}
      </p>
      {signOut.isError ? (
        <p role="alert" className="notice error">
          {toUiError(signOut.error).message}
        </p>
      ) : null}
      <div className="actions">
        <button type="button" className="danger" disabled={busy} onClick={() => signOut.mutate()}>
          Sign out
        </button>
        <button
          ref={cancelRef}
          type="button"
          className="secondary"
          disabled={busy}
          onClick={dismiss}
        >
          Cancel
        </button>
      </div>
    </dialog>
  );
}
