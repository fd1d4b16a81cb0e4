import { useCallback, useEffect, useId } from 'react';
import { create } from 'zustand';

/**
 * Edits typed but not saved, and the step the owner took away from them. UI state only:
 * each editable form or dialog says while it holds unsaved edits (useUnsavedEdits), and every
 * step that would unmount it goes through `guard` (useLeaveGuard), which asks first.
 */
type UnsavedState = {
  /** The forms and dialogs holding unsaved edits, by an id of their own. */
  editors: ReadonlySet<string>;
  /** The step waiting on the owner's answer ("Keep editing" / "Discard changes"). */
  pending?: () => void;
};

export const useUnsavedStore = create<UnsavedState>()(() => ({ editors: new Set() }));

function setEditor(id: string, dirty: boolean): void {
  useUnsavedStore.setState((s) => {
    if (s.editors.has(id) === dirty) return {};
    const editors = new Set(s.editors);
    if (dirty) editors.add(id);
    else editors.delete(id);
    return { editors };
  });
}

/**
 * Tells the guard while a form or dialog holds unsaved edits. Answers `settle`, for a form
 * that leaves on its own once its edits are saved or deleted: the guard forgets it at once,
 * before the step away (a re-render would come too late).
 */
export function useUnsavedEdits(dirty: boolean): () => void {
  const id = useId();
  useEffect(() => {
    setEditor(id, dirty);
    return () => setEditor(id, false);
  }, [id, dirty]);
  return useCallback(() => setEditor(id, false), [id]);
}

/** Runs `step` now when nothing is unsaved; else keeps it until the owner answers. */
export function leaveIfAllowed(step: () => void): void {
  if (useUnsavedStore.getState().editors.size === 0) step();
  else useUnsavedStore.setState({ pending: step });
}

/** The owner chose to keep editing: the step is dropped. */
export function keepEditing(): void {
  useUnsavedStore.setState({ pending: undefined });
}

/**
 * The owner chose to discard their edits: the step runs, unmounting what held them. A step
 * that leaves them in place (a sign-out cancelled in its own dialog) leaves them guarded.
 */
export function discardAndLeave(): void {
  const step = useUnsavedStore.getState().pending;
  useUnsavedStore.setState({ pending: undefined });
  step?.();
}

/**
 * Wraps a step away from the current form (close, another record, area or school, sign-out)
 * so that it asks first when edits are unsaved.
 */
export function guarded<A extends unknown[]>(step: (...args: A) => void): (...args: A) => void {
  return (...args) => leaveIfAllowed(() => step(...args));
}
