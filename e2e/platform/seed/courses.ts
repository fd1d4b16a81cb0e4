import type { ApiRecord } from '../api/entity';
import { slugify, type SeedRandom } from './random';

const TOPICS = [
  'Watercolour',
  'Portrait Photography',
  'Pottery',
  'Brush Calligraphy',
  'Fingerstyle Guitar',
  'Python',
  'Data Analysis',
  'Sourdough Baking',
  'Yoga',
  'Japanese',
  'Digital Illustration',
  'Video Editing',
  'Email Marketing',
  'UX Design',
  'Knitting',
  'Woodworking',
  'Public Speaking',
  'Piano',
  'Spreadsheets',
  'Mandarin',
  'Interior Design',
  'Bookkeeping',
  'Film Making',
  'Street Photography',
  'Copywriting',
  'Embroidery',
  'Home Barista',
  'Songwriting',
  'Drawing',
  'TypeScript',
  'Meditation',
  'Leathercraft',
] as const;
const LEVELS = [
  'Intro to',
  'Beginner',
  'Practical',
  'Advanced',
  'Masterclass:',
  'Weekend',
  'Complete',
] as const;
const TAGS = [
  'beginner',
  'advanced',
  'bestseller',
  'new',
  'live',
  'workshop',
  'certificate',
  'bundle',
] as const;
const CATEGORIES = [
  'Art',
  'Music',
  'Technology',
  'Business',
  'Lifestyle',
  'Language',
  'Craft',
] as const;

/** A curriculum of two to five sections of two to six lectures. */
function sections(rnd: SeedRandom): ApiRecord['sections'] {
  return Array.from({ length: rnd.int(2, 5) }, (_, s) => ({
    id: rnd.uuid(),
    title: `Part ${s + 1}: ${rnd.faker.company.catchPhraseNoun()}`,
    lectures: Array.from({ length: rnd.int(2, 6) }, (_, l) => ({
      id: rnd.uuid(),
      title: `${l + 1}. ${rnd.faker.company.buzzPhrase()}`,
      durationSeconds: rnd.chance(0.8) ? rnd.int(120, 3600) : null,
      preview: l === 0 && rnd.chance(0.5),
    })),
  }));
}

/** A demo course, or the one `fixed` names. */
export function seedCourse(
  rnd: SeedRandom,
  fixed?: { id: string; slug: string; name: string; published: boolean },
): ApiRecord {
  const topic = rnd.pick(TOPICS);
  const name = fixed?.name ?? `${rnd.pick(LEVELS)} ${topic}`;
  const { createdAt, updatedAt } = rnd.times();
  const published = fixed ? fixed.published : rnd.chance(0.75);
  return {
    id: fixed?.id ?? rnd.uuid(),
    name,
    slug: fixed?.slug ?? slugify(name),
    description: rnd.faker.lorem.paragraph(),
    image: rnd.chance(0.8)
      ? `https://images.example.com/courses/${slugify(topic)}-${rnd.int(1, 9)}.jpg`
      : null,
    featured: rnd.chance(0.2),
    invisible: rnd.chance(0.1),
    publishedAt: published ? rnd.int(createdAt, updatedAt) : null,
    courseType: rnd.faker.helpers.weightedArrayElement([
      { weight: 6, value: 'paid' },
      { weight: 2, value: 'public_access' },
      { weight: 1, value: 'free_redeem' },
      { weight: 1, value: 'pre_order' },
    ]),
    template: rnd.chance(0.7) ? 'default' : 'video_on_top',
    playerTheme: rnd.chance(0.6) ? 'classic' : 'theater',
    tags: rnd.faker.helpers.arrayElements(TAGS, { min: 0, max: 3 }),
    categories: rnd.faker.helpers.arrayElements(CATEGORIES, { min: 1, max: 2 }),
    sections: sections(rnd),
    createdAt,
    updatedAt,
  };
}
