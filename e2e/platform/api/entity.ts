import { randomUUID } from 'node:crypto';
import type { SqlValue } from 'sql.js';
import type { z } from 'zod';
import type { PlatformDatabase, Row } from '../db/database';
import { ApiError, notFound, validationFailed, type FieldErrors } from '../http/errors';

/** The scope areas of the business API; enrollments belong to `students`. */
export type Area = 'courses' | 'students' | 'coupons' | 'pages';

/** A record as the API answers it: plain JSON values keyed by field name. */
export type ApiRecord = Record<string, unknown> & {
  id: string;
  createdAt: number;
  updatedAt: number;
};

/** A record and the version that feeds its ETag. */
export type StoredRecord = { record: ApiRecord; version: number };

/** How a field is kept in SQLite: JSON text for arrays and objects, 0/1 for booleans. */
export type ColumnKind = 'text' | 'number' | 'boolean' | 'json';

/** A piece of a WHERE clause with its parameters. */
export type SqlClause = { sql: string; params: SqlValue[] };

/** A list filter: its query-string schema and the SQL it adds once parsed. */
export type FilterDef = {
  schema: z.ZodType;
  description: string;
  where(value: unknown): SqlClause;
};

/** Builds a FilterDef; the callback sees the parsed type of its own schema. */
export function filter<S extends z.ZodType>(
  schema: S,
  description: string,
  where: (value: NonNullable<z.output<S>>) => SqlClause,
): FilterDef {
  // The generic code only calls `where` with a value parsed by this very schema.
  return { schema, description, where: (value) => where(value as NonNullable<z.output<S>>) };
}

/**
 * Everything the generic list/CRUD code needs to know about one resource. The four top-level
 * resources and enrollments are each one of these, so their routes, validation, OpenAPI
 * entries and seed columns cannot drift apart.
 */
export type EntityDef = {
  /** Table name and path segment, e.g. `courses`. */
  table: string;
  /** Singular name for messages and OpenAPI ids, e.g. `Course`. */
  label: string;
  area: Area;
  /** Every field of the record, in answer order, with its storage kind. */
  columns: Record<string, ColumnKind>;
  /** The record as answered (documentation and tests). */
  record: z.ZodType;
  /** Body of a create; its defaults fill omitted fields. */
  create: z.ZodType<Record<string, unknown>>;
  /** Body of a PATCH: every writable field optional. */
  update: z.ZodType<Record<string, unknown>>;
  /** Fields the server sets on create that no body may carry (e.g. appliedCount). */
  serverDefaults: Record<string, unknown>;
  /** Unique fields and the sentence shown on a clash. */
  unique: { field: string; message: string }[];
  /** Columns searched by `q` (case-insensitive substring). */
  search: string[];
  /** A phone number column `q` also searches when it looks like a phone number. */
  phoneSearch?: string;
  /** Sortable fields → SQL expression; the tie-breaker `id` is added by the list code. */
  sorts: Record<string, string>;
  defaultSort: string;
  filters: Record<string, FilterDef>;
  /** What anonymous callers may see (SQL condition); null means nothing at all. */
  publicWhere: string | null;
  /**
   * Writable fields whose change needs another scope than `<area>:write`: a course's sections
   * need `curriculum:write` (NOTES.md: that scope creates and updates curriculum content).
   */
  fieldScopes?: Record<string, string>;
  /** Checks that span fields, run on the merged record of a create or update. */
  check?: (record: Record<string, unknown>) => FieldErrors | undefined;
};

/** Unix seconds now. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function decode(kind: ColumnKind, value: SqlValue | undefined): unknown {
  if (value === undefined || value === null) return null;
  if (kind === 'boolean') return value === 1;
  if (kind === 'json') return JSON.parse(String(value)) as unknown;
  return value;
}

function encode(kind: ColumnKind, value: unknown): SqlValue {
  if (value === undefined || value === null) return null;
  if (kind === 'boolean') return value ? 1 : 0;
  if (kind === 'json') return JSON.stringify(value);
  if (typeof value === 'string' || typeof value === 'number') return value;
  throw new TypeError(`Cannot store ${typeof value} as ${kind}`);
}

/** A database row → the record and its version. */
export function fromRow(def: EntityDef, row: Row): StoredRecord {
  const record: Record<string, unknown> = {};
  for (const [field, kind] of Object.entries(def.columns)) record[field] = decode(kind, row[field]);
  return { record: record as ApiRecord, version: Number(row.version ?? 1) };
}

/** The column values of a record, in `columns` order, ready for an INSERT. */
export function toRow(def: EntityDef, record: Record<string, unknown>): SqlValue[] {
  return Object.entries(def.columns).map(([field, kind]) => encode(kind, record[field]));
}

