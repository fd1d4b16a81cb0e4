import { asCurriculum, mergeCurriculum } from '../../shared/curriculum/curriculum-merge';

/**
 * A three-way merge of one field that the outbox merges part by part instead of taking whole:
 * the value with both sides' changes (the owner's way where they collide), and whether any
 * collided.
 */
export type FieldMerge = (
  base: unknown,
  mine: unknown,
  theirs: unknown,
) => { value: unknown; collided: boolean };

/**
 * The fields merged part by part, by name. A course's curriculum (`sections`) is merged item
 * by item (`mergeCurriculum`), so an owner's reordering and the school's new lecture both
 * stay. Every other field is one value: the owner's or the school's.
 */
export const FIELD_MERGES: Readonly<Record<string, FieldMerge>> = {
  sections: (base, mine, theirs) => {
    const merged = mergeCurriculum(
      asCurriculum(base),
      asCurriculum(mine),
      asCurriculum(theirs),
      'mine',
    );
    return { value: merged.curriculum, collided: merged.collisions.length > 0 };
  },
};
