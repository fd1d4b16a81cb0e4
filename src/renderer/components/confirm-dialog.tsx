import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal';

type Props = {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that backs out; "Cancel" unless told. */
  cancelLabel?: string;
  busy?: boolean;
  error?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** `dialog` where a spec or a screen reader expects the plain role; `alertdialog` otherwise. */
  role?: 'alertdialog' | 'dialog';
  /** A live line for what is under way ("Signing out…"). */
  status?: string;
};

/**
 * A modal confirmation (role alertdialog unless told) for what cannot be taken back, on the
 * app's one dialog (modal.tsx), which keeps the rest of the page inert and focus inside. Focus
 * starts on Cancel so a stray Enter never confirms; Escape cancels unless the action is under
 * way. Focus is not handed back on close: the caller's `onCancel` places it.
 */
export function ConfirmDialog(props: Props) {
  const { title, children, confirmLabel, busy = false, error, onConfirm, onCancel } = props;
  const { role = 'alertdialog', status, cancelLabel } = props;
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  // Close first: while the dialog is modal, the page behind it is inert and cannot take the
  // focus that onCancel hands back.
  const dismiss = () => {
    dialogRef.current?.close();
    onCancel();
  };

  // After the dialog's own effect has opened it.
  useEffect(() => cancelRef.current?.focus(), []);

  return (
    <Modal
      dialogRef={dialogRef}
      role={role}
      labelledBy={`${id}-title`}
      describedBy={`${id}-body`}
      busy={busy}
      restoreFocus={false}
      onDismiss={() => {
        if (!busy) dismiss();
      }}
      onClosed={() => {
        if (!busy) onCancel();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <div id={`${id}-body`}>{children}</div>
      {status === undefined ? null : (
        <p role="status" className="hint">
          {status}
        </p>
      )}
      {error ? (
        <p role="alert" className="notice error">
          {error}
        </p>
      ) : null}
      <div className="actions">
        <button type="button" className="danger" disabled={busy} onClick={onConfirm}>
          {busy ? t('working') : confirmLabel}
        </button>
        <button
          ref={cancelRef}
          type="button"
          className="secondary"
          disabled={busy}
          onClick={dismiss}
        >
          {cancelLabel ?? t('cancel')}
        </button>
      </div>
    </Modal>
  );
}