/** The INSERT statement of an entity (also used by the seed's insertMany). */
export function insertSql(def: EntityDef): string {
  const fields = Object.keys(def.columns);
  return `INSERT INTO ${def.table} (${fields.join(', ')}) VALUES (${fields.map(() => '?').join(', ')})`;
}

/** Loads a record; `where` narrows what the caller may see (anonymous visibility). */
export function findRecord(
  db: PlatformDatabase,
  def: EntityDef,
  id: string,
  where?: string,
): StoredRecord | undefined {
  const row = db.get(`SELECT * FROM ${def.table} WHERE id = ?${where ? ` AND (${where})` : ''}`, [
    id,
  ]);
  return row ? fromRow(def, row) : undefined;
}

/** Loads the record whose unique `field` equals `value` (e.g. a student by e-mail). */
export function findRecordBy(
  db: PlatformDatabase,
  def: EntityDef,
  field: string,
  value: SqlValue,
): StoredRecord | undefined {
  if (!def.unique.some((u) => u.field === field))
    throw new Error(`${def.table}.${field} is not a unique field`);
  const row = db.get(`SELECT * FROM ${def.table} WHERE ${field} = ?`, [value]);
  return row ? fromRow(def, row) : undefined;
}

/** Loads a record or throws 404. */
export function requireRecord(
  db: PlatformDatabase,
  def: EntityDef,
  id: string,
  where?: string,
): StoredRecord {
  const found = findRecord(db, def, id, where);
  if (!found) throw notFound(def.label);
  return found;
}

/** Throws 422 when a cross-field rule of the entity fails. */
function runChecks(def: EntityDef, record: Record<string, unknown>): void {
  const fields = def.check?.(record);
  if (fields && Object.keys(fields).length > 0) throw validationFailed(fields);
}

/**
 * Throws 409 with `fields` when a unique field of `record` is already taken by another
 * record. Checked up front so the answer names the field instead of a SQLite constraint.
 */
export function assertUnique(
  db: PlatformDatabase,
  def: EntityDef,
  record: Record<string, unknown>,
  exceptId?: string,
): void {
  const fields: FieldErrors = {};
  for (const { field, message } of def.unique) {
    const value = encode(def.columns[field] ?? 'text', record[field]);
    if (value === null) continue;
    const clash = db.get(`SELECT id FROM ${def.table} WHERE ${field} = ? AND id <> ?`, [
      value,
      exceptId ?? '',
    ]);
    if (clash) fields[field] = message;
  }
  if (Object.keys(fields).length > 0) {
    throw new ApiError(409, 'conflict', 'A record with the same unique value already exists.', {
      fields,
    });
  }
}

/** Validates and inserts a new record built from a parsed create body. */
export function insertRecord(
  db: PlatformDatabase,
  def: EntityDef,
  input: Record<string, unknown>,
): StoredRecord {
  const now = nowSeconds();
  const record = {
    ...def.serverDefaults,
    ...input,
    id: randomUUID(),
    createdAt: now,
    updatedAt: now,
  } as ApiRecord;
  runChecks(def, record);
  assertUnique(db, def, record);
  db.run(insertSql(def), toRow(def, record));
  return { record, version: 1 };
}

/**
 * Applies a parsed PATCH body: checks the merged record, bumps `version` and `updatedAt`.
 * The server-side edits of the control API go through here too, so a test-made conflict
 * looks exactly like another client's update.
 */
export function updateRecord(
  db: PlatformDatabase,
  def: EntityDef,
  current: StoredRecord,
  patch: Record<string, unknown>,
): StoredRecord {
  // Only real changes count: replaying the same PATCH (an outbox retry) leaves the version,
  // and so the ETag, untouched.
  const changed = Object.keys(patch).filter(
    (field) =>
      field in def.columns &&
      patch[field] !== undefined &&
      JSON.stringify(patch[field]) !== JSON.stringify(current.record[field]),
  );
  if (changed.length === 0) return current;
  const merged = { ...current.record, ...patch };
  runChecks(def, merged);
  assertUnique(db, def, merged, current.record.id);
  // updatedAt never goes backwards, even if the clock does.
  const updatedAt = Math.max(nowSeconds(), current.record.updatedAt);
  const sets = changed.map((field) => `${field} = ?`).join(', ');
  const params = changed.map((field) => encode(def.columns[field] ?? 'text', patch[field]));
  db.run(`UPDATE ${def.table} SET ${sets}, updatedAt = ?, version = version + 1 WHERE id = ?`, [
    ...params,
    updatedAt,
    current.record.id,
  ]);
  return { record: { ...merged, updatedAt }, version: current.version + 1 };
}

/** Deletes a record (dependent rows go by ON DELETE CASCADE). */
export function deleteRecord(db: PlatformDatabase, def: EntityDef, id: string): void {
  db.run(`DELETE FROM ${def.table} WHERE id = ?`, [id]);
}
