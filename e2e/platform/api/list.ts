import { z } from 'zod';
import type { SqlValue } from 'sql.js';
import type { PlatformDatabase } from '../db/database';
import {
  MAX_SEARCH_LENGTH,
  orderByClause,
  searchClause,
  searchText,
  sortOrder,
  type FilterRule,
} from '../../../src/shared/list-rules';
import { MIN_PHONE_SEARCH_DIGITS } from '../../../src/shared/phone-search';
import {
  fromRow,
  nowSeconds,
  type ApiRecord,
  type EntityDef,
  type FilterDef,
  type SqlClause,
} from './entity';
import { parseOrThrow } from '../http/errors';

/** Page size when none is asked for, and the largest one allowed (as the real platform). */
export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 50;

/** What `q` searches, for the documentation. */
function searchDescription(def: EntityDef): string {
  const text = `Case-insensitive substring search in ${def.search.join(', ')}.`;
  return def.phoneSearch
    ? `${text} A search that looks like a phone number (an optional leading +, then digits, spaces, dashes, dots and parentheses, with at least ${MIN_PHONE_SEARCH_DIGITS} digits) also finds ${def.phoneSearch} whose digits (and leading +) contain its digits (and leading +), whatever the separators: +1518 finds +1 518-555-0100.`
    : text;
}

/** The query parameters every list takes; filters come on top per entity. */
export function pagingShape(def: EntityDef) {
  const sortValues = Object.keys(def.sorts).flatMap((field) => [field, `-${field}`]) as [
    string,
    ...string[],
  ];
  return {
    page: z.coerce
      .number({ error: 'page must be a whole number from 1' })
      .int('page must be a whole number from 1')
      .min(1, 'page must be a whole number from 1')
      .default(1)
      .meta({ description: 'Page number, from 1. A page past the last answers an empty `nodes`.' }),
    perPage: z.coerce
      .number({ error: `perPage must be a whole number from 1 to ${MAX_PER_PAGE}` })
      .int(`perPage must be a whole number from 1 to ${MAX_PER_PAGE}`)
      .min(1, `perPage must be a whole number from 1 to ${MAX_PER_PAGE}`)
      .max(MAX_PER_PAGE, `perPage must be at most ${MAX_PER_PAGE}`)
      .default(DEFAULT_PER_PAGE)
      .meta({
        description: `Records per page (default ${DEFAULT_PER_PAGE}). More than ${MAX_PER_PAGE} is refused with 422, not clamped.`,
      }),
    q: z
      .string()
      .trim()
      .max(MAX_SEARCH_LENGTH, `q must be at most ${MAX_SEARCH_LENGTH} characters`)
      .optional()
      .meta({ description: searchDescription(def) }),
    sort: z
      .enum(sortValues, { error: `sort must be one of: ${sortValues.join(', ')}` })
      .default(def.defaultSort)
      .meta({
        description:
          'Sort field; a leading `-` sorts descending. Ties are broken by id, so pages are stable.',
      }),
    updatedSince: z.coerce
      .number({ error: 'updatedSince must be unix seconds' })
      .int('updatedSince must be unix seconds')
      .min(0, 'updatedSince must be unix seconds')
      .optional()
      .meta({ description: 'Only records with updatedAt >= this (unix seconds).' }),
  };
}

/** The full query schema of an entity's list: paging plus its filters. */
export function listQuerySchema(def: EntityDef) {
  const filters = Object.fromEntries(
    Object.entries(def.filters).map(([name, f]) => [
      name,
      f.schema.optional().meta({ description: f.description }),
    ]),
  );
  // Unknown parameters are ignored (cache busters, future filters), as most REST APIs do.
  return z.object({ ...pagingShape(def), ...filters });
}

/** The parsed paging parameters common to every list. */
type PagingQuery = z.output<z.ZodObject<ReturnType<typeof pagingShape>>>;

/** The answer shape of every list. */
export type ListPage = {
  nodes: ApiRecord[];
  currentPage: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  totalPages: number;
  totalCount: number;
};

/** An empty page, for callers who may see nothing (anonymous students and coupons). */
export function emptyPage(page: number): ListPage {
  return {
    nodes: [],
    currentPage: page,
    hasNextPage: false,
    hasPreviousPage: page > 1,
    totalPages: 0,
    totalCount: 0,
  };
}

