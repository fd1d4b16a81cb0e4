import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import initSqlJs, { type Database, type SqlValue } from 'sql.js';

/** Delay between the last write and the save to disk, so bursts of writes cost one save. */
const SAVE_DEBOUNCE_MS = 150;
/** A steady stream of writes still reaches the disk at least this often. */
const SAVE_MAX_DELAY_MS = 1000;

export type Row = Record<string, SqlValue>;

/**
 * The stand-in's SQLite database (sql.js, in memory) persisted to one file in the data folder.
 *
 * sql.js keeps the whole database in WebAssembly memory, so durability comes from writing an
 * export of it to disk after changes. Saves are debounced and atomic (temp file + rename), and
 * `close()` flushes, so a restart with the same folder sees every committed write.
 *
 * Note: `Database.export()` frees every prepared statement, so statements are never cached
 * across calls here.
 */
export class PlatformDatabase {
  private dirty = false;
  private saveTimer: NodeJS.Timeout | undefined;
  private firstDirtyAt = 0;

  private constructor(
    private readonly db: Database,
    private readonly filePath: string,
    /** True when the file did not exist and the caller should create tables and seed data. */
    readonly isNew: boolean,
  ) {}

  /** Opens (or creates) `platform.sqlite` inside `dataDir`. */
  static async open(dataDir: string): Promise<PlatformDatabase> {
    mkdirSync(dataDir, { recursive: true });
    const SQL = await initSqlJs();
    const filePath = join(dataDir, 'platform.sqlite');
    const isNew = !existsSync(filePath);
    const db = isNew ? new SQL.Database() : new SQL.Database(readFileSync(filePath));
    db.run('PRAGMA foreign_keys = ON');
    return new PlatformDatabase(db, filePath, isNew);
  }

  /** Runs a statement that changes data and schedules a save. */
  run(sql: string, params: SqlValue[] | Record<string, SqlValue> = []): number {
    this.db.run(sql, params);
    this.markDirty();
    return this.db.getRowsModified();
  }

  /** Runs several statements (schema, bulk seed) without parameters. */
  exec(sql: string): void {
    this.db.exec(sql);
    this.markDirty();
  }

  /** All rows of a query, as plain objects. */
  all<T extends Row = Row>(sql: string, params: SqlValue[] | Record<string, SqlValue> = []): T[] {
    const stmt = this.db.prepare(sql);
    try {
      stmt.bind(params);
      const rows: T[] = [];
      while (stmt.step()) rows.push(stmt.getAsObject() as T);
      return rows;
    } finally {
      stmt.free();
    }
  }

  /** The first row of a query, or undefined. */
  get<T extends Row = Row>(
    sql: string,
    params: SqlValue[] | Record<string, SqlValue> = [],
  ): T | undefined {
    return this.all<T>(sql, params)[0];
  }

  /**
   * Runs `work` in one transaction; a thrown error rolls every change back, so a failed
   * request never leaves half a record behind.
   */
  transaction<T>(work: () => T): T {
    this.db.run('BEGIN');
    try {
      const result = work();
      this.db.run('COMMIT');
      this.markDirty();
      return result;
    } catch (error) {
      this.db.run('ROLLBACK');
      throw error;
    }
  }

  /**
   * Inserts many rows with one prepared statement inside one transaction: the fast path for
   * seeding 100,000 students.
   */
  insertMany(sql: string, rows: Iterable<SqlValue[]>): void {
    this.transaction(() => {
      const stmt = this.db.prepare(sql);
      try {
        for (const row of rows) stmt.run(row);
      } finally {
        stmt.free();
      }
    });
  }

  /** Schedules a debounced save; never more than SAVE_MAX_DELAY_MS after the first change. */
  markDirty(): void {
    const now = Date.now();
    if (!this.dirty) this.firstDirtyAt = now;
    this.dirty = true;
    if (this.saveTimer) clearTimeout(this.saveTimer);
    const wait = Math.max(
      0,
      Math.min(SAVE_DEBOUNCE_MS, this.firstDirtyAt + SAVE_MAX_DELAY_MS - now),
    );
    this.saveTimer = setTimeout(() => this.flush(), wait);
    this.saveTimer.unref();
  }

  /** Writes the database to disk now if anything changed (atomically). */
  flush(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    if (!this.dirty) return;
    this.dirty = false;
    const tmp = `${this.filePath}.tmp`;
    writeFileSync(tmp, this.db.export());
    renameSync(tmp, this.filePath);
  }

  /** Flushes and releases the database. */
  close(): void {
    this.flush();
    this.db.close();
  }
}
