import { Faker, base, en } from '@faker-js/faker';
import type { ApiRecord } from '../api/entity';

/** The longest description the platform accepts (`optionalText`'s maximum). */
export const LONG_DESCRIPTION_LENGTH = 20_000;

/** The large curriculum some schools have: 20 sections of 60 lectures. */
export const BIG_CURRICULUM = { sections: 20, lectures: 60 } as const;

/** Seed offset of the large data, so asking for it leaves the demo data as it was. */
export const LARGE_DATA_SEED = 0x1a46e;

/** How many of the first courses get a long description and a big curriculum. */
export type LargeCourseOptions = { seed: number; longDescriptions: number; bigCurriculum: number };

/**
 * Large but valid courses, for tests of answer sizes: the first `longDescriptions` courses get
 * a LONG_DESCRIPTION_LENGTH-character description and the first `bigCurriculum` a
 * BIG_CURRICULUM outline (the first course is WELL_KNOWN.publishedCourse). `newCourse` adds
 * courses of the demo's kind when more are asked for than the demo's 36.
 * Its own PRNG, seeded from the school's, keeps the data deterministic and the rest unchanged.
 */
export function addLargeCourses(
  courses: ApiRecord[],
  options: LargeCourseOptions,
  newCourse: () => ApiRecord,
): void {
  const { longDescriptions, bigCurriculum } = options;
  if (longDescriptions <= 0 && bigCurriculum <= 0) return;
  const slugs = new Set(courses.map((course) => course.slug));
  while (courses.length < Math.max(longDescriptions, bigCurriculum)) {
    const course = newCourse();
    // Names repeat among many courses; the platform's slugs may not.
    if (slugs.has(course.slug)) course.slug = `${String(course.slug)}-${courses.length + 1}`;
    if (slugs.has(course.slug)) continue;
    slugs.add(course.slug);
    courses.push(course);
  }
  const faker = new Faker({ locale: [en, base], seed: options.seed + LARGE_DATA_SEED });
  courses.forEach((course, index) => {
    if (index < longDescriptions) course.description = longText(faker, LONG_DESCRIPTION_LENGTH);
    if (index < bigCurriculum) course.sections = curriculum(faker, BIG_CURRICULUM);
  });
}

/** Lorem paragraphs cut to exactly `length` characters, as a long course page reads. */
function longText(faker: Faker, length: number): string {
  let text = '';
  while (text.length < length) text += `${faker.lorem.paragraph(8)}\n\n`;
  return `${text.slice(0, length - 1)}.`;
}

/** A curriculum of exactly `sections` × `lectures`, shaped as the seed's small ones. */
function curriculum(faker: Faker, size: { sections: number; lectures: number }) {
  return Array.from({ length: size.sections }, (_, s) => ({
    id: faker.string.uuid(),
    title: `Part ${s + 1}: ${faker.company.catchPhraseNoun()}`,
    lectures: Array.from({ length: size.lectures }, (_, l) => ({
      id: faker.string.uuid(),
      title: `${l + 1}. ${faker.company.buzzPhrase()}`,
      durationSeconds: faker.number.int({ min: 120, max: 3600 }),
      preview: l === 0,
    })),
  }));
}
