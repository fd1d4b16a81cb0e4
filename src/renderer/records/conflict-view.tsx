import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityName } from '../../shared/entity-names';
import { FIELD_LABELS, type AnyRecord } from './field-specs';
import { describeValue, fieldLabel } from '../words/record-words';
import {
  CurriculumConflict,
  curriculumMerge,
  curriculumKeepingMine,
  mergedCurriculum,
  type CurriculumVersions,
} from '../curriculum/curriculum-conflict';

/** What the owner had in the form when the save met a newer version on the server. */
export type Conflict = {
  /** The form's values as platform fields. */
  mine: Record<string, unknown>;
  /** Fields the owner changed in the form (they default to "mine"). */
  edited: string[];
  /** The record as the owner opened it, when known: a curriculum is then merged item by item. */
  base?: AnyRecord;
  current: AnyRecord;
  currentEtag: string;
  /**
   * Only these fields are the owner's to decide (an outbox conflict: the fields both sides
   * changed; the others merge without asking). Without it, every editable field that differs.
   */
  clashing?: readonly string[];
};

type Choice = 'mine' | 'server' | 'merge';
/** The two versions of a field, the owner's first. */
const SIDES: readonly Choice[] = ['mine', 'server'];

/** The editable fields where the owner's version and the server's differ. */
export function differingFields(conflict: Conflict): string[] {
  // `mine` starts from the whole record, so read-only fields (updatedAt, which a server-side
  // edit always moves) are left out: there is nothing to choose, and nothing to send.
  return Object.keys(conflict.mine).filter(
    (k) =>
      k in FIELD_LABELS &&
      (conflict.clashing === undefined || conflict.clashing.includes(k)) &&
      JSON.stringify(conflict.mine[k] ?? null) !== JSON.stringify(conflict.current[k] ?? null),
  );
}

type Props = {
  entity: EntityName;
  conflict: Conflict;
  busy: boolean;
  /** Saves these fields (the owner's values) over the server's version. */
  onSave: (fields: Record<string, unknown>) => void;
  onTakeServer: () => void;
  /** "Keep mine", when it is more than saving every field the owner's way (the outbox). */
  onKeepMine?: () => void;
};

/**
 * The 412 view: both versions side by side for each field that differs, a choice per field,
 * and the three ways out (keep mine, take the server's, save the merge). In a record panel it
 * takes the whole content area (records.css), so long values read as paragraphs, not a few
 * words a line.
 */
export function ConflictView(props: Props) {
  const { entity, conflict, busy, onSave, onTakeServer, onKeepMine } = props;
  const { t } = useTranslation('records');
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Land on the news: the owner pressed Save below and must learn why nothing was saved.
  useEffect(() => headingRef.current?.focus(), []);
  const fields = differingFields(conflict);
  // The curriculum merged once per conflict: the choices, "Keep mine" and the words read it.
  const [base, mine, school] = [
    conflict.base?.sections,
    conflict.mine.sections,
    conflict.current.sections,
  ];
  const [curriculum, merge] = useMemo(() => {
    const versions: CurriculumVersions = { ...(base === undefined ? {} : { base }), mine, school };
    return [versions, curriculumMerge(versions)] as const;
  }, [base, mine, school]);
  const offeredMerge = mergedCurriculum(merge);
  const [choices, setChoices] = useState<Record<string, Choice>>(() =>
    Object.fromEntries(
      fields.map((f) => [
        f,
        f === 'sections' && offeredMerge
          ? 'merge'
          : conflict.edited.includes(f)
            ? 'mine'
            : 'server',
      ]),
    ),
  );
  // The owner's values; for the curriculum, the owner's way where both changed the same item
  // and the school's changes elsewhere in the outline (when the opened version is known).
  const mineOf = (keys: string[]) =>
    Object.fromEntries(
      keys.map((k) => [
        k,
        k === 'sections' ? curriculumKeepingMine(curriculum, merge) : conflict.mine[k],
      ]),
    );
  const merged = () => ({
    ...mineOf(fields.filter((f) => (choices[f] ?? 'mine') === 'mine')),
    ...(choices.sections === 'merge' && offeredMerge ? { sections: offeredMerge } : {}),
  });

  return (
    <section className="conflict" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        {t(`conflict.heading.${entity}`)}
      </h3>
      <p>{t(`conflict.body.${entity}`)}</p>
      {fields.length === 0 ? (
        <p>{t('conflict.same')}</p>
      ) : (
        <div className="conflict-fields">
          {fields.map((field) =>
            field === 'sections' ? (
              <CurriculumConflict
                key={field}
                name={`${id}-${field}`}
                legend={fieldLabel(entity, field)}
                versions={curriculum}
                merge={merge}
                choice={choices[field] ?? 'mine'}
                onChoose={(choice) => setChoices((c) => ({ ...c, [field]: choice }))}
              />
            ) : (
              <fieldset key={field} className="conflict-field">
                <legend>{fieldLabel(entity, field)}</legend>
                {SIDES.map((side) => (
                  <label key={side} className="conflict-choice">
                    <input
                      type="radio"
                      name={`${id}-${field}`}
                      value={side}
                      checked={choices[field] === side}
                      onChange={() => setChoices((c) => ({ ...c, [field]: side }))}
                    />
                    <span className="conflict-side">
                      {side === 'server'
                        ? t('conflict.servers')
                        : // "Yours" only where the owner changed the field; elsewhere this side
                          // holds the version they opened.
                          conflict.edited.includes(field)
                          ? t('conflict.yours')
                          : t('conflict.asOpened')}
                    </span>
                    <span className="conflict-value">
                      {describeValue(
                        field,
                        side === 'mine' ? conflict.mine[field] : conflict.current[field],
                      )}
                    </span>
                  </label>
                ))}
              </fieldset>
            ),
          )}
        </div>
      )}
      <div className="actions">
        <button
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() => (onKeepMine ? onKeepMine() : onSave(mineOf(fields)))}
        >
          {t('conflict.keepMine')}
        </button>
        <button type="button" className="secondary" disabled={busy} onClick={onTakeServer}>
          {t('conflict.takeServers')}
        </button>
        <button type="button" className="primary" disabled={busy} onClick={() => onSave(merged())}>
          {t('conflict.saveMerged')}
        </button>
      </div>
    </section>
  );
}
