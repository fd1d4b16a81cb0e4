import {
  useEffect,
  useRef,
  type KeyboardEventHandler,
  type ReactNode,
  type RefObject,
} from 'react';

type Props = {
  /** Id of the dialog's heading, which names it. */
  labelledBy: string;
  describedBy?: string;
  /** Escape (the dialog's `cancel`). */
  onDismiss: () => void;
  /** The browser closed the dialog itself (Chromium may, after repeated Escapes); `onDismiss` unless told. */
  onClosed?: () => void;
  className?: string;
  /** `alertdialog` for a question about something that cannot be taken back; the plain role unless told. */
  role?: 'dialog' | 'alertdialog';
  /** Something the dialog started is under way (`aria-busy`). */
  busy?: boolean;
  /** Hands focus back to what had it before, on unmount; off where the caller places it itself. */
  restoreFocus?: boolean;
  onKeyDown?: KeyboardEventHandler<HTMLDialogElement>;
  /** The `<dialog>` element, for a dialog built on this one that moves focus inside it. */
  dialogRef?: RefObject<HTMLDialogElement | null>;
  children: ReactNode;
};

/**
 * The app's one modal dialog, on the native `<dialog>`: `showModal()` makes the page behind it
 * inert, so focus stays inside and screen readers only see the dialog; Escape fires `cancel`,
 * which becomes `onDismiss`. Focus goes back to whatever had it before, when the dialog
 * unmounts. The first element with `autoFocus` (or the first focusable one) takes focus on
 * open; a dialog built on this one can move it in its own effect, which runs after this one's.
 * The confirmation (confirm-dialog.tsx) and the long operations' dialog are built on it.
 */
export function Modal(props: Props) {
  const { labelledBy, describedBy, onDismiss, onClosed, className, role, busy } = props;
  const { restoreFocus = true, onKeyDown, dialogRef: givenRef, children } = props;
  const ownRef = useRef<HTMLDialogElement>(null);
  const dialogRef = givenRef ?? ownRef;
  const handlers = useRef({ onDismiss, onClosed: onClosed ?? onDismiss });
  useEffect(() => {
    handlers.current = { onDismiss, onClosed: onClosed ?? onDismiss };
  }, [onDismiss, onClosed]);
  // Read once: whether focus goes back is the dialog's kind, not something that changes.
  const restore = useRef(restoreFocus);

  useEffect(() => {
    const dialog = dialogRef.current;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const handBack = restore.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      // The element may have gone with the screen it was on; then focus stays where it falls.
      if (handBack && before?.isConnected) before.focus();
    };
  }, [dialogRef]);

  return (
    <dialog
      ref={dialogRef}
      className={['dialog', className].filter(Boolean).join(' ')}
      role={role}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-busy={busy}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // React passes a nested dialog's cancel up its tree (a confirmation inside this one):
        // that Escape is the nested dialog's own.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        handlers.current.onDismiss();
      }}
      onClose={(event) => {
        if (event.target !== event.currentTarget) return;
        // Chromium may close a dialog itself after repeated Escapes; keep React in step. A
        // dialog open again (re-shown after a StrictMode remount) is not a real close.
        if (dialogRef.current && !dialogRef.current.open) handlers.current.onClosed();
      }}
    >
      {children}
    </dialog>
  );
}
