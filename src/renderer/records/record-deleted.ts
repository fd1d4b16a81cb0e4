import { useEffect } from 'react';
import { endToastsAbout, type ToastSubject } from '../toast-store';

type Listener = (gone: ToastSubject) => void;
const listeners = new Set<Listener>();

/**
 * Tells the screens that a record was deleted (at the school, or on this computer until it is
 * sent): its Undo toasts end, and lists drop it from their ticked rows.
 */
export function recordDeleted(gone: ToastSubject): void {
  endToastsAbout(
    (about) =>
      about.schoolId === gone.schoolId && about.entity === gone.entity && about.id === gone.id,
  );
  for (const listener of listeners) listener(gone);
}

/** Calls `listener` for each record deleted while the component is mounted (keep it stable). */
export function useOnRecordDeleted(listener: Listener): void {
  useEffect(() => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [listener]);
}
