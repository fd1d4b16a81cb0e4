import { ENTITY_NAMES, type EntityName } from '../../shared/entity-names';
import { LIST_RULES, type ColumnKind, type ListRules } from '../../shared/list-rules';
import { phoneKeySql } from '../../shared/phone-search';
import { allRows, inTransaction, scalar, write, type Db } from './mirror-sql';

/**
 * The mirror's tables. Each entity keeps the record exactly as the platform sent it (`record`,
 * JSON text, unknown fields included) and its ETag; the columns the shared list rules name are
 * generated from that JSON by SQLite itself, so they can never disagree with the record.
 * json_extract gives 1/0 for booleans and NULL for a missing field, as the rules expect.
 *
 * Because everything is derived from `record`, a change of the rules needs no re-sync: a table
 * whose definition differs from the one below is rebuilt from its own records on open.
 */

const SQL_TYPE: Record<ColumnKind, string> = {
  text: 'TEXT',
  number: 'NUMERIC',
  boolean: 'INTEGER',
};

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

function checkedName(name: string): string {
  // Names are spliced into DDL and JSON paths, so only plain identifiers are allowed.
  if (!IDENTIFIER.test(name) || ['id', 'record', 'etag'].includes(name))
    throw new Error(`mirror: unusable column name ${name}`);
  return name;
}

/** The generated column holding the lowercase text of a search column. */
export function searchColumn(column: string): string {
  return `${column}__lc`;
}

/** The generated column holding the phone key of the phone search column (phone-search.ts). */
export function phoneKeyColumn(column: string): string {
  return `${column}__key`;
}

/** The index that holds the lowercase search columns (a narrow table to scan). */
export function searchIndex(entity: EntityName): string {
  return `${entity}__search`;
}

/** The (sort expression, id) index of one sort key. */
export function sortIndex(entity: EntityName, key: string): string {
  return `${entity}__sort_${checkedName(key)}`;
}

/** How the mirror orders by one sort key: its ORDER BY expression and the index in that order. */
export type MirrorSort = { expression: string; index: string };

/**
 * The sort key that orders by the first search column without case (name, title): its
 * order is the search index's, so one index serves both. `x COLLATE NOCASE` and lower(x)
 * order alike, since both fold the 26 ASCII letters and nothing else.
 */
function foldedSortKey(rules: ListRules): string | undefined {
  const first = rules.search[0];
  return Object.keys(rules.sorts).find((key) => rules.sorts[key] === `${first} COLLATE NOCASE`);
}

/** The mirror's order for a sort key the rules name. */
export function mirrorSort(entity: EntityName, key: string): MirrorSort {
  const rules: ListRules = LIST_RULES[entity];
  if (key === foldedSortKey(rules))
    return { expression: searchColumn(rules.search[0] as string), index: searchIndex(entity) };
  return { expression: rules.sorts[key] as string, index: sortIndex(entity, key) };
}

/**
 * The index of a sort key other than the default and the folded one. It is built the first
 * time a list is sorted by that key (MirrorDatabase.prepareSort), not by every first sync: five
 * indexes of 100,000 students take ~0.4 s to build, and most are rarely used.
 */
export function sortIndexDdl(entity: EntityName, key: string): string {
  const rules: ListRules = LIST_RULES[entity];
  const expression = rules.sorts[key] as string;
  return `CREATE INDEX IF NOT EXISTS ${sortIndex(entity, key)} ON ${entity} (${expression}, id)`;
}

function generated(column: string, kind: ColumnKind): string {
  const name = checkedName(column);
  return `${name} ${SQL_TYPE[kind]} GENERATED ALWAYS AS (json_extract(record, '$.${name}')) STORED`;
}

/** The phone search column of an entity, if it has one, as a list. */
function phoneColumns(rules: ListRules): string[] {
  return rules.phoneSearch === undefined ? [] : [checkedName(rules.phoneSearch)];
}

/** The DDL of one entity: its table and indexes, in creation order. */
export function entityDdl(entity: EntityName): string[] {
  const rules: ListRules = LIST_RULES[entity];
  const columns = [
    'id TEXT PRIMARY KEY',
    'record TEXT NOT NULL',
    'etag TEXT',
    ...Object.entries(rules.columns).map(([column, kind]) => generated(column, kind)),
    // lower() folds ASCII letters only, exactly as LIKE does, so a substring test on these
    // answers what the platform's LIKE answers. VIRTUAL: the search index stores them.
    ...rules.search.map(
      (column) => `${searchColumn(column)} TEXT GENERATED ALWAYS AS (lower(${column})) VIRTUAL`,
    ),
    // The phone key the platform's search computes on the fly, kept in the search index too.
    ...phoneColumns(rules).map(
      (column) =>
        `${phoneKeyColumn(column)} TEXT GENERATED ALWAYS AS (${phoneKeySql(column)}) VIRTUAL`,
    ),
  ];
  return [`CREATE TABLE ${entity} (${columns.join(', ')})`, ...entityIndexDdl(entity)];
}

