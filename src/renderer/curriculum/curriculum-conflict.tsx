import { useTranslation } from 'react-i18next';
import { curriculumChanges } from '../../shared/curriculum/curriculum-changes';
import {
  asCurriculum,
  mergeCurriculum,
  type CurriculumMerge,
} from '../../shared/curriculum/curriculum-merge';
import type { Section } from '../../shared/curriculum/curriculum-shape';
import { changeWords, collisionWords } from './change-words';

/** The ways out of a curriculum both sides changed: the owner's, the school's, or both. */
export type CurriculumChoice = 'mine' | 'server' | 'merge';

/** What the conflict knows of a curriculum: as opened (if known), the owner's, the school's. */
export type CurriculumVersions = { base?: unknown; mine: unknown; school: unknown };

/**
 * Both versions merged item by item, the owner's way where both changed the same item;
 * undefined when the version the owner opened is not known (nothing to merge from). Computed
 * once per conflict (ConflictView) and read by the helpers below.
 */
export function curriculumMerge(versions: CurriculumVersions): CurriculumMerge | undefined {
  if (versions.base === undefined) return undefined;
  return mergeCurriculum(
    asCurriculum(versions.base),
    asCurriculum(versions.mine),
    asCurriculum(versions.school),
    'mine',
  );
}

/** The merge to offer: when the two sides touch different items; else undefined. */
export function mergedCurriculum(merge: CurriculumMerge | undefined): Section[] | undefined {
  return merge && merge.collisions.length === 0 ? merge.curriculum : undefined;
}

/**
 * The owner's curriculum as "Yours" and "Keep mine" send it: merged with the school's, the
 * owner's way where both changed the same item; the owner's as it is when the opened version
 * is not known.
 */
export function curriculumKeepingMine(
  versions: CurriculumVersions,
  merge: CurriculumMerge | undefined,
): unknown {
  return merge ? merge.curriculum : versions.mine;
}

type Props = {
  name: string;
  versions: CurriculumVersions;
  /** curriculumMerge(versions), computed once by the caller. */
  merge: CurriculumMerge | undefined;
  choice: CurriculumChoice;
  onChoose: (choice: CurriculumChoice) => void;
  legend: string;
};

/**
 * A curriculum in the conflict view: what changed on the school and what the owner changed,
 * in words, where both changed the same thing, and the choice of the owner's version, the
 * school's, or both merged (offered when they touch different items).
 */
export function CurriculumConflict({ name, versions, merge, choice, onChoose, legend }: Props) {
  const { t } = useTranslation(['curriculum', 'records']);
  const base = asCurriculum(versions.base ?? versions.school);
  const theirs = curriculumChanges(base, asCurriculum(versions.school));
  const mine = curriculumChanges(base, asCurriculum(versions.mine));
  const collisions = merge?.collisions ?? [];
  const mergeable = mergedCurriculum(merge) !== undefined;
  const options: { value: CurriculumChoice; label: string }[] = [
    ...(mergeable ? [{ value: 'merge' as const, label: t('changes.merge') }] : []),
    { value: 'mine', label: t('records:conflict.yours') },
    { value: 'server', label: t('records:conflict.servers') },
  ];
  const list = (lines: string[]) =>
    lines.length === 0 ? (
      <p className="hint">{t('changes.none')}</p>
    ) : (
      <ul>
        {lines.map((line, at) => (
          <li key={at}>{line}</li>
        ))}
      </ul>
    );
  return (
    <fieldset className="conflict-field curriculum-conflict">
      <legend>{legend}</legend>
      {versions.base === undefined ? null : (
        <div className="curriculum-changes">
          <h4>{t('changes.school')}</h4>
          {list(theirs.map(changeWords))}
          <h4>{t('records:conflict.yours')}</h4>
          {list(mine.map(changeWords))}
          {collisions.length > 0 ? (
            <>
              <h4>{t('changes.collisionsHeading')}</h4>
              {list(collisions.map(collisionWords))}
            </>
          ) : null}
          {mergeable ? <p className="hint">{t('changes.mergeHint')}</p> : null}
        </div>
      )}
      {options.map((option) => (
        <label key={option.value} className="conflict-choice">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={choice === option.value}
            onChange={() => onChoose(option.value)}
          />
          <span className="conflict-side">{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
