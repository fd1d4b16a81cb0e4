import { useTranslation } from 'react-i18next';
import { curriculumChanges } from '../../shared/curriculum/curriculum-changes';
import { asCurriculum, mergeCurriculum } from '../../shared/curriculum/curriculum-merge';
import type { Section } from '../../shared/curriculum/curriculum-shape';
import { changeWords, collisionWords } from './change-words';

/** The ways out of a curriculum both sides changed: the owner's, the school's, or both. */
export type CurriculumChoice = 'mine' | 'server' | 'merge';

/** What the conflict knows of a curriculum: as opened (if known), the owner's, the school's. */
export type CurriculumVersions = { base?: unknown; mine: unknown; school: unknown };

/**
 * The merge of both versions, when they touch different items; undefined when something
 * collides or the version the owner opened is not known.
 */
export function mergedCurriculum(versions: CurriculumVersions): Section[] | undefined {
  if (versions.base === undefined) return undefined;
  const merge = mergeCurriculum(
    asCurriculum(versions.base),
    asCurriculum(versions.mine),
    asCurriculum(versions.school),
    'mine',
  );
  return merge.collisions.length === 0 ? merge.curriculum : undefined;
}

type Props = {
  name: string;
  versions: CurriculumVersions;
  choice: CurriculumChoice;
  onChoose: (choice: CurriculumChoice) => void;
  legend: string;
};

/**
 * A curriculum in the conflict view: what changed on the school and what the owner changed,
 * in words, where both changed the same thing, and the choice of the owner's version, the
 * school's, or both merged (offered when they touch different items).
 */
export function CurriculumConflict({ name, versions, choice, onChoose, legend }: Props) {
  const { t } = useTranslation(['curriculum', 'records']);
  const base = asCurriculum(versions.base ?? versions.school);
  const theirs = curriculumChanges(base, asCurriculum(versions.school));
  const mine = curriculumChanges(base, asCurriculum(versions.mine));
  const collisions =
    versions.base === undefined
      ? []
      : mergeCurriculum(base, asCurriculum(versions.mine), asCurriculum(versions.school), 'mine')
          .collisions;
  const mergeable = mergedCurriculum(versions) !== undefined;
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
