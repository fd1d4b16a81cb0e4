import { z } from 'zod';
import { ENTITY_NAMES, type EntityName } from './entity-names';
import { phoneKeySql, phoneSearchKey } from './phone-search';
import { COUPON_TYPES, COURSE_TYPES, PAGE_TYPES } from './records';

/**
 * The platform's list semantics, stated once: which columns `q` searches, what each sort key
 * orders by, and what each filter means. The stand-in platform (e2e/platform/api/) builds its
 * SQL from these, and so does the local mirror (src/core/store/), so both answer a list with
 * the same rows in the same order. `src/core/store/mirror-parity.test.ts` runs the same
 * queries against both.
 *
 * The SQL fragments name columns by the record's field names; a table that answers lists must
 * hold those columns (booleans as 0/1, timestamps as unix seconds, a missing field as NULL).
 * The contract's sort keys and filter schemas (`ENTITY_SORTS`, `FILTER_SCHEMAS`) are read
 * from here too, so a list request can only ask for what these rules answer.
 */

/** A value bound to a `?` of a fragment. */
export type SqlParam = string | number | null;

/** A piece of a WHERE clause with its parameters, in order. */
export type SqlClause = { readonly sql: string; readonly params: readonly SqlParam[] };

/** How a field the rules name is kept in a table: booleans are 0/1. */
export type ColumnKind = 'text' | 'number' | 'boolean';

/**
 * A filter's meaning: its parsed value (a boolean or an enum's text) and the time of the
 * query in unix seconds (for filters that compare with now) → the condition it adds.
 * Throws a TypeError when the value is not of the filter's type. `value` is the zod schema
 * of the values it takes, which the contract's filter schemas are built from.
 */
export type FilterRule<V extends z.ZodType = z.ZodType> = ((
  value: unknown,
  now: number,
) => SqlClause) & { readonly value: V };

/** The list rules of one entity. */
export type ListRules = {
  /** Every field the SQL below names, with how it is stored. */
  readonly columns: Readonly<Record<string, ColumnKind>>;
  /** Fields `q` searches: a case-insensitive substring of any of them matches. */
  readonly search: readonly string[];
  /**
   * The phone number field `q` also searches when it looks like a phone number: its key
   * (digits and a leading +, src/shared/phone-search.ts) is a substring of the field's key.
   */
  readonly phoneSearch?: string;
  /** Sort key → SQL expression; ties are broken by `id` in the same direction. */
  readonly sorts: Readonly<Record<string, string>>;
  /** The sort of a list that asks for none; a leading `-` sorts descending. */
  readonly defaultSort: string;
  readonly filters: Readonly<Record<string, FilterRule>>;
};

function flagFilter(
  name: string,
  meaning: (value: boolean, now: number) => SqlClause,
): FilterRule<z.ZodBoolean> {
  const rule = (value: unknown, now: number) => {
    if (typeof value !== 'boolean') throw new TypeError(`filter ${name} takes true or false`);
    return meaning(value, now);
  };
  return Object.assign(rule, { value: z.boolean() });
}

/** `column = value`, where the value is one of `values` (an enum field). */
function equalsFilter<const T extends readonly [string, ...string[]]>(
  name: string,
  column: string,
  values: T,
) {
  const rule: (value: unknown, now: number) => SqlClause = (value) => {
    if (typeof value !== 'string') throw new TypeError(`filter ${name} takes a text`);
    return { sql: `${column} = ?`, params: [value] };
  };
  return Object.assign(rule, { value: z.enum(values) });
}

/** `column = 1` or `column = 0`: the 0/1 form of a boolean field. */
function booleanColumnFilter(name: string, column: string): FilterRule<z.ZodBoolean> {
  return flagFilter(name, (value) => ({ sql: `${column} = ?`, params: [value ? 1 : 0] }));
}

const timestamps = { createdAt: 'number', updatedAt: 'number' } as const;
const timestampSorts = { createdAt: 'createdAt', updatedAt: 'updatedAt' } as const;

export const LIST_RULES = {
  courses: {
    columns: {
      name: 'text',
      slug: 'text',
      publishedAt: 'number',
      courseType: 'text',
      featured: 'boolean',
      ...timestamps,
    },
    search: ['name', 'slug'],
    sorts: { name: 'name COLLATE NOCASE', ...timestampSorts, publishedAt: 'publishedAt' },
    defaultSort: '-createdAt',
    filters: {
      courseType: equalsFilter('courseType', 'courseType', COURSE_TYPES),
      /** A course is published when it has a publishing date; a draft has none. */
      published: flagFilter('published', (value) => ({
        sql: value ? 'publishedAt IS NOT NULL' : 'publishedAt IS NULL',
        params: [],
      })),
      featured: booleanColumnFilter('featured', 'featured'),
    },
  },
  students: {
    columns: {
      name: 'text',
      email: 'text',
      phoneNumber: 'text',
      lastSignInAt: 'number',
      ...timestamps,
    },
    search: ['name', 'email'],
    phoneSearch: 'phoneNumber',
    sorts: {
      name: 'name COLLATE NOCASE',
      email: 'email',
      ...timestampSorts,
      lastSignInAt: 'lastSignInAt',
    },
    defaultSort: '-createdAt',
    filters: {},
  },
  coupons: {
    columns: {
      name: 'text',
      code: 'text',
      expiredAt: 'number',
      active: 'boolean',
      couponType: 'text',
      ...timestamps,
    },
    search: ['name', 'code'],
    sorts: { name: 'name COLLATE NOCASE', code: 'code', ...timestampSorts, expiredAt: 'expiredAt' },
    defaultSort: '-createdAt',
    filters: {
      active: booleanColumnFilter('active', 'active'),
      /** Expired: the expiry date has passed. Not expired includes coupons with no expiry. */
      expired: flagFilter('expired', (value, now) =>
        value
          ? { sql: 'expiredAt IS NOT NULL AND expiredAt <= ?', params: [now] }
          : { sql: '(expiredAt IS NULL OR expiredAt > ?)', params: [now] },
      ),
      couponType: equalsFilter('couponType', 'couponType', COUPON_TYPES),
    },
  },
  pages: {
    columns: {
      title: 'text',
      slug: 'text',
      pageType: 'text',
      published: 'boolean',
      ...timestamps,
    },
    search: ['title', 'slug'],
    sorts: { title: 'title COLLATE NOCASE', slug: 'slug', ...timestampSorts },
    defaultSort: '-createdAt',
    filters: {
      pageType: equalsFilter('pageType', 'pageType', PAGE_TYPES),
      published: booleanColumnFilter('published', 'published'),
    },
  },
} as const satisfies Record<EntityName, ListRules>;