/**
 * A filter whose meaning comes from the shared list rules (src/shared/list-rules.ts), which
 * the app's local mirror applies too; only the query-string schema and its description live
 * here.
 */
export function ruleFilter(schema: z.ZodType, description: string, rule: FilterRule): FilterDef {
  return {
    schema,
    description,
    where: (value) => {
      const clause = rule(value, nowSeconds());
      return { sql: clause.sql, params: [...clause.params] };
    },
  };
}

/**
 * Answers one page of `def`'s records for a raw query string object.
 *
 * @param base Conditions the caller cannot lift: anonymous visibility, the parent of a
 *   nested list (enrollments of one student).
 */
export function listRecords(
  db: PlatformDatabase,
  def: EntityDef,
  rawQuery: unknown,
  base: SqlClause[] = [],
): ListPage {
  // Filters differ per entity, so their parsed values are read by name below.
  const query = parseOrThrow(listQuerySchema(def), rawQuery) as PagingQuery &
    Record<string, unknown>;
  const where: SqlClause[] = [...base];
  // The schema trims q already; searchText also drops an empty one, as the rules say.
  const q = searchText(query.q);
  if (q) {
    const clause = searchClause(def, q);
    where.push({ sql: clause.sql, params: [...clause.params] });
  }
  if (query.updatedSince !== undefined)
    where.push({ sql: 'updatedAt >= ?', params: [query.updatedSince] });
  for (const [name, f] of Object.entries(def.filters)) {
    const value = query[name];
    if (value !== undefined) where.push(f.where(value));
  }

  const whereSql = where.length > 0 ? `WHERE ${where.map((c) => c.sql).join(' AND ')}` : '';
  const params: SqlValue[] = where.flatMap((c) => c.params);
  // The schema admits only the entity's sort keys, so the fallback is never taken.
  const orderBy = orderByClause(
    sortOrder(def, query.sort) ?? { expression: 'createdAt', direction: 'DESC' },
  );

  const totalCount = Number(
    db.get(`SELECT COUNT(*) AS n FROM ${def.table} ${whereSql}`, params)?.n ?? 0,
  );
  const offset = (query.page - 1) * query.perPage;
  // A search walking the sort index reads rows in index order until the page is full: fast
  // when matches are dense, very slow when they are rare (a name among 100,000 students).
  // Then one sequential scan and a sort of the few matches is cheaper. Only for top-level
  // lists: a nested list (one student's enrollments) must keep its parent index.
  let from = def.table;
  if (q && base.length === 0 && totalCount > 0) {
    const tableRows = Number(db.get(`SELECT COUNT(*) AS n FROM ${def.table}`)?.n ?? 0);
    const rowsWalked = ((offset + query.perPage) * tableRows) / totalCount;
    if (rowsWalked > tableRows / 4) from = `${def.table} NOT INDEXED`;
  }
  // Deferred lookup: page through the (sort, id) index for rowids only, which needs no table
  // reads for the skipped rows, then fetch the 50 rows. Halves the time of deep pages.
  const rowids = db
    .all(`SELECT rowid AS r FROM ${from} ${whereSql} ${orderBy} LIMIT ? OFFSET ?`, [
      ...params,
      query.perPage,
      offset,
    ])
    .map((row) => Number(row.r));
  const rows =
    rowids.length === 0
      ? []
      : db.all(
          `SELECT rowid AS r, * FROM ${def.table} WHERE rowid IN (${rowids.map(() => '?').join(', ')})`,
          rowids,
        );
  // `IN` answers in rowid order; put the rows back in the page's order.
  const position = new Map(rowids.map((rowid, index) => [rowid, index]));
  rows.sort((a, b) => (position.get(Number(a.r)) ?? 0) - (position.get(Number(b.r)) ?? 0));
  const totalPages = Math.ceil(totalCount / query.perPage);
  return {
    nodes: rows.map((row) => fromRow(def, row).record),
    currentPage: query.page,
    hasNextPage: query.page < totalPages,
    hasPreviousPage: query.page > 1,
    totalPages,
    totalCount,
  };
}

/** The page number a raw query asks for, for an empty page that still echoes it. */
export function requestedPage(def: EntityDef, rawQuery: unknown): number {
  return parseOrThrow(listQuerySchema(def), rawQuery).page;
}
