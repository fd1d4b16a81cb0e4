import { z } from 'zod';
import { filter, type EntityDef } from './entity';
import { enumField, flag, queryFlag, recordBase, requiredText, slugField } from './fields';

export const PAGE_TYPES = ['static_page', 'vite_app'] as const;

const pageType = enumField(PAGE_TYPES, 'Invalid page type');

const pathPrefix = z
  .string({
    error: (issue) =>
      issue.input === undefined ? 'Path prefix is required' : 'Path prefix must be text',
  })
  .trim()
  .max(200, 'Path prefix must be at most 200 characters')
  .regex(
    /^\/[A-Za-z0-9._~/-]*$/,
    'Path prefix must start with / and hold only URL path characters',
  );

const writable = {
  title: requiredText('Title'),
  slug: slugField(),
  pageType,
  pathPrefix,
  published: flag('Published'),
};

/** Body of POST /pages. */
export const pageCreate = z.strictObject({
  title: writable.title,
  slug: writable.slug,
  pageType: pageType.default('static_page'),
  pathPrefix,
  published: writable.published.default(false),
});

/** Body of PATCH /pages/{id}. */
export const pageUpdate = z.strictObject(writable).partial();

/** A page as the API answers it. */
export const pageRecord = z.object({
  id: recordBase.id,
  title: z.string(),
  slug: z.string(),
  pageType: z.enum(PAGE_TYPES),
  pathPrefix: z.string(),
  published: z.boolean(),
  createdAt: recordBase.createdAt,
  updatedAt: recordBase.updatedAt,
});

export type Page = z.infer<typeof pageRecord>;

/** Pages of the school site: anonymous callers see published ones only. */
export const pages: EntityDef = {
  table: 'pages',
  label: 'Page',
  area: 'pages',
  columns: {
    id: 'text',
    title: 'text',
    slug: 'text',
    pageType: 'text',
    pathPrefix: 'text',
    published: 'boolean',
    createdAt: 'number',
    updatedAt: 'number',
  },
  record: pageRecord,
  create: pageCreate,
  update: pageUpdate,
  serverDefaults: {},
  unique: [{ field: 'slug', message: 'Slug already exists' }],
  search: ['title', 'slug'],
  sorts: {
    title: 'title COLLATE NOCASE',
    slug: 'slug',
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
  },
  defaultSort: '-createdAt',
  filters: {
    pageType: filter(pageType, 'Only pages of this type.', (value) => ({
      sql: 'pageType = ?',
      params: [value],
    })),
    published: filter(
      queryFlag('published'),
      'Only published (`true`) or unpublished (`false`) pages.',
      (value) => ({
        sql: 'published = ?',
        params: [value ? 1 : 0],
      }),
    ),
  },
  publicWhere: 'published = 1',
};
