import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { LIST_RULES } from '../../../src/shared/list-rules';
import type { EntityDef } from './entity';
import {
  enumField,
  flag,
  labels,
  optionalText,
  queryFlag,
  recordBase,
  requiredText,
  slugField,
  unixSeconds,
} from './fields';
import { ruleFilter } from './list';

export const COURSE_TYPES = ['paid', 'public_access', 'free_redeem', 'pre_order'] as const;
export const COURSE_TEMPLATES = ['default', 'video_on_top'] as const;
export const PLAYER_THEMES = ['classic', 'theater'] as const;

const courseType = enumField(COURSE_TYPES, 'Invalid course type');
const template = enumField(COURSE_TEMPLATES, 'Invalid template');
const playerTheme = enumField(PLAYER_THEMES, 'Invalid player theme');

/** A lecture of the curriculum; ids are kept when sent and assigned when not. */
const lecture = z.strictObject({
  id: z.uuid({ error: 'Lecture id must be a UUID' }).optional(),
  title: requiredText('Lecture title'),
  durationSeconds: z
    .int({ error: 'Duration must be whole seconds' })
    .min(0, 'Duration must be whole seconds')
    .nullable()
    .default(null),
  preview: flag('Preview').default(false),
});

/** A section of the curriculum (section → lecture, as the platform's course outline). */
const section = z.strictObject({
  id: z.uuid({ error: 'Section id must be a UUID' }).optional(),
  title: requiredText('Section title'),
  lectures: z
    .array(lecture, { error: 'Lectures must be a list' })
    .max(200, 'A section may hold at most 200 lectures')
    .default([]),
});

const sections = z
  .array(section, { error: 'Sections must be a list' })
  .max(100, 'A course may hold at most 100 sections')
  .transform((value) => withCurriculumIds(value, randomUUID));

const writable = {
  name: requiredText('Name'),
  slug: slugField(),
  description: optionalText('Description'),
  image: z.url({ error: 'Image must be a URL', protocol: /^https?$/ }).nullable(),
  featured: flag('Featured'),
  invisible: flag('Invisible'),
  publishedAt: unixSeconds('Published at')
    .nullable()
    .meta({ description: 'Unix seconds; null means draft.' }),
  courseType,
  template,
  playerTheme,
  tags: labels('Tags'),
  categories: labels('Categories'),
  sections,
};

/** Body of POST /courses: name and slug are required, the rest has defaults. */
export const courseCreate = z.strictObject({
  name: writable.name,
  slug: writable.slug,
  description: writable.description.default(null),
  image: writable.image.default(null),
  featured: writable.featured.default(false),
  invisible: writable.invisible.default(false),
  publishedAt: writable.publishedAt.default(null),
  courseType: courseType.default('paid'),
  template: template.default('default'),
  playerTheme: playerTheme.default('classic'),
  tags: writable.tags.default([]),
  categories: writable.categories.default([]),
  sections: writable.sections.default([]),
});

/** Body of PATCH /courses/{id}: any writable field. */
export const courseUpdate = z.strictObject(writable).partial();

/** A course as the API answers it. */
export const courseRecord = z.object({
  id: recordBase.id,
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  featured: z.boolean(),
  invisible: z.boolean(),
  publishedAt: z.int().nullable().meta({ description: 'Unix seconds; null means draft.' }),
  courseType: z.enum(COURSE_TYPES),
  template: z.enum(COURSE_TEMPLATES),
  playerTheme: z.enum(PLAYER_THEMES),
  tags: z.array(z.string()),
  categories: z.array(z.string()),
  sections: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      lectures: z.array(
        z.object({
          id: z.uuid(),
          title: z.string(),
          durationSeconds: z.int().nullable(),
          preview: z.boolean(),
        }),
      ),
    }),
  ),
  createdAt: recordBase.createdAt,
  updatedAt: recordBase.updatedAt,
});

export type Course = z.infer<typeof courseRecord>;

/** A course's curriculum as `GET /courses/{id}/curriculum` answers it. */
export const curriculumRecord = z.object({ sections: courseRecord.shape.sections });

/** Gives every section and lecture an id, keeping the ones the client sent. */
function withCurriculumIds(value: z.output<typeof section>[], newId: () => string) {
  return value.map((s) => ({
    id: s.id ?? newId(),
    title: s.title,
    lectures: s.lectures.map((l) => ({
      id: l.id ?? newId(),
      title: l.title,
      durationSeconds: l.durationSeconds,
      preview: l.preview,
    })),
  }));
}

const rules = LIST_RULES.courses;

/** Courses: anonymous callers see published ones only. */
export const courses: EntityDef = {
  table: 'courses',
  label: 'Course',
  area: 'courses',
  columns: {
    id: 'text',
    name: 'text',
    slug: 'text',
    description: 'text',
    image: 'text',
    featured: 'boolean',
    invisible: 'boolean',
    publishedAt: 'number',
    courseType: 'text',
    template: 'text',
    playerTheme: 'text',
    tags: 'json',
    categories: 'json',
    sections: 'json',
    createdAt: 'number',
    updatedAt: 'number',
  },
  record: courseRecord,
  create: courseCreate,
  update: courseUpdate,
  serverDefaults: {},
  fieldScopes: { sections: 'curriculum:write' },
  unique: [{ field: 'slug', message: 'Slug already exists' }],
  // Search, sorts and what each filter means are the shared list rules (the app's mirror
  // answers with the same ones); only the query schemas and descriptions live here.
  search: [...rules.search],
  sorts: rules.sorts,
  defaultSort: rules.defaultSort,
  filters: {
    courseType: ruleFilter(courseType, 'Only courses of this type.', rules.filters.courseType),
    published: ruleFilter(
      queryFlag('published'),
      '`true`: published only; `false`: drafts only.',
      rules.filters.published,
    ),
    featured: ruleFilter(
      queryFlag('featured'),
      'Only featured (`true`) or not featured (`false`) courses.',
      rules.filters.featured,
    ),
  },
  publicWhere: 'publishedAt IS NOT NULL',
};
