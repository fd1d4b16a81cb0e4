import i18next from 'i18next';
import type { EntityName } from '../../shared/entity-names';
import type { OutboxEntryView, OutboxProblemView } from '../../shared/outbox-contract';
import { fieldErrorText } from '../words/error-text';
import { formatNumber } from '../words/format';
import { FIELD_LABELS } from '../records/field-specs';
import { describeValue, fieldLabel, kindWord } from '../words/record-words';

/**
 * The outbox in words, in the owner's language: the shell's count, the sign-out warning, and
 * what the panel says of each entry (what changed, its state, what it waits for). Pure, so it
 * is tested alone; each function reads the language shown when it is called.
 */

/** The shell's count: "1 change waiting to be sent", "3 changes waiting to be sent"; '' for 0. */
export function waitingText(count: number): string {
  return count > 0 ? i18next.t('outbox:waiting', { count }) : '';
}

/**
 * The shell's word while the school refuses changes: "The school is refusing changes; retrying
 * in 12 s", and "…; retrying now" at the end of the wait.
 */
export function refusingText(seconds: number): string {
  return seconds > 0
    ? i18next.t('outbox:refusing', { seconds: formatNumber(seconds) })
    : i18next.t('outbox:refusingNow');
}

/** "1 needs you", "2 need you"; '' for 0. */
export function needsYouText(count: number): string {
  return count > 0 ? i18next.t('outbox:needsYou', { count }) : '';
}

/** The sign-out warning: "4 changes have not been sent to the school". */
export function unsentText(count: number): string {
  return i18next.t('outbox:unsent', { count });
}

/** The name of the record an entry changes: its label, or "Untitled" when nothing names it. */
export function entryLabel(entry: Pick<OutboxEntryView, 'label'>): string {
  return entry.label ?? i18next.t('outbox:untitled');
}

/** The record an entry changes, for a person: "Course · Intro to painting". */
export function entryTitle(entry: Pick<OutboxEntryView, 'area' | 'label'>): string {
  return i18next.t('outbox:entryTitle', { kind: kindWord(entry.area), label: entryLabel(entry) });
}

/** A field's label: the entity's form label when the entry says which entity. */
const labelOf = (field: string, area?: EntityName) =>
  area ? fieldLabel(area, field) : (FIELD_LABELS[field] ?? field);

/**
 * What an entry changes: "New" for a create, "Delete" for a delete, "Enroll in Painting" for
 * an enrollment change, else "Field: value" each.
 */
export function changeLines(
  entry: Pick<OutboxEntryView, 'kind' | 'fields'> &
    Partial<Pick<OutboxEntryView, 'enrollment'>> & { area?: EntityName },
): string[] {
  const { enrollment } = entry;
  if (enrollment)
    return [
      i18next.t('outbox:change.enrollment', {
        change: enrollment.change,
        course: enrollment.course ?? i18next.t('outbox:change.untitledCourse'),
      }),
    ];
  if (entry.kind === 'create') return [i18next.t('outbox:change.new')];
  if (entry.kind === 'delete') return [i18next.t('outbox:change.delete')];
  return Object.entries(entry.fields).map(([field, value]) =>
    i18next.t('outbox:change.field', {
      field: labelOf(field, entry.area),
      value: describeValue(field, value),
    }),
  );
}

/** An entry's state in one word or two: Waiting, Sending, Needs you. */
export function stateText(state: OutboxEntryView['state']): string {
  return i18next.t(`outbox:state.${state}`);
}

/** Why a parked entry waits for the owner, in a plain sentence. */
export function problemText(problem: OutboxProblemView, area: OutboxEntryView['area']): string {
  const t = i18next.t;
  switch (problem.code) {
    case 'conflict':
      return t('outbox:problem.conflict', { area });
    case 'gone':
      return t('outbox:problem.gone', { area });
    case 'invalid':
      return t('outbox:problem.invalid');
    case 'scope':
      return t('outbox:problem.scope', { area });
    case 'refused':
      return problem.reason === 'changed_repeatedly'
        ? t('outbox:problem.changedRepeatedly', { area })
        : t('outbox:problem.refused');
  }
}

/**
 * The platform's message for each field it did not accept, in the owner's language:
 * "Slug: Slug already exists", "網址代稱：網址代稱已被使用".
 */
export function invalidLines(fields: Record<string, string>, area?: EntityName): string[] {
  return Object.entries(fields).map(([field, message]) =>
    i18next.t('outbox:invalidLine', {
      field: labelOf(field, area),
      message: fieldErrorText(message),
    }),
  );
}
