import type Database from 'better-sqlite3-multiple-ciphers';

/** A school's open database connection (SchoolDatabases opens it). */
export type Db = Database.Database;

/** Why the mirror refused: a file that is no mirror, or a query the platform would refuse. */
export type MirrorErrorCode = 'mirror_unreadable' | 'mirror_bad_query';

/** A coded failure of the local mirror; `message` is a plain sentence. */
export class MirrorError extends Error {
  constructor(
    readonly code: MirrorErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'MirrorError';
  }
}

/** A value SQLite stores or answers. */
export type SqlValue = string | number | bigint | Buffer | null;

/** Bound values of a statement; booleans bind as 1 and 0, as SQLite stores them. */
export type Params = Array<SqlValue | boolean>;

function bound(params: Params): SqlValue[] {
  return params.map((value) => (typeof value === 'boolean' ? Number(value) : value));
}

/**
 * How many compiled statements each connection keeps. The mirror's SQL is a few dozen texts
 * per area (the table name and the query's shape vary, never its values, which are bound), so
 * this holds every one in use; the least recently used goes first past it.
 */
const STATEMENTS_KEPT = 256;

const compiled = new WeakMap<Db, Map<string, Database.Statement>>();

/**
 * The connection's compiled statement for `sql`, compiled once. Compiling on every call cost
 * a first sync CPU time, and each discarded statement's native memory stayed until V8 next
 * collected its small wrapper (the host's resident memory grew by tens of MiB in a sync).
 */
export function statement(db: Db, sql: string): Database.Statement {
  let kept = compiled.get(db);
  if (!kept) compiled.set(db, (kept = new Map<string, Database.Statement>()));
  let found = kept.get(sql);
  if (found) kept.delete(sql);
  else found = db.prepare(sql);
  kept.set(sql, found);
  if (kept.size > STATEMENTS_KEPT) kept.delete(kept.keys().next().value!);
  return found;
}

/** All rows of a query as arrays. */
export function allRows(db: Db, sql: string, params: Params = []): SqlValue[][] {
  return statement(db, sql)
    .raw(true)
    .all(...bound(params)) as SqlValue[][];
}

/** The first column of the first row, or undefined when there is none. */
export function scalar(db: Db, sql: string, params: Params = []): SqlValue | undefined {
  const row = statement(db, sql)
    .raw(true)
    .get(...bound(params)) as SqlValue[] | undefined;
  return row?.[0];
}

/** Runs one statement that writes; answers how many rows it changed. */
export function write(db: Db, sql: string, params: Params = []): number {
  return statement(db, sql).run(...bound(params)).changes;
}

/**
 * Runs `work` in one transaction and answers its result; a thrown error rolls every change
 * back, so a failed batch leaves the mirror as it was. Nested calls become savepoints.
 */
export function inTransaction<T>(db: Db, work: () => T): T {
  return db.transaction(work)();
}

/**
 * `inTransaction`, with the commit on disk before it returns: the WAL is fsynced at this
 * commit (`synchronous = FULL`), and with it every commit before. The connection otherwise
 * runs at NORMAL (see SchoolDatabases), where a commit reaches the disk at the next
 * checkpoint: the copy can be fetched again, the owner's unsent edits cannot.
 */
export function inDurableTransaction<T>(db: Db, work: () => T): T {
  db.pragma('synchronous = FULL');
  try {
    return inTransaction(db, work);
  } finally {
    db.pragma('synchronous = NORMAL');
  }
}

/** A comma-separated list of `count` placeholders. */
export function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}
