import { create } from 'zustand';
import type { EntityName } from '../shared/entity-names';

/** A button on a toast, e.g. Undo. Runs once; the toast closes when it is pressed. */
export type ToastAction = { label: string; run: () => void | Promise<void> };

/** The record a toast's action acts on: the toast ends when the record goes, or the area. */
export type ToastSubject = { schoolId: string; entity: EntityName; id: string };

/** A short message at the foot of the window, optionally with one action. */
export type Toast = {
  id: string;
  message: string;
  tone: 'info' | 'error';
  action?: ToastAction;
  about?: ToastSubject;
  /** How long it stays, in ms, while the pointer and focus are elsewhere; errors stay. */
  timeoutMs: number;
};

/** What {@link showToast} accepts besides the message. */
export type ToastOptions = {
  action?: ToastAction;
  about?: ToastSubject;
  tone?: Toast['tone'];
  timeoutMs?: number;
};

type ToastState = { toasts: Toast[] };

/** UI state only: the toasts on screen. Components read it; anyone may call showToast. */
export const useToastStore = create<ToastState>()(() => ({ toasts: [] }));

/**
 * At most this many toasts show: the newest replaces the oldest, so the stack never grows
 * over the window (the workspace also keeps it away from the open record).
 */
export const MAX_TOASTS = 3;

/**
 * Shows a toast and answers its id. Any code may call it (it is not a hook):
 * `showToast('Course saved.', { action: { label: 'Undo', run: undo } })`.
 * Toasts with an action stay longer, since the owner needs time to reach the button; an
 * error stays until it is dismissed, so it is never missed.
 */
export function showToast(message: string, options: ToastOptions = {}): string {
  const id = crypto.randomUUID();
  const toast: Toast = {
    id,
    message,
    tone: options.tone ?? 'info',
    timeoutMs:
      options.timeoutMs ?? (options.tone === 'error' ? Infinity : options.action ? 15_000 : 6_000),
    ...(options.action ? { action: options.action } : {}),
    ...(options.about ? { about: options.about } : {}),
  };
  // The same words again (a second failure) replace the first toast: one line that says it
  // once reads better than two that say it twice. A toast with an action is kept: its Undo
  // belongs to its own change.
  const repeats = (t: Toast) => !t.action && !toast.action && t.message === message;
  useToastStore.setState((s) => ({
    toasts: [...s.toasts.filter((t) => !repeats(t)), toast].slice(-MAX_TOASTS),
  }));
  return id;
}

/**
 * Ends the toasts whose action acts on a record that `test` picks: one deleted, or one of an
 * area the owner left. An Undo must not act on what is no longer there or in view.
 */
export function endToastsAbout(test: (about: ToastSubject) => boolean): void {
  useToastStore.setState((s) => ({ toasts: s.toasts.filter((t) => !t.about || !test(t.about)) }));
}

/** Removes a toast (closing it, or after its time is up). */
export function dismissToast(id: string): void {
  useToastStore.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
}
