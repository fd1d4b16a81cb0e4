import { ENTITY_NAMES, type EntityName } from '../../shared/entity-names';
import { LIST_RULES } from '../../shared/list-rules';
import * as enrollments from './mirror-enrollments';
import { checkWindow, listEntity, type MirrorListQuery, type MirrorPage } from './mirror-query';
import type { BulkLoad } from '../sync/area-state';
import { BulkLoads, type StartHelper } from './bulk-load';
import { fileFailureCode } from './file-failure';
import type { IndexBuilder } from './index-builder';
import {
  ensureSchema,
  entityIndexDdl,
  mirrorSort,
  searchIndex,
  sortIndexDdl,
} from './mirror-schema';
import {
  allRows,
  inTransaction,
  MirrorError,
  scalar,
  statement,
  write,
  type Db,
} from './mirror-sql';

export type { MirrorListQuery, MirrorPage } from './mirror-query';
export { MirrorError } from './mirror-sql';

/** A record as the mirror takes it: the platform's JSON, with its id. */
export type MirrorRecord = Record<string, unknown> & { id: string };

/** A stored record and the ETag of its version, if known. */
export type MirrorEntry = { record: unknown; etag: string | undefined };

/**
 * SECURITY: entity names become table names in SQL, so only the four known ones pass, even
 * if a caller's types were bypassed.
 */
function table(entity: EntityName): EntityName {
  if (!ENTITY_NAMES.includes(entity)) throw new TypeError(`unknown entity ${String(entity)}`);
  return entity;
}

function idsJson(ids: readonly string[]): string {
  return JSON.stringify(ids);
}

/** Told the area and ids of records just stored, removed or given an ETag. */
export type RecordsWritten = (entity: EntityName, ids: readonly string[]) => void;

/**
 * How a record is stored (bound: its id and JSON text): added, or replacing the stored one
 * when the text differs and it is not older by updatedAt (see upsert). Its ETag is forgotten.
 */
function upsertSql(name: EntityName): string {
  return `INSERT INTO ${name} (id, record, etag) VALUES (?, ?, NULL) ${onConflict(name)}`;
}

/**
 * How a first sync's helper process stores a page's records (bound: the page's JSON as the
 * school sent it), each as `upsertSql` stores one. SQLite's json_each hands over each record's
 * text as the school wrote it, without its whitespace; that is JSON.stringify's text for a
 * school whose JSON is written as JSON.stringify writes it. Other text (an escaped `é`, a
 * `1.0`) reads back to the same record and is written once more, at the next store of that
 * record from this connection. `WHERE true` is how SQLite's grammar tells an upsert's
 * ON CONFLICT from a join's.
 */
function upsertPageSql(name: EntityName): string {
  return `INSERT INTO ${name} (id, record, etag)
    SELECT value ->> 'id', value, NULL FROM json_each(?, '$.nodes') WHERE true ${onConflict(name)}`;
}

function onConflict(name: EntityName): string {
  return `ON CONFLICT (id) DO UPDATE SET record = excluded.record, etag = NULL
    WHERE ${name}.record IS NOT excluded.record
      AND NOT coalesce(${name}.updatedAt > json_extract(excluded.record, '$.updatedAt'), 0)`;
}

/** How a meta value is stored (bound: its key and JSON text). */
const SET_META_SQL = `INSERT INTO meta (key, value) VALUES (?, ?)
  ON CONFLICT (key) DO UPDATE SET value = excluded.value WHERE meta.value IS NOT excluded.value`;

/**
 * The local mirror of one school: its courses, students (with the enrollments the mirror has
 * seen), coupons and pages as the platform sent them, plus sync metadata, in the school's
 * encrypted database (SchoolDatabases opens it; the mirror's tables sit beside the outbox's).
 * Lists and gets answer with the platform's own semantics (src/shared/list-rules.ts).
 *
 * Every method is synchronous and each batch is one short transaction (a few pages of records
 * at most), so a failure leaves the mirror as it was and no call holds the host's event loop
 * for long; a long first sync's batches go to a helper process instead (bulkLoad). A commit survives the app's crash when it returns, and a power cut once the WAL
 * reaches the disk (see SchoolDatabases' settings).
 */
