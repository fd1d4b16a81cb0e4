import type { EntityName } from '../../shared/entity-names';
import {
  LIST_RULES,
  MAX_SEARCH_LENGTH,
  orderByClause,
  phoneSearchOf,
  searchText,
  sortOrder,
  type ListRules,
  type SqlClause,
} from '../../shared/list-rules';
import { mirrorSort, phoneKeyColumn, searchColumn, searchIndex } from './mirror-schema';
import { allRows, MirrorError, scalar, type Db, type Params, type SqlValue } from './mirror-sql';

/** A list query as the platform takes it, with a window instead of pages. */
export type MirrorListQuery = {
  q?: string;
  /** A sort key of the entity; a leading `-` sorts descending. */
  sort?: string;
  /** Parsed filter values by name (booleans, enum texts); undefined ones are ignored. */
  filters?: Record<string, unknown>;
  offset: number;
  limit: number;
  /** Unix seconds the time filters compare with (coupon expiry); the clock when omitted. */
  now?: number;
};

/** The records of the window, as the platform sent them, and how many match in all. */
export type MirrorPage = { rows: unknown[]; totalCount: number };

/**
 * How a search picks its plan; every plan answers the same rows, only the speed differs.
 * Exported so the parity test can drive each plan against the platform.
 */
export const LIST_TUNING = {
  /**
   * A search with at most this many matches is answered from the matches themselves (sorted
   * after the one scan of the search index that also counts them).
   */
  fewMatches: 2000,
  /**
   * With more, the page comes from walking the sort index when it reads at most
   * `walkBaseRows + walkRowsPerMatch × matches` rows, else from sorting all matches.
   * Walking reads about (offset + limit) / share-of-matches rows at roughly 1.5 µs a row;
   * sorting costs a scan (~15 ms at 100,000 rows) plus ~3 µs a match (measured on 100,000
   * students: a deep page of a broad search walks, a far page of a narrower one sorts).
   */
  walkBaseRows: 10_000,
  walkRowsPerMatch: 2,
};

function badQuery(message: string, cause?: unknown): MirrorError {
  return new MirrorError('mirror_bad_query', message, cause ? { cause } : undefined);
}

/** Throws MirrorError `mirror_bad_query` unless offset and limit are whole numbers from 0. */
export function checkWindow(offset: number, limit: number): void {
  if (!Number.isSafeInteger(offset) || offset < 0 || !Number.isSafeInteger(limit) || limit < 0)
    throw badQuery('The list window must be whole numbers from 0.');
}

function filterClauses(rules: ListRules, query: MirrorListQuery): SqlClause[] {
  const now = query.now ?? Math.floor(Date.now() / 1000);
  const clauses: SqlClause[] = [];
  for (const [name, value] of Object.entries(query.filters ?? {})) {
    if (value === undefined) continue;
    const rule = Object.hasOwn(rules.filters, name) ? rules.filters[name] : undefined;
    if (!rule) throw badQuery(`The list cannot be filtered by ${name}.`);
    try {
      clauses.push(rule(value, now));
    } catch (error) {
      throw badQuery(`The filter ${name} got a value of the wrong kind.`, error);
    }
  }
  return clauses;
}

/** `WHERE a AND b` (or nothing) and its parameters. */
function whereOf(clauses: SqlClause[]): { sql: string; params: Params } {
  if (clauses.length === 0) return { sql: '', params: [] };
  return {
    sql: `WHERE ${clauses.map((c) => c.sql).join(' AND ')}`,
    params: clauses.flatMap((c) => [...c.params]),
  };
}

/**
 * The platform's search in a faster, equivalent form: LIKE '%text%' with escapes, which
 * folds ASCII case only, is a substring test of lower(column) for lower(text), since lower()
 * folds the same letters. The lowercase columns live in a narrow index that is cheap to scan,
 * and so does the phone key a phone-like text is looked for in (its LIKE has no wildcards).
 */
function searchClause(rules: ListRules, text: string): SqlClause {
  const clauses = rules.search.map((c) => `instr(${searchColumn(c)}, lower(?)) > 0`);
  const params: string[] = rules.search.map(() => text);
  const phone = phoneSearchOf(rules, text);
  if (phone) {
    clauses.push(`instr(${phoneKeyColumn(phone.column)}, ?) > 0`);
    params.push(phone.key);
  }
  return { sql: `(${clauses.join(' OR ')})`, params };
}

