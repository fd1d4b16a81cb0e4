import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import initSqlJs, { type Database, type SqlJsStatic, type SqlValue } from 'sql.js';

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

let sqlJs: Promise<SqlJsStatic> | undefined;

/**
 * sql.js, initialised once per process. The wasm is read from the installed package (not
 * fetched, not inlined): Node tests, the web host and Electron's main process all resolve it
 * from node_modules, because electron-vite leaves dependencies external in the main bundle.
 */
export function loadSqlJs(): Promise<SqlJsStatic> {
  sqlJs ??= (async () => {
    const wasmPath = createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm');
    const wasm = readFileSync(wasmPath);
    // A copy that owns exactly its bytes: a Buffer may be a view into a larger pool.
    const wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength);
    return initSqlJs({ wasmBinary });
  })().catch((error: unknown) => {
    // A failed start is not cached, so a later open may try again.
    sqlJs = undefined;
    throw error;
  });
  return sqlJs;
}

/** Bound values of a statement. */
export type Params = SqlValue[];

/**
 * All rows of a query as arrays. Statements are prepared per call and freed at once:
 * `Database.export()` frees every open statement, so a cached one would not survive a save.
 */
export function allRows(db: Database, sql: string, params: Params = []): SqlValue[][] {
  const stmt = db.prepare(sql);
  try {
    stmt.bind(params);
    const rows: SqlValue[][] = [];
    while (stmt.step()) rows.push(stmt.get());
    return rows;
  } finally {
    stmt.free();
  }
}

/** The first column of the first row, or undefined when there is none. */
export function scalar(db: Database, sql: string, params: Params = []): SqlValue | undefined {
  const stmt = db.prepare(sql);
  try {
    stmt.bind(params);
    return stmt.step() ? stmt.get()[0] : undefined;
  } finally {
    stmt.free();
  }
}

/** Runs one statement that writes; answers how many rows it changed. */
export function write(db: Database, sql: string, params: Params = []): number {
  db.run(sql, params);
  return db.getRowsModified();
}

/**
 * Runs `work` in one transaction and answers its result; a thrown error rolls every change
 * back, so a failed batch leaves the mirror as it was.
 */
export function inTransaction<T>(db: Database, work: () => T): T {
  db.run('BEGIN');
  try {
    const result = work();
    db.run('COMMIT');
    return result;
  } catch (error) {
    db.run('ROLLBACK');
    throw error;
  }
}

/** A comma-separated list of `count` placeholders. */
export function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}
