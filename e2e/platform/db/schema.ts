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
 * walks the index instead of sorting the table.
 */
const INDEXES = `
CREATE INDEX IF NOT EXISTS courses_name ON courses (name COLLATE NOCASE, id);
CREATE INDEX IF NOT EXISTS courses_created ON courses (createdAt, id);
CREATE INDEX IF NOT EXISTS courses_updated ON courses (updatedAt, id);
CREATE INDEX IF NOT EXISTS courses_published ON courses (publishedAt, id);
CREATE INDEX IF NOT EXISTS students_name ON students (name COLLATE NOCASE, id);
CREATE INDEX IF NOT EXISTS students_email ON students (email, id);
CREATE INDEX IF NOT EXISTS students_created ON students (createdAt, id);
CREATE INDEX IF NOT EXISTS students_updated ON students (updatedAt, id);
CREATE INDEX IF NOT EXISTS students_signin ON students (lastSignInAt, id);
CREATE INDEX IF NOT EXISTS enrollments_student ON enrollments (studentId, createdAt, id);
CREATE INDEX IF NOT EXISTS enrollments_course ON enrollments (courseId);
CREATE INDEX IF NOT EXISTS coupons_name ON coupons (name COLLATE NOCASE, id);
CREATE INDEX IF NOT EXISTS coupons_created ON coupons (createdAt, id);
CREATE INDEX IF NOT EXISTS coupons_updated ON coupons (updatedAt, id);
CREATE INDEX IF NOT EXISTS pages_title ON pages (title COLLATE NOCASE, id);
CREATE INDEX IF NOT EXISTS pages_created ON pages (createdAt, id);
CREATE INDEX IF NOT EXISTS pages_updated ON pages (updatedAt, id);
CREATE INDEX IF NOT EXISTS idempotency_created ON idempotency_keys (createdAt);
`;

/**
 * Creates the business tables and their indexes. Idempotent (`IF NOT EXISTS`), so the server
 * may call it on every start, also on a database restored from disk.
 */
export function createBusinessSchema(db: PlatformDatabase): void {
  db.exec(TABLES);
  db.exec(INDEXES);
}