/** The parsed records of `rowids`, in that order. */
export function recordsByRowid(db: Db, table: string, rowids: number[]): unknown[] {
  if (rowids.length === 0) return [];
  const found = new Map<number, string>();
  const rows = allRows(
    db,
    `SELECT rowid, record FROM ${table} WHERE rowid IN (SELECT value FROM json_each(?))`,
    [JSON.stringify(rowids)],
  );
  for (const [rowid, record] of rows) found.set(Number(rowid), String(record));
  return rowids.flatMap((rowid) => {
    const record = found.get(rowid);
    return record === undefined ? [] : [JSON.parse(record) as unknown];
  });
}

function rowidColumn(rows: SqlValue[][]): number[] {
  return rows.map(([rowid]) => Number(rowid));
}

/**
 * One window of an entity's records with the platform's semantics (src/shared/list-rules.ts):
 * the same matches, the same order (ties by id in the sort's direction), the same total.
 * Throws MirrorError `mirror_bad_query` for a sort, filter or window the platform would refuse.
 */
export function listEntity(db: Db, entity: EntityName, query: MirrorListQuery): MirrorPage {
  const rules: ListRules = LIST_RULES[entity];
  const { offset, limit } = query;
  checkWindow(offset, limit);
  const order = sortOrder(rules, query.sort);
  if (!order) throw badQuery(`The list cannot be sorted by ${query.sort}.`);
  // sortOrder accepted the key, so the mirror has its order (MirrorDatabase.list built its
  // index if it was missing).
  const sort = mirrorSort(entity, (query.sort ?? rules.defaultSort).replace(/^-/, ''));
  const orderBy = orderByClause({ ...order, expression: sort.expression });
  const byKey = sort.index;
  const filters = filterClauses(rules, query);
  const window: Params = [limit, offset];
  const text = searchText(query.q);
  if (text && text.length > MAX_SEARCH_LENGTH)
    throw badQuery(`A search may hold at most ${MAX_SEARCH_LENGTH} characters.`);

  if (!text) {
    const where = whereOf(filters);
    const totalCount = Number(
      scalar(db, `SELECT COUNT(*) FROM ${entity} ${where.sql}`, where.params),
    );
    if (offset >= totalCount || limit === 0) return { rows: [], totalCount };
    const rowids = rowidColumn(
      allRows(
        db,
        `SELECT rowid FROM ${entity} INDEXED BY ${byKey} ${where.sql} ${orderBy} LIMIT ? OFFSET ?`,
        [...where.params, ...window],
      ),
    );
    return { rows: recordsByRowid(db, entity, rowids), totalCount };
  }

  const where = whereOf([searchClause(rules, text), ...filters]);
  const matchSql = `SELECT rowid FROM ${entity} INDEXED BY ${searchIndex(entity)} ${where.sql}`;
  // One scan of the narrow search index counts the matches and, when they are few, lists
  // them too (building the list in SQLite costs far less than a second scan).
  const [count, few] = allRows(
    db,
    `SELECT COUNT(*), CASE WHEN COUNT(*) <= ? THEN json_group_array(rowid) END
     FROM ${entity} INDEXED BY ${searchIndex(entity)} ${where.sql}`,
    [LIST_TUNING.fewMatches, ...where.params],
  )[0] ?? [0, null];
  const totalCount = Number(count);
  if (offset >= totalCount || limit === 0) return { rows: [], totalCount };
  if (typeof few === 'string') {
    // Few matches: sort just those, found by rowid.
    const rowids = rowidColumn(
      allRows(
        db,
        `SELECT rowid FROM ${entity} NOT INDEXED WHERE rowid IN (SELECT value FROM json_each(?)) ${orderBy} LIMIT ? OFFSET ?`,
        [few, ...window],
      ),
    );
    return { rows: recordsByRowid(db, entity, rowids), totalCount };
  }
  const tableRows = Number(scalar(db, `SELECT COUNT(*) FROM ${entity}`));
  const walked = ((offset + limit) * tableRows) / totalCount;
  const pageSql =
    walked <= LIST_TUNING.walkBaseRows + LIST_TUNING.walkRowsPerMatch * totalCount
      ? `SELECT rowid FROM ${entity} INDEXED BY ${byKey} ${where.sql} ${orderBy} LIMIT ? OFFSET ?`
      : `SELECT rowid FROM ${entity} NOT INDEXED WHERE rowid IN (${matchSql}) ${orderBy} LIMIT ? OFFSET ?`;
  const rowids = rowidColumn(allRows(db, pageSql, [...where.params, ...window]));
  return { rows: recordsByRowid(db, entity, rowids), totalCount };
}
