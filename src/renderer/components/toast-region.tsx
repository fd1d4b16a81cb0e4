import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissToast, useToastStore, type Toast } from '../toast-store';

/**
 * One toast. It closes itself after its time, but not while the pointer is over it or focus
 * is inside it: someone reaching for Undo must not see it vanish under the cursor.
 */
function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation('shell');
  const [held, setHeld] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // An error stays until dismissed (see showToast).
    if (held || busy || !Number.isFinite(toast.timeoutMs)) return;
    const timer = setTimeout(() => dismissToast(toast.id), toast.timeoutMs);
    return () => clearTimeout(timer);
  }, [held, busy, toast.id, toast.timeoutMs]);

  const run = async () => {
    if (!toast.action || busy) return;
    setBusy(true);
    try {
      await toast.action.run();
    } finally {
      dismissToast(toast.id);
    }
  };

  return (
    <li
      className={`toast ${toast.tone}`}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <span className="toast-message">{toast.message}</span>
      {toast.action ? (
        <button type="button" className="secondary" disabled={busy} onClick={() => void run()}>
          {toast.action.label}
        </button>
      ) : null}
      <button
        type="button"
        className="link-like"
        aria-label={t('toast.dismissLabel', { message: toast.message })}
        onClick={() => dismissToast(toast.id)}
      >
        {t('toast.dismiss')}
      </button>
    </li>
  );
}

/**
 * The toasts of the app, announced politely to screen readers. The live region is always in
 * the page (even when empty) so assistive tech is listening before the first toast arrives.
 * The workspace places it at the foot of the list side, away from the open record's controls
 * (workspace.css), and the store keeps at most a few.
 */
export function ToastRegion() {
  const { t } = useTranslation('shell');
  const toasts = useToastStore((s) => s.toasts);
  return (
    <section className="toast-region" aria-label={t('toast.region')}>
      <div role="status" aria-live="polite">
        <ul className="toast-list">
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
        </ul>
      </div>
    </section>
  );
}