/**
 * The list indexes every synced entity has: the default sort's, and the search index, which
 * also holds the folded sort's order (name__lc, id, then the other search columns and the
 * phone key). A long first sync drops the search index while it loads and builds it at its
 * end, off the host's event loop (MirrorDatabase.bulkLoad, index-builder.ts); a short one
 * keeps both up to date as it stores each page. The other sorts' indexes come on first use.
 */
export function entityIndexDdl(entity: EntityName): string[] {
  const rules: ListRules = LIST_RULES[entity];
  const [first, ...others] = [
    ...rules.search.map(searchColumn),
    ...phoneColumns(rules).map(phoneKeyColumn),
  ];
  const searchColumns = foldedSortKey(rules) ? [first, 'id', ...others] : [first, ...others];
  const defaultKey = rules.defaultSort.replace(/^-/, '');
  return [
    ...(defaultKey === foldedSortKey(rules) ? [] : [sortIndexDdl(entity, defaultKey)]),
    `CREATE INDEX IF NOT EXISTS ${searchIndex(entity)} ON ${entity} (${searchColumns.join(', ')})`,
  ];
}

/**
 * The index COUNT(*) reads. SQLite counts a table's rows by walking its smallest index; without
 * this one that is the id index, about 1,200 pages at 100,000 students, read and decrypted
 * afresh after each start and after each commit of another connection (a first sync's helper
 * process). The status counts every area as the app starts: 25-47 ms for each school of
 * 100,000 students (bench:offline). `etag` is NULL in most rows, so an entry here is a few
 * bytes and the whole index about a tenth of the id index. Apart from entityDdl, whose change
 * would rebuild the table: it is made where missing at each open.
 */
export function countIndexDdl(entity: EntityName): string {
  return `CREATE INDEX IF NOT EXISTS ${entity}__count ON ${entity} (etag)`;
}

const ENROLLMENTS_DDL = [
  'CREATE TABLE enrollments (id TEXT PRIMARY KEY, record TEXT NOT NULL, etag TEXT, ' +
    "studentId TEXT GENERATED ALWAYS AS (json_extract(record, '$.studentId')) STORED NOT NULL, " +
    "courseId TEXT GENERATED ALWAYS AS (json_extract(record, '$.courseId')) STORED NOT NULL, " +
    "createdAt NUMERIC GENERATED ALWAYS AS (json_extract(record, '$.createdAt')) STORED)",
  'CREATE UNIQUE INDEX enrollments__pair ON enrollments (studentId, courseId)',
  // The platform lists a student's enrollments newest first, ties by id.
  'CREATE INDEX enrollments__student ON enrollments (studentId, createdAt, id)',
  'CREATE INDEX enrollments__course ON enrollments (courseId)',
];

/** Tables that hold records; each is rebuilt from its records when its DDL changes. */
function recordTables(): Array<[string, string[]]> {
  return [
    ...ENTITY_NAMES.map((entity): [string, string[]] => [entity, entityDdl(entity)]),
    ['enrollments', ENROLLMENTS_DDL],
  ];
}

/** Tables with no derived columns: created once, never rebuilt. */
const PLAIN_TABLES = [
  'CREATE TABLE IF NOT EXISTS enrollment_sets (studentId TEXT PRIMARY KEY, syncedAt INTEGER NOT NULL)',
  'CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)',
  // The DDL each record table was built with, to notice a change of the rules.
  'CREATE TABLE IF NOT EXISTS mirror_schema (name TEXT PRIMARY KEY, ddl TEXT NOT NULL)',
];

/**
 * Creates missing tables and rebuilds any record table whose definition changed, keeping its
 * records and ETags. Idempotent; runs on every open.
 */
export function ensureSchema(db: Db): void {
  for (const sql of PLAIN_TABLES) db.exec(sql);
  for (const [table, ddl] of recordTables()) {
    const wanted = ddl.join(';\n');
    const stored = scalar(db, 'SELECT ddl FROM mirror_schema WHERE name = ?', [table]);
    if (stored === wanted) continue;
    inTransaction(db, () => {
      const exists = scalar(db, "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?", [
        table,
      ]);
      if (exists) rebuild(db, table, ddl);
      else for (const sql of ddl) db.exec(sql);
      write(db, 'INSERT OR REPLACE INTO mirror_schema (name, ddl) VALUES (?, ?)', [table, wanted]);
    });
  }
  for (const entity of ENTITY_NAMES) db.exec(countIndexDdl(entity));
}

/** Recreates `table` with `ddl` and copies its records (and ETags) over. */
function rebuild(db: Db, table: string, ddl: string[]): void {
  const indexes = allRows(
    db,
    "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL",
    [table],
  );
  for (const [name] of indexes) db.exec(`DROP INDEX "${String(name)}"`);
  const old = `${table}__old`;
  db.exec(`ALTER TABLE ${table} RENAME TO ${old}`);
  for (const sql of ddl) db.exec(sql);
  const oldColumns = allRows(db, `SELECT name FROM pragma_table_info('${old}')`).map(([n]) => n);
  if (oldColumns.includes('record') && oldColumns.includes('etag'))
    db.exec(
      `INSERT OR REPLACE INTO ${table} (id, record, etag) SELECT id, record, etag FROM ${old}`,
    );
  db.exec(`DROP TABLE ${old}`);
}