export class MirrorDatabase {
  /** Areas whose list indexes are known to exist: `list` asks SQLite once, not every call. */
  private readonly indexed = new Set<EntityName>();
  /** Sort indexes being built off the event loop, by their DDL (prepareSort). */
  private readonly sortBuilds = new Map<string, Promise<void>>();
  private readonly writeListeners = new Set<RecordsWritten>();

  private readonly bulkLoads: BulkLoads;

  private constructor(
    private readonly db: Db,
    private readonly builder: IndexBuilder | undefined,
    startHelper: StartHelper | undefined,
  ) {
    this.bulkLoads = new BulkLoads(db, startHelper);
  }

  /**
   * The mirror in the school's open database, its tables created or brought up to date.
   * Throws MirrorError `mirror_unreadable` when they cannot be, or the file failure (a full
   * disk) that stopped them.
   */
  static open(db: Db, builder?: IndexBuilder, startHelper?: StartHelper): MirrorDatabase {
    try {
      ensureSchema(db);
    } catch (error) {
      // A full disk, or a folder that refuses writes, is not an unreadable copy: its own error
      // goes on, so the owner and the log are told what it is.
      if (fileFailureCode(error)) throw error;
      throw new MirrorError(
        'mirror_unreadable',
        'The local copy of this school could not be read.',
        { cause: error },
      );
    }
    return new MirrorDatabase(db, builder, startHelper);
  }

  /** Runs `work` in one transaction: its writes commit together, or not at all. */
  batch<T>(work: () => T): T {
    return inTransaction(this.db, work);
  }

  /**
   * Prepares the mirror for a long first sync of an area, until the BulkLoad's `end`
   * (bulk-load.ts): its batches go to a helper process when the database is a file, and the
   * area's search index is dropped: keeping it in order on every insert is most of what
   * storing 100,000 students costs (each commit rewrites index pages all over the file).
   * Nothing lists the area from the copy before its first sync ends, and `buildIndexes` puts
   * it back then.
   */
  bulkLoad(entity: EntityName): BulkLoad {
    const name = table(entity);
    this.indexed.delete(name);
    this.db.exec(`DROP INDEX IF EXISTS ${searchIndex(name)}`);
    return this.bulkLoads.start(
      name,
      { upsertPage: upsertPageSql(name), setMeta: SET_META_SQL },
      (ids) => this.written(name, () => ids),
      entityIndexDdl(name),
    );
  }

  /**
   * Builds an area's list indexes that are missing, off the event loop when the database has
   * a builder (a process of its own, index-builder.ts), else here; nothing when none is missing.
   */
  async buildIndexes(entity: EntityName): Promise<void> {
    if (!this.missingIndexes(entity)) return;
    const statements = entityIndexDdl(table(entity));
    if (this.builder) await this.builder(statements);
    else inTransaction(this.db, () => statements.forEach((sql) => this.db.exec(sql)));
  }

  private missingIndexes(entity: EntityName): boolean {
    if (this.indexed.has(entity)) return false;
    const found = scalar(this.db, "SELECT 1 FROM sqlite_schema WHERE type = 'index' AND name = ?", [
      searchIndex(table(entity)),
    ]);
    if (found) this.indexed.add(entity);
    return !found;
  }

  /**
   * Calls `listener` after records of an area are stored, removed or given an ETag, with
   * their ids: how a running id sweep learns of records written after it began (see
   * core/sync/write-tracker.ts). Answers the function that stops the calls.
   */
  onRecordsWritten(listener: RecordsWritten): () => void {
    this.writeListeners.add(listener);
    return () => this.writeListeners.delete(listener);
  }

  private written(entity: EntityName, ids: () => readonly string[]): void {
    if (this.writeListeners.size === 0) return;
    const list = ids();
    for (const listener of this.writeListeners) listener(entity, list);
  }

  /** Bytes the database takes (every area), as SQLite counts its pages. */
  sizeBytes(): number {
    return (
      Number(scalar(this.db, 'PRAGMA page_count')) * Number(scalar(this.db, 'PRAGMA page_size'))
    );
  }

