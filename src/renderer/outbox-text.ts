import type { OutboxEntryView, OutboxProblemView } from '../shared/outbox-contract';
import { countOf, formatNumber } from './format';
import { FIELD_LABELS, SINGULAR, capitalized, describeValue } from './records/field-specs';

/**
 * The outbox in words: the shell's count, the sign-out warning, and what the panel says of
 * each entry (what changed, its state, what it waits for). Pure, so it is tested alone.
 */

/** What the form and the toast say after a write that is saved here and not yet sent. */
export const SAVED_HERE = 'Saved on this computer. It will be sent when the school answers.';

/** The accessible name (and tooltip) of the mark on rows and records with unsent edits. */
export const PENDING_MARK_LABEL = 'Not sent yet';

/** The shell's count: "1 change waiting to be sent", "3 changes waiting to be sent"; '' for 0. */
export function waitingText(count: number): string {
  return count > 0 ? `${countOf(count, 'change')} waiting to be sent` : '';
}

/** "1 needs you", "2 need you"; '' for 0. */
export function needsYouText(count: number): string {
  if (count <= 0) return '';
  return `${formatNumber(count)} ${count === 1 ? 'needs' : 'need'} you`;
}

/** The sign-out warning: "4 changes have not been sent to the school". */
export function unsentText(count: number): string {
  return `${countOf(count, 'change')} ${count === 1 ? 'has' : 'have'} not been sent to the school`;
}

/** The record an entry changes, for a person: "Course · Intro to painting". */
export function entryTitle(entry: Pick<OutboxEntryView, 'area' | 'label'>): string {
  return `${capitalized(entry.area)} · ${entry.label}`;
}

/** What an entry changes: "New" for a create, "Delete" for a delete, else "Field: value" each. */
export function changeLines(entry: Pick<OutboxEntryView, 'kind' | 'fields'>): string[] {
  if (entry.kind === 'create') return ['New'];
  if (entry.kind === 'delete') return ['Delete'];
  return Object.entries(entry.fields).map(
    ([field, value]) => `${FIELD_LABELS[field] ?? field}: ${describeValue(field, value)}`,
  );
}

const STATE_WORDS: Record<OutboxEntryView['state'], string> = {
  waiting: 'Waiting',
  sending: 'Sending',
  needs_you: 'Needs you',
};

/** An entry's state in one word or two: Waiting, Sending, Needs you. */
export function stateText(state: OutboxEntryView['state']): string {
  return STATE_WORDS[state];
}

/** Why a parked entry waits for the owner, in a plain sentence. */
export function problemText(problem: OutboxProblemView, area: OutboxEntryView['area']): string {
  const record = SINGULAR[area];
  switch (problem.code) {
    case 'conflict':
      return `Someone changed this ${record} on the school too. Choose which version to keep.`;
    case 'gone':
      return `This ${record} was deleted on the school, so the change cannot be sent. Discard it, or make the ${record} again.`;
    case 'invalid':
      return 'The school did not accept this change:';
    case 'scope':
      return `Schooldesk needs more access to change ${area} at the school.`;
    case 'refused':
      return problem.reason === 'changed_repeatedly'
        ? `This ${record} kept changing on the school while Schooldesk sent the change. Send it again.`
        : 'The school refused this change.';
  }
}

/** The platform's message for each field it did not accept: "Slug: is already taken". */
export function invalidLines(fields: Record<string, string>): string[] {
  return Object.entries(fields).map(
    ([field, message]) => `${FIELD_LABELS[field] ?? field}: ${message}`,
  );
}
