import { z } from 'zod';
import { LIST_RULES } from '../../../src/shared/list-rules';
import type { EntityDef } from './entity';
import { enumField, flag, queryFlag, recordBase, requiredText, slugField } from './fields';
import { ruleFilter } from './list';

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

const rules = LIST_RULES.pages;

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
  // Search, sorts and what each filter means are the shared list rules (the app's mirror
  // answers with the same ones); only the query schemas and descriptions live here.
  search: [...rules.search],
  sorts: rules.sorts,
  defaultSort: rules.defaultSort,
  filters: {
    pageType: ruleFilter(pageType, 'Only pages of this type.', rules.filters.pageType),
    published: ruleFilter(
      queryFlag('published'),
      'Only published (`true`) or unpublished (`false`) pages.',
      rules.filters.published,
    ),
  },
  publicWhere: 'published = 1',
};