  /**
   * Stores records as the platform sent them (unknown fields kept), in one transaction, and
   * answers how many rows it added or changed. A stored record is kept when the incoming one
   * is the same text, or older by updatedAt: a page fetched before the app saved a record
   * must not put the older version back. A row's stored ETag is kept only if its record JSON
   * is unchanged, since the ETag names the version that JSON came from.
   */
  upsert(entity: EntityName, records: readonly MirrorRecord[]): number {
    const name = table(entity);
    if (records.length === 0) return 0;
    // The test is SQLite's, on the stored row's own columns: sync needs no read of the rows
    // first (a read and a parse per page cost a first sync of 100,000 students ~0.3 s).
    const rows = inTransaction(this.db, () => {
      const stmt = statement(this.db, upsertSql(name));
      let modified = 0;
      for (const record of records) {
        if (typeof record.id !== 'string' || record.id === '')
          throw new TypeError(`a ${name} record without an id`);
        modified += stmt.run(record.id, JSON.stringify(record)).changes;
      }
      return modified;
    });
    this.written(entity, () => records.map((record) => record.id));
    return rows;
  }

  /** Records the ETag of a stored record's version (undefined forgets it). */
  setEtag(entity: EntityName, id: string, etag: string | undefined): void {
    write(this.db, `UPDATE ${table(entity)} SET etag = ? WHERE id = ? AND etag IS NOT ?`, [
      etag ?? null,
      id,
      etag ?? null,
    ]);
    this.written(entity, () => [id]);
  }

  /**
   * Removes records (gone on the platform). As on the platform, a student takes their
   * enrollments along, and so does a course.
   */
  remove(entity: EntityName, ids: readonly string[]): void {
    const name = table(entity);
    if (ids.length === 0) return;
    const json = idsJson(ids);
    inTransaction(this.db, () => {
      write(this.db, `DELETE FROM ${name} WHERE id IN (SELECT value FROM json_each(?))`, [json]);
      if (name === 'students') enrollments.dropStudentsEnrollments(this.db, json);
      if (name === 'courses') enrollments.dropCoursesEnrollments(this.db, json);
    });
    this.written(entity, () => ids);
  }

  /** Every stored id of an entity (for a sweep that finds records deleted on the platform). */
  ids(entity: EntityName): string[] {
    return allRows(this.db, `SELECT id FROM ${table(entity)} ORDER BY id`).map(([id]) =>
      String(id),
    );
  }

  count(entity: EntityName): number {
    return Number(scalar(this.db, `SELECT COUNT(*) FROM ${table(entity)}`));
  }

  /**
   * Drops every record of an entity (the area's scope was lost). Clearing students drops
   * their enrollments too; clearing courses leaves enrollments, which belong to students.
   */
  clear(entity: EntityName): void {
    const name = table(entity);
    inTransaction(this.db, () => {
      write(this.db, `DELETE FROM ${name}`);
      if (name === 'students') {
        write(this.db, 'DELETE FROM enrollments');
        write(this.db, 'DELETE FROM enrollment_sets');
      }
    });
  }

  /**
   * A window of the entity's list with the platform's search, sort, filters and total.
   * `now` (unix seconds) is what time filters compare with. Throws MirrorError
   * `mirror_bad_query` for a sort, filter or window the platform would refuse.
   */
  list(entity: EntityName, query: MirrorListQuery): MirrorPage {
    // An area is listed from the copy only once its first sync built its indexes; should one
    // be missing all the same (a database from elsewhere), it is built now rather than fail.
    if (this.missingIndexes(entity)) {
      for (const sql of entityIndexDdl(table(entity))) this.db.exec(sql);
      this.indexed.add(entity);
    }
    this.ensureSortIndex(table(entity), query.sort);
    return listEntity(this.db, table(entity), query);
  }

  /**
   * Builds the index of the list's sort key if it is missing, off the host's event loop when
   * the database has a builder: the first list sorted by a key other than the default would
   * otherwise hold the host while SQLite sorts the whole area (about 300 ms at 100,000
   * students). Call it before `list`, which builds a missing one itself, here, as a fallback.
   */
  async prepareSort(entity: EntityName, sort: string | undefined): Promise<void> {
    const missing = this.missingSortIndex(table(entity), sort);
    if (!missing || !this.builder) return;
    // Lists sorted alike while it builds wait for the same build.
    let building = this.sortBuilds.get(missing);
    if (!building) {
      building = this.builder([missing]).finally(() => this.sortBuilds.delete(missing));
      this.sortBuilds.set(missing, building);
    }
    await building;
  }

