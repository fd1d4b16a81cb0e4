import { notSyncedOfflineSentence } from '../shared/platform-errors';
import { BridgeError, toUiError } from './bridge';

/**
 * The codes core answers at once while a school cannot be reached. Asking again at once
 * would only repeat them, so queries do not retry these: the screen shows the sentence
 * straight away rather than a spinner, and reloads when the school answers again.
 */
const OFFLINE_CODES: ReadonlySet<string> = new Set(['school_unreachable', 'not_synced_offline']);

/** Whether a failure says the school cannot be reached (rather than that it said no). */
export function isOfflineError(error: unknown): boolean {
  return error instanceof BridgeError && OFFLINE_CODES.has(error.code);
}

/**
 * A failure's sentence for a screen that shows `what` ("students", "enrollments"): core
 * cannot name the area in `not_synced_offline`, the screen can.
 */
export function errorSentence(error: unknown, what: string): string {
  const ui = toUiError(error);
  return ui.code === 'not_synced_offline' ? notSyncedOfflineSentence(what) : ui.message;
}
