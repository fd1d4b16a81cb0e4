import { z } from 'zod';
import { fieldSentence, type FieldName } from '../field-errors';

/** The platform's limits on a course's curriculum (the stand-in enforces the same). */
export const CURRICULUM_LIMITS = { sections: 100, lecturesPerSection: 200, title: 200 } as const;

/** A title's rules, in the platform's words from the catalog (field-errors). */
const title = (field: FieldName) =>
  z
    .string({ error: fieldSentence('must_be_text', { field }) })
    .trim()
    .min(1, fieldSentence('empty', { field }))
    .max(
      CURRICULUM_LIMITS.title,
      fieldSentence('too_long', { field, max: CURRICULUM_LIMITS.title }),
    );

// Loose objects: fields Schooldesk does not edit (durations, preview flags, whatever else the
// school sends) ride along unchanged, so a save never drops them.
const lecture = z.looseObject({ id: z.uuid().optional(), title: title('lectureTitle') });

const section = z.looseObject({
  id: z.uuid().optional(),
  title: title('sectionTitle'),
  lectures: z
    .array(lecture)
    .max(
      CURRICULUM_LIMITS.lecturesPerSection,
      `A section may hold at most ${CURRICULUM_LIMITS.lecturesPerSection} lectures`,
    )
    .optional(),
});

/** A course's `sections` as the workspace writes them. */
export const curriculumField = z
  .array(section)
  .max(
    CURRICULUM_LIMITS.sections,
    `A course may hold at most ${CURRICULUM_LIMITS.sections} sections`,
  );
