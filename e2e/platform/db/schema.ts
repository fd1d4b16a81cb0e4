import type { PlatformDatabase } from './database';

/**
 * Tables of the business API. Column names are the API's field names (camelCase), so the
 * generic record code in `api/` can map a row to a record without a rename table. Arrays and
 * the curriculum are JSON text; booleans are 0/1; timestamps are unix seconds.
 *
 * `version` counts updates: it feeds the ETag, because `updatedAt` has one-second
 * resolution and two edits in the same second must still produce different ETags.
 */
const TABLES = `
CREATE TABLE IF NOT EXISTS courses (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  slug TEXT NOT NULL UNIQUE,
  description TEXT,
  image TEXT,
  featured INTEGER NOT NULL DEFAULT 0,
  invisible INTEGER NOT NULL DEFAULT 0,
  publishedAt INTEGER,
  courseType TEXT NOT NULL,
  template TEXT NOT NULL,
  playerTheme TEXT NOT NULL,
  tags TEXT NOT NULL DEFAULT '[]',
  categories TEXT NOT NULL DEFAULT '[]',
  sections TEXT NOT NULL DEFAULT '[]',
  createdAt INTEGER NOT NULL,
  updatedAt INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS students (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE,
  phoneNumber TEXT,
  lastSignInAt INTEGER,
  createdAt INTEGER NOT NULL,
  updatedAt INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS enrollments (
  id TEXT PRIMARY KEY,
  studentId TEXT NOT NULL REFERENCES students(id) ON DELETE CASCADE,
  courseId TEXT NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
  completionRate REAL NOT NULL DEFAULT 0,
  deliveryState TEXT NOT NULL,
  endedAt INTEGER,
  createdAt INTEGER NOT NULL,
  updatedAt INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  UNIQUE (studentId, courseId)
);
CREATE TABLE IF NOT EXISTS coupons (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  code TEXT NOT NULL UNIQUE,
  description TEXT,
  amount REAL NOT NULL,
  couponType TEXT NOT NULL,
  currency TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  appliedCount INTEGER NOT NULL DEFAULT 0,
  redemptionLimit INTEGER,
  expiredAt INTEGER,
  createdAt INTEGER NOT NULL,
  updatedAt INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS pages (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  slug TEXT NOT NULL UNIQUE,
  pageType TEXT NOT NULL,
  pathPrefix TEXT NOT NULL,
  published INTEGER NOT NULL DEFAULT 0,
  createdAt INTEGER NOT NULL,
  updatedAt INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
-- Idempotency-Key replays (per client + key). status IS NULL while the first request runs.
CREATE TABLE IF NOT EXISTS idempotency_keys (
  clientId TEXT NOT NULL,
  key TEXT NOT NULL,
  requestHash TEXT NOT NULL,
  status INTEGER,
  body TEXT,
  etag TEXT,
  location TEXT,
  createdAt INTEGER NOT NULL,
  PRIMARY KEY (clientId, key)
);
`;

/**
 * Indexes that keep a page of a 100,000-row list in the low milliseconds: every sortable
 * column is indexed together with `id`, the tie-breaker, so `ORDER BY col, id LIMIT n`
 * walks the index instead of sorting the table. Names are case-insensitive, as the API sorts.
 */
const INDEXES: Record<string, string> = {
  courses_name: 'courses (name COLLATE NOCASE, id)',
  courses_created: 'courses (createdAt, id)',
  courses_updated: 'courses (updatedAt, id)',
  courses_published: 'courses (publishedAt, id)',
  students_name: 'students (name COLLATE NOCASE, id)',
  students_email: 'students (email, id)',
  students_created: 'students (createdAt, id)',
  students_updated: 'students (updatedAt, id)',
  students_signin: 'students (lastSignInAt, id)',
  enrollments_student: 'enrollments (studentId, createdAt, id)',
  enrollments_course: 'enrollments (courseId)',
  coupons_name: 'coupons (name COLLATE NOCASE, id)',
  coupons_created: 'coupons (createdAt, id)',
  coupons_updated: 'coupons (updatedAt, id)',
  pages_title: 'pages (title COLLATE NOCASE, id)',
  pages_created: 'pages (createdAt, id)',
  pages_updated: 'pages (updatedAt, id)',
  idempotency_created: 'idempotency_keys (createdAt)',
};

/**
 * Creates the business tables and their indexes. Idempotent (`IF NOT EXISTS`), so the server
 * may call it on every start, also on a database restored from disk.
 */
export function createBusinessSchema(db: PlatformDatabase): void {
  db.exec(TABLES);
  db.exec(
    Object.entries(INDEXES)
      .map(([name, on]) => `CREATE INDEX IF NOT EXISTS ${name} ON ${on};`)
      .join('\n'),
  );
}

/**
 * Drops the secondary indexes before a bulk load: building an index once from sorted data is
 * several times faster than updating it for every inserted row. `createBusinessSchema`
 * brings them back.
 */
export function dropBusinessIndexes(db: PlatformDatabase): void {
  db.exec(
    Object.keys(INDEXES)
      .map((name) => `DROP INDEX IF EXISTS ${name};`)
      .join('\n'),
  );
}
