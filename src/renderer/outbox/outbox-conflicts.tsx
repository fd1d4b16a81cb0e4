import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxEntryView } from '../../shared/outbox-contract';
import { useOutboxActions } from './use-outbox-actions';
import { entryTitle } from './outbox-text';
import { ConflictView, type Conflict } from '../records/conflict-view';

type ConflictEntry = OutboxEntryView & {
  problem: Extract<OutboxEntryView['problem'], { code: 'conflict' }>;
};

/** Whether an entry is parked on a conflict (the school changed the same fields). */
export function isConflict(entry: OutboxEntryView): entry is ConflictEntry {
  return entry.problem?.code === 'conflict';
}

/**
 * The conflict view's input from an outbox entry: mine is the edit's fields, theirs the
 * school's record, and only the fields both sides changed are the owner's to decide.
 */
export function conflictOf(entry: ConflictEntry): Conflict {
  return {
    mine: entry.fields,
    edited: entry.problem.fields,
    current: { ...entry.problem.theirs, id: entry.recordId },
    currentEtag: entry.id,
    clashing: entry.problem.fields,
    ...(entry.problem.opened ? { base: { ...entry.problem.opened, id: entry.recordId } } : {}),
  };
}

/**
 * What a merge sends: the edit's fields, less the clashing ones the owner gave to the school
 * (`chosen` holds the clashing fields kept the owner's way, with the values to send). Fields
 * only the owner changed always go: they merge without asking.
 */
export function mergedFields(
  entry: ConflictEntry,
  chosen: Record<string, unknown>,
): Record<string, unknown> {
  const clashing = entry.problem.fields;
  return Object.fromEntries(
    Object.entries(entry.fields)
      .filter(([field]) => !clashing.includes(field) || field in chosen)
      // A chosen value may be more than the edit's own: a curriculum merged with the school's.
      .map(([field, value]) => [field, field in chosen ? chosen[field] : value]),
  );
}

type Props = {
  schoolId: string;
  /** Every entry of the outbox, as listed now; the conflicts among them are shown in turn. */
  entries: readonly OutboxEntryView[];
  /** The conflict to show first. */
  startId: string;
  /** Back to the list of changes. */
  onBack: () => void;
};

/**
 * Conflicts after a time offline, one after another ("Conflict 1 of 3", Next), each in the
 * record form's side-by-side conflict view. Keep mine, take the school's, or the merge
 * settle it through `outbox:resolve`, and the next conflict comes up.
 */
export function OutboxConflicts({ schoolId, entries, startId, onBack }: Props) {
  const { t } = useTranslation('outbox');
  const { resolve } = useOutboxActions(schoolId);
  // Settled entries leave the list once main says so; until then they are skipped here.
  const [settled, setSettled] = useState<ReadonlySet<string>>(new Set());
  const [currentId, setCurrentId] = useState(startId);
  const conflicts = entries.filter((e): e is ConflictEntry => isConflict(e) && !settled.has(e.id));
  const found = conflicts.findIndex((e) => e.id === currentId);
  const index = found < 0 ? 0 : found;
  const entry = conflicts[index];

  if (!entry)
    return (
      <section className="outbox-conflicts" aria-label={t('conflicts.label')}>
        <p role="status">{t('conflicts.allSettled')}</p>
        <div className="actions">
          <button type="button" className="primary" autoFocus onClick={onBack}>
            {t('conflicts.back')}
          </button>
        </div>
      </section>
    );

  const after = conflicts[index + 1] ?? conflicts[index - 1];
  const settle = (choice: 'mine' | 'theirs' | 'merge', fields?: Record<string, unknown>) =>
    resolve.mutate(
      { entryId: entry.id, choice, ...(fields ? { fields } : {}) },
      {
        onSuccess: () => {
          setSettled((s) => new Set([...s, entry.id]));
          if (after) setCurrentId(after.id);
        },
      },
    );

  return (
    <section className="outbox-conflicts" aria-label={t('conflicts.label')}>
      <p className="conflict-step" role="status">
        {t('conflicts.step', {
          index: index + 1,
          count: conflicts.length,
          title: entryTitle(entry),
        })}
      </p>
      <ConflictView
        key={entry.id}
        entity={entry.area}
        conflict={conflictOf(entry)}
        busy={resolve.isPending}
        onKeepMine={() => settle('mine')}
        onTakeServer={() => settle('theirs')}
        onSave={(chosen) => {
          const fields = mergedFields(entry, chosen);
          if (Object.keys(fields).length === 0) settle('theirs');
          else settle('merge', fields);
        }}
      />
      <div className="actions">
        {conflicts.length > 1 ? (
          <button
            type="button"
            className="secondary"
            disabled={resolve.isPending}
            onClick={() => setCurrentId(conflicts[(index + 1) % conflicts.length]!.id)}
          >
            {t('conflicts.next')}
          </button>
        ) : null}
        <button type="button" className="secondary" onClick={onBack}>
          {t('conflicts.back')}
        </button>
      </div>
    </section>
  );
}
