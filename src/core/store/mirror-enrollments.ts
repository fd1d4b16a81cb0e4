import type { MirrorPage } from './mirror-query';
import { allRows, scalar, write, type Db } from './mirror-sql';

/**
 * A student's enrollments in the mirror. The platform lists them only per student, so the
 * mirror also records which students' lists it holds complete (`enrollment_sets`): only
 * those can be answered locally; for the others the caller asks the network.
 */

/** What an enrollment record must carry to be stored. */
type EnrollmentKeys = { id: string; studentId: string; courseId: string };

function keysOf(record: unknown): EnrollmentKeys {
  const r = record as Partial<Record<keyof EnrollmentKeys, unknown>> | null;
  if (
    typeof r !== 'object' ||
    r === null ||
    typeof r.id !== 'string' ||
    typeof r.studentId !== 'string' ||
    typeof r.courseId !== 'string'
  )
    throw new TypeError('an enrollment needs text id, studentId and courseId');
  return { id: r.id, studentId: r.studentId, courseId: r.courseId };
}

/**
 * Replaces the stored enrollments of `studentId` with `records`. An ETag survives only for a
 * record whose JSON is unchanged. `complete` marks the list as the student's whole set (so
 * it may be answered locally), and false withdraws that mark. Answers whether anything but
 * the set's `syncedAt` changed. Call inside a transaction.
 */
export function putEnrollments(
  db: Db,
  studentId: string,
  records: unknown[],
  complete: boolean,
  syncedAt: number,
): boolean {
  const before = new Map(
    allRows(db, 'SELECT id, record, etag FROM enrollments WHERE studentId = ?', [studentId]).map(
      ([id, record, etag]) => [String(id), { record: String(record), etag: etag ?? null }],
    ),
  );
  let changed = false;
  write(db, 'DELETE FROM enrollments WHERE studentId = ?', [studentId]);
  for (const record of records) {
    const keys = keysOf(record);
    if (keys.studentId !== studentId)
      throw new TypeError('an enrollment of another student was given');
    const json = JSON.stringify(record);
    const old = before.get(keys.id);
    if (old?.record !== json) changed = true;
    // OR REPLACE: a list repeating a course keeps its last entry, as a re-fetch would.
    write(db, 'INSERT OR REPLACE INTO enrollments (id, record, etag) VALUES (?, ?, ?)', [
      keys.id,
      json,
      old?.record === json ? old.etag : null,
    ]);
  }
  if (records.length !== before.size) changed = true;
  const wasComplete = scalar(db, 'SELECT 1 FROM enrollment_sets WHERE studentId = ?', [studentId]);
  if (complete) {
    write(db, 'INSERT OR REPLACE INTO enrollment_sets (studentId, syncedAt) VALUES (?, ?)', [
      studentId,
      syncedAt,
    ]);
  } else {
    write(db, 'DELETE FROM enrollment_sets WHERE studentId = ?', [studentId]);
  }
  return changed || Boolean(wasComplete) !== complete;
}

/**
 * Stores one enrollment (an enroll, an extend, a fresh read). A given ETag is stored; without
 * one, the stored ETag survives only if the record's JSON is unchanged. An older enrollment of
 * the same student and course under another id is replaced. Answers whether anything changed.
 */
export function upsertEnrollment(db: Db, record: unknown, etag?: string): boolean {
  const keys = keysOf(record);
  const json = JSON.stringify(record);
  const replaced = write(
    db,
    'DELETE FROM enrollments WHERE studentId = ? AND courseId = ? AND id <> ?',
    [keys.studentId, keys.courseId, keys.id],
  );
  const written = write(
    db,
    `INSERT INTO enrollments (id, record, etag) VALUES (?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET
       record = excluded.record,
       etag = coalesce(excluded.etag,
         CASE WHEN enrollments.record = excluded.record THEN enrollments.etag END)
     WHERE enrollments.record IS NOT excluded.record
       OR (excluded.etag IS NOT NULL AND enrollments.etag IS NOT excluded.etag)`,
    [keys.id, json, etag ?? null],
  );
  return replaced + written > 0;
}

/** Removes a student's enrollment in a course; answers whether there was one. */
export function removeEnrollment(db: Db, studentId: string, courseId: string): boolean {
  return (
    write(db, 'DELETE FROM enrollments WHERE studentId = ? AND courseId = ?', [
      studentId,
      courseId,
    ]) > 0
  );
}

/** One stored enrollment and its ETag. */
export function getEnrollment(
  db: Db,
  studentId: string,
  courseId: string,
): { record: unknown; etag: string | undefined } | undefined {
  const [row] = allRows(
    db,
    'SELECT record, etag FROM enrollments WHERE studentId = ? AND courseId = ?',
    [studentId, courseId],
  );
  if (!row) return undefined;
  const [record, etag] = row;
  return {
    record: JSON.parse(String(record)) as unknown,
    etag: etag === null ? undefined : String(etag),
  };
}

/**
 * A window of a student's enrollments in the platform's order (newest first, ties by id), or
 * undefined when that student's set was never stored complete.
 */
export function listEnrollments(
  db: Db,
  studentId: string,
  window: { offset: number; limit: number },
): MirrorPage | undefined {
  if (!scalar(db, 'SELECT 1 FROM enrollment_sets WHERE studentId = ?', [studentId]))
    return undefined;
  const totalCount = Number(
    scalar(db, 'SELECT COUNT(*) FROM enrollments WHERE studentId = ?', [studentId]),
  );
  const rows = allRows(
    db,
    `SELECT record FROM enrollments INDEXED BY enrollments__student WHERE studentId = ?
     ORDER BY createdAt DESC, id DESC LIMIT ? OFFSET ?`,
    [studentId, window.limit, window.offset],
  ).map(([record]) => JSON.parse(String(record)) as unknown);
  return { rows, totalCount };
}

/** Drops the enrollments (and complete marks) of the given students. */
export function dropStudentsEnrollments(db: Db, studentIdsJson: string): number {
  const removed = write(
    db,
    'DELETE FROM enrollments WHERE studentId IN (SELECT value FROM json_each(?))',
    [studentIdsJson],
  );
  return (
    removed +
    write(db, 'DELETE FROM enrollment_sets WHERE studentId IN (SELECT value FROM json_each(?))', [
      studentIdsJson,
    ])
  );
}

/** Drops the enrollments in the given courses (deleted on the platform, which cascades). */
export function dropCoursesEnrollments(db: Db, courseIdsJson: string): number {
  return write(db, 'DELETE FROM enrollments WHERE courseId IN (SELECT value FROM json_each(?))', [
    courseIdsJson,
  ]);
}
