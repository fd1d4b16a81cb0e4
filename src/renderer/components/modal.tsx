import { useEffect, useRef, type ReactNode } from 'react';

type Props = {
  /** Id of the dialog's heading, which names it. */
  labelledBy: string;
  describedBy?: string;
  /** Escape, or the browser closing the dialog itself. */
  onDismiss: () => void;
  className?: string;
  children: ReactNode;
};

/**
 * A modal dialog on the native `<dialog>`: `showModal()` makes the page behind it inert, so
 * focus stays inside and screen readers only see the dialog; Escape fires `cancel`, which
 * becomes `onDismiss`. Focus goes back to whatever had it before, when the dialog unmounts.
 * The first element with `autoFocus` (or the first focusable one) takes focus on open.
 */
export function Modal({ labelledBy, describedBy, onDismiss, className, children }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const dismissRef = useRef(onDismiss);
  useEffect(() => {
    dismissRef.current = onDismiss;
  }, [onDismiss]);

  useEffect(() => {
    const dialog = dialogRef.current;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      // The element may have gone with the screen it was on; then focus stays where it falls.
      if (before?.isConnected) before.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className={`dialog ${className ?? ''}`}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        // React passes a nested dialog's cancel up its tree (a confirmation inside this one):
        // that Escape is the nested dialog's own.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        dismissRef.current();
      }}
      onClose={(event) => {
        if (event.target !== event.currentTarget) return;
        // Chromium may close a dialog itself after repeated Escapes; keep React in step. A
        // dialog open again (re-shown after a StrictMode remount) is not a real close.
        if (dialogRef.current && !dialogRef.current.open) dismissRef.current();
      }}
    >
      {children}
    </dialog>
  );
}
