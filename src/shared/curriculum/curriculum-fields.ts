import { z } from 'zod';

/** The platform's limits on a course's curriculum (the stand-in enforces the same). */
export const CURRICULUM_LIMITS = { sections: 100, lecturesPerSection: 200, title: 200 } as const;

const title = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} cannot be empty`)
    .max(CURRICULUM_LIMITS.title, `${label} must be at most ${CURRICULUM_LIMITS.title} characters`);

// Loose objects: fields Schooldesk does not edit (durations, preview flags, whatever else the
// school sends) ride along unchanged, so a save never drops them.
const lecture = z.looseObject({ id: z.uuid().optional(), title: title('Lecture title') });

const section = z.looseObject({
  id: z.uuid().optional(),
  title: title('Section title'),
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