  /**
   * Resolves once no sort index is being built (prepareSort), however the builds end, those
   * asked for meanwhile included. Each build's helper process holds the database's files: on
   * Windows they cannot be removed until it has exited (sign-out).
   */
  async whenSortBuildsEnd(): Promise<void> {
    while (this.sortBuilds.size > 0) await Promise.allSettled([...this.sortBuilds.values()]);
  }

  /**
   * Builds the index of a sort key the first time a list is sorted by it (see sortIndexDdl).
   * It stays in the database, and sync keeps it up to date from then on.
   */
  private ensureSortIndex(entity: EntityName, sort: string | undefined): void {
    const missing = this.missingSortIndex(entity, sort);
    if (missing) this.db.exec(missing);
  }

  /** The DDL of the sort key's index when the database lacks it; undefined when none is due. */
  private missingSortIndex(entity: EntityName, sort: string | undefined): string | undefined {
    const key = sort?.replace(/^-/, '');
    if (!key || !Object.hasOwn(LIST_RULES[entity].sorts, key)) return undefined;
    const { index } = mirrorSort(entity, key);
    if (scalar(this.db, "SELECT 1 FROM sqlite_schema WHERE type = 'index' AND name = ?", [index]))
      return undefined;
    return sortIndexDdl(entity, key);
  }

  /** One record as the platform sent it, and its ETag. */
  get(entity: EntityName, id: string): MirrorEntry | undefined {
    const [row] = allRows(this.db, `SELECT record, etag FROM ${table(entity)} WHERE id = ?`, [id]);
    if (!row) return undefined;
    const [record, etag] = row;
    return {
      record: JSON.parse(String(record)) as unknown,
      etag: etag === null ? undefined : String(etag),
    };
  }

  /**
   * Replaces a student's stored enrollments with `records` (ETags survive for unchanged
   * records). `complete`: the records are the student's whole list, so `listEnrollments`
   * may answer it; false withdraws that.
   */
  putEnrollments(studentId: string, records: readonly unknown[], complete: boolean): void {
    inTransaction(this.db, () =>
      enrollments.putEnrollments(this.db, studentId, [...records], complete, Date.now()),
    );
  }

  /** Stores one enrollment; a given ETag is kept, else as `upsert` does. */
  upsertEnrollment(record: unknown, etag?: string): void {
    inTransaction(this.db, () => enrollments.upsertEnrollment(this.db, record, etag));
  }

  removeEnrollment(studentId: string, courseId: string): void {
    enrollments.removeEnrollment(this.db, studentId, courseId);
  }

  /** One stored enrollment of a student in a course, and its ETag. */
  getEnrollment(studentId: string, courseId: string): MirrorEntry | undefined {
    return enrollments.getEnrollment(this.db, studentId, courseId);
  }

  /**
   * A window of a student's enrollments in the platform's order, or undefined when that
   * student's list was never stored complete (then only the network knows it).
   */
  listEnrollments(
    studentId: string,
    window: { offset: number; limit: number },
  ): MirrorPage | undefined {
    checkWindow(window.offset, window.limit);
    return enrollments.listEnrollments(this.db, studentId, window);
  }

  /** A value stored with `setMeta` (sync cursors, progress), parsed from JSON. */
  getMeta<T>(key: string): T | undefined {
    const value = scalar(this.db, 'SELECT value FROM meta WHERE key = ?', [key]);
    return value === undefined || value === null ? undefined : (JSON.parse(String(value)) as T);
  }

  /** Stores a JSON value under `key`; undefined removes it. */
  setMeta(key: string, value: unknown): void {
    if (value === undefined) {
      write(this.db, 'DELETE FROM meta WHERE key = ?', [key]);
      return;
    }
    const json = JSON.stringify(value);
    write(this.db, SET_META_SQL, [key, json]);
  }
}
