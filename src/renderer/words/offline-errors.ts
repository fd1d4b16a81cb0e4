import i18next from 'i18next';
import { ENTITY_NAMES, type EntityName } from '../../shared/entity-names';
import { BridgeError, toUiError } from '../data/bridge';
import { errorText } from './error-text';

/**
 * The codes core answers at once while a school cannot be reached, or after the read
 * deadline while it answers too slowly. Asking again at once would only repeat them (and a
 * slow school's wait), so queries do not retry these: the screen shows the sentence straight
 * away rather than a spinner, and reloads when the school answers again.
 */
const OFFLINE_CODES: ReadonlySet<string> = new Set([
  'school_unreachable',
  'not_synced_offline',
  'school_slow',
]);

/** Whether a failure says the school cannot be reached (rather than that it said no). */
export function isOfflineError(error: unknown): boolean {
  return error instanceof BridgeError && OFFLINE_CODES.has(error.code);
}

/** What a screen shows that core may not have copied: an area, or a student's enrollments. */
export type ShownArea = EntityName | 'enrollments';

const isShownArea = (what: string): what is ShownArea =>
  what === 'enrollments' || (ENTITY_NAMES as readonly string[]).includes(what);

/**
 * A failure's sentence, in the owner's language, for a screen that shows `what`: core cannot
 * name the area in `not_synced_offline`, the screen can. `what` is an area's name
 * ("students", "enrollments"), or the words for it already in the owner's language.
 */
export function errorSentence(error: unknown, what: ShownArea | (string & {})): string {
  const ui = toUiError(error);
  if (ui.code !== 'not_synced_offline') return errorText(ui);
  const area = isShownArea(what) ? i18next.t(`errors:area.${what}`) : what;
  return i18next.t('errors:not_synced_offline_area', { area });
}