type Rules = typeof LIST_RULES;

/** A sort key of an entity, without its direction. */
export type SortKeyOf<E extends EntityName> = keyof Rules[E]['sorts'] & string;

/** The keys each entity's list may be sorted by, in the order its rules name them. */
export const ENTITY_SORTS = Object.fromEntries(
  ENTITY_NAMES.map((entity) => [entity, Object.keys(LIST_RULES[entity].sorts)]),
) as unknown as { readonly [E in EntityName]: readonly SortKeyOf<E>[] };

/** The schema of a list's filters: each filter of the rules, optional, and nothing else. */
type FilterSchemaOf<F extends Readonly<Record<string, FilterRule>>> = z.ZodObject<
  { -readonly [K in keyof F]: z.ZodOptional<F[K]['value']> },
  z.core.$strict
>;

function filterSchema<F extends Readonly<Record<string, FilterRule>>>(
  filters: F,
): FilterSchemaOf<F> {
  const shape = Object.fromEntries(
    Object.entries(filters).map(([name, rule]) => [name, rule.value.optional()]),
  );
  return z.object(shape).strict() as unknown as FilterSchemaOf<F>;
}

/** The per-entity list filters the server understands, as the contract checks them. */
export const FILTER_SCHEMAS = {
  courses: filterSchema(LIST_RULES.courses.filters),
  students: filterSchema(LIST_RULES.students.filters),
  coupons: filterSchema(LIST_RULES.coupons.filters),
  pages: filterSchema(LIST_RULES.pages.filters),
} as const;

/** The longest search text the platform takes (after trimming); a longer one is refused. */
export const MAX_SEARCH_LENGTH = 200;

/** The search text of a query as the platform reads it: trimmed; empty means no search. */
export function searchText(q: string | undefined): string | undefined {
  const text = q?.trim();
  return text ? text : undefined;
}

/** `%`, `_` and the escape character itself are literal in a search. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The platform's search: `text` is a substring of any search column, ignoring case. This is
 * SQLite's LIKE, whose case folding covers ASCII letters only ('É' does not match 'é'), so a
 * store that answers searches in another form must fold exactly the same way. A text that
 * looks like a phone number also matches where its key is in the phone field's key.
 */
export function searchClause(
  rules: Pick<ListRules, 'search' | 'phoneSearch'>,
  text: string,
): SqlClause {
  const pattern = likePattern(text);
  const clauses = rules.search.map((col) => `${col} LIKE ? ESCAPE '\\'`);
  const params: SqlParam[] = rules.search.map(() => pattern);
  const phone = phoneSearchOf(rules, text);
  if (phone) {
    // A phone key holds only digits and a leading +, so LIKE needs no escapes here.
    clauses.push(`${phoneKeySql(phone.column)} LIKE ?`);
    params.push(`%${phone.key}%`);
  }
  return { sql: `(${clauses.join(' OR ')})`, params };
}

/** The phone field a search text is looked for in and the key it is looked for with, if any. */
export function phoneSearchOf(
  rules: Pick<ListRules, 'phoneSearch'>,
  text: string,
): { column: string; key: string } | undefined {
  const key = rules.phoneSearch === undefined ? undefined : phoneSearchKey(text);
  return rules.phoneSearch !== undefined && key !== undefined
    ? { column: rules.phoneSearch, key }
    : undefined;
}

/** A parsed sort: the SQL expression of its key and the direction. */
export type SortOrder = { expression: string; direction: 'ASC' | 'DESC' };

/**
 * Reads a sort key (`name`, `-createdAt`); undefined picks `defaultSort`. Answers undefined
 * for a key the entity cannot sort by.
 */
export function sortOrder(
  rules: Pick<ListRules, 'sorts' | 'defaultSort'>,
  sort: string | undefined,
): SortOrder | undefined {
  const key = sort ?? rules.defaultSort;
  const descending = key.startsWith('-');
  const field = descending ? key.slice(1) : key;
  if (!Object.hasOwn(rules.sorts, field)) return undefined;
  return { expression: rules.sorts[field] as string, direction: descending ? 'DESC' : 'ASC' };
}

/**
 * `ORDER BY <key> <dir>, id <dir>`: the tie-breaker runs in the same direction, so pages are
 * stable and one (key, id) index serves both directions.
 */
export function orderByClause(order: SortOrder): string {
  return `ORDER BY ${order.expression} ${order.direction}, id ${order.direction}`;
}
