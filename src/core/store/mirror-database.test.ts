import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useDatabaseHarness } from '../../../e2e/support/harness/use-harness';
import { MirrorDatabase, MirrorError } from './mirror-database';
import type { Db } from './mirror-sql';
import { sortIndexDdl } from './mirror-schema';
import type { SyncRecord } from '../sync/page-walk';

const h = useDatabaseHarness();

/** The mirror in the test school's encrypted database. */
async function open(): Promise<MirrorDatabase> {
  return MirrorDatabase.open(await h.open());
}

/** How many rows SQLite changed in all since the connection opened. */
function totalChanges(db: Db): number {
  return Number(db.prepare('SELECT total_changes()').pluck().get());
}

function student(n: number, name: string, extra: Record<string, unknown> = {}) {
  return {
    id: `s-${String(n).padStart(3, '0')}`,
    name,
    email: `student${n}@example.com`,
    phoneNumber: null,
    lastSignInAt: null,
    createdAt: 1000 + n,
    updatedAt: 2000 + n,
    ...extra,
  };
}

function ids(page: { rows: unknown[] }): string[] {
  return page.rows.map((row) => (row as { id: string }).id);
}

describe('MirrorDatabase records', () => {
  it('keeps records as sent, unknown fields included, and ETags of unchanged records', async () => {
    const db = await h.open();
    const mirror = MirrorDatabase.open(db);
    const ada = student(1, 'Ada', { nickname: 'the countess' });
    mirror.upsert('students', [ada, student(2, 'Grace')]);
    expect(mirror.get('students', 's-001')).toEqual({ record: ada, etag: undefined });
    expect(mirror.get('students', 'nope')).toBeUndefined();

    mirror.setEtag('students', 's-001', '"v1"');
    const before = totalChanges(db);
    mirror.upsert('students', [ada]);
    expect(mirror.get('students', 's-001')?.etag).toBe('"v1"');
    // The same record again writes nothing.
    expect(totalChanges(db)).toBe(before);

    mirror.upsert('students', [{ ...ada, name: 'Ada L.' }]);
    expect(mirror.get('students', 's-001')).toEqual({
      record: { ...ada, name: 'Ada L.' },
      etag: undefined,
    });
    expect(totalChanges(db)).toBeGreaterThan(before);
  });

  it('never puts an older version (by updatedAt) over a newer one, and counts what changed', async () => {
    const mirror = await open();
    const saved = student(1, 'Ada (saved)', { updatedAt: 3000 });
    expect(mirror.upsert('students', [saved, student(2, 'Grace')])).toBe(2);
    // A page fetched before the save still carries the version of updatedAt 2001.
    expect(mirror.upsert('students', [student(1, 'Ada (stale)'), student(2, 'Grace')])).toBe(0);
    expect(mirror.get('students', 's-001')?.record).toEqual(saved);
    // The same second, or no updatedAt at all: the incoming text wins.
    expect(mirror.upsert('students', [{ ...saved, name: 'Ada (same second)' }])).toBe(1);
    const undated = { id: 's-001', name: 'Ada (undated)', email: 'ada@example.com' };
    expect(mirror.upsert('students', [undated])).toBe(1);
    expect(mirror.get('students', 's-001')?.record).toEqual(undated);
  });

  it('counts, lists ids, removes and clears', async () => {
    const mirror = await open();
    mirror.upsert('students', [student(1, 'A'), student(2, 'B'), student(3, 'C')]);
    expect(mirror.count('students')).toBe(3);
    mirror.remove('students', ['s-002', 'missing']);
    expect(mirror.ids('students')).toEqual(['s-001', 's-003']);
    mirror.clear('students');
    expect(mirror.count('students')).toBe(0);
  });

  it('rolls a failed batch back', async () => {
    const mirror = await open();
    const bad = { name: 'no id' } as unknown as { id: string };
    expect(() => mirror.upsert('students', [student(1, 'A'), bad])).toThrow(TypeError);
    expect(mirror.count('students')).toBe(0);
  });
});

describe('MirrorDatabase lists', () => {
  it('searches case-insensitively for ASCII only, with %, _ and \\ literal', async () => {
    const mirror = await open();
    mirror.upsert('students', [
      student(1, 'Zoë Adams'),
      student(2, 'ZOË ADAMS'),
      student(3, '100% Sure'),
      student(4, 'snake_case'),
      student(5, 'back\\slash'),
      student(6, 'snakeXcase'),
    ]);
    const search = (q: string) => ids(mirror.list('students', { q, offset: 0, limit: 50 }));
    expect(search('zoë')).toEqual(['s-001']);
    expect(search('ZOË')).toEqual(['s-002']);
    expect(search('adams')).toEqual(['s-002', 's-001']);
    expect(search('0%')).toEqual(['s-003']);
    expect(search('e_c')).toEqual(['s-004']);
    expect(search('\\')).toEqual(['s-005']);
    expect(search('  STUDENT6@ ')).toEqual(['s-006']);
    expect(mirror.list('students', { q: '   ', offset: 0, limit: 2 }).totalCount).toBe(6);
  });

  it('finds students by a run of their phone number’s digits, whatever the separators', async () => {
    const mirror = await open();
    mirror.upsert('students', [
      student(1, 'Albany', { phoneNumber: '+1 518-555-0100' }),
      student(2, 'Taipei', { phoneNumber: '0912-345-678' }),
      student(3, 'Taipei abroad', { phoneNumber: '+886 912 345 678' }),
      student(4, 'Office', { phoneNumber: '(02) 2345.6789' }),
      student(5, 'No phone'),
    ]);
    const search = (q: string) => ids(mirror.list('students', { q, offset: 0, limit: 50 }));
    expect(search('+1518')).toEqual(['s-001']);
    expect(search('0912')).toEqual(['s-002']);
    expect(search('912 345')).toEqual(['s-003', 's-002']);
    expect(search('(02) 2345-6789')).toEqual(['s-004']);
    // Two digits are no phone search; they match as text only (no name or e-mail holds them).
    expect(search('02')).toEqual([]);
  });

  it('sorts with ties broken by id in the same direction, and pages', async () => {
    const mirror = await open();
    mirror.upsert('students', [student(3, 'bob'), student(1, 'Bob'), student(2, 'alice')]);
    const sorted = (sort: string, offset = 0, limit = 10) =>
      ids(mirror.list('students', { sort, offset, limit }));
    expect(sorted('name')).toEqual(['s-002', 's-001', 's-003']);
    expect(sorted('-name')).toEqual(['s-003', 's-001', 's-002']);
    expect(sorted('-name', 1, 1)).toEqual(['s-001']);
    expect(mirror.list('students', { offset: 5, limit: 10 })).toEqual({ rows: [], totalCount: 3 });
  });

  it('applies the shared filters, missing fields reading as NULL', async () => {
    const mirror = await open();
    mirror.upsert('coupons', [
      { id: 'c1', name: 'Old', code: 'OLD', active: true, expiredAt: 100, createdAt: 1 },
      { id: 'c2', name: 'Open', code: 'OPEN', active: false, expiredAt: null, createdAt: 2 },
      { id: 'c3', name: 'Later', code: 'LATER', active: true, expiredAt: 900, createdAt: 3 },
      { id: 'c4', name: 'Bare', code: 'BARE' },
    ]);
    const filtered = (filters: Record<string, unknown>) =>
      ids(mirror.list('coupons', { filters, offset: 0, limit: 10, now: 500 }));
    expect(filtered({ expired: true })).toEqual(['c1']);
    expect(filtered({ expired: false })).toEqual(['c3', 'c2', 'c4']);
    expect(filtered({ active: true, expired: false })).toEqual(['c3']);
    expect(filtered({ active: undefined })).toHaveLength(4);
  });

  it('refuses what the platform would refuse, with a code', async () => {
    const mirror = await open();
    const refused = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error instanceof MirrorError ? error.code : 'other';
      }
      return 'accepted';
    };
    expect(
      refused(() => mirror.list('students', { sort: 'phoneNumber', offset: 0, limit: 1 })),
    ).toBe('mirror_bad_query');
    expect(
      refused(() => mirror.list('courses', { filters: { color: 'red' }, offset: 0, limit: 1 })),
    ).toBe('mirror_bad_query');
    expect(
      refused(() => mirror.list('courses', { filters: { featured: 'yes' }, offset: 0, limit: 1 })),
    ).toBe('mirror_bad_query');
    expect(refused(() => mirror.list('pages', { offset: -1, limit: 1 }))).toBe('mirror_bad_query');
    expect(refused(() => mirror.list('pages', { q: 'x'.repeat(201), offset: 0, limit: 1 }))).toBe(
      'mirror_bad_query',
    );
    expect(
      refused(() => mirror.list('pages', { q: ` ${'x'.repeat(200)} `, offset: 0, limit: 1 })),
    ).toBe('accepted');
  });
});

describe('MirrorDatabase enrollments', () => {
  const enrollment = (courseId: string, createdAt: number, id = `e-${courseId}`) => ({
    id,
    studentId: 's-001',
    courseId,
    completionRate: 0,
    createdAt,
  });

  it('answers a student only once the whole list is stored, newest first', async () => {
    const mirror = await open();
    expect(mirror.listEnrollments('s-001', { offset: 0, limit: 10 })).toBeUndefined();
    mirror.putEnrollments(
      's-001',
      [enrollment('a', 5), enrollment('b', 7), enrollment('c', 5)],
      true,
    );
    expect(ids(mirror.listEnrollments('s-001', { offset: 0, limit: 10 })!)).toEqual([
      'e-b',
      'e-c',
      'e-a',
    ]);
    expect(mirror.listEnrollments('s-001', { offset: 1, limit: 1 })).toEqual({
      rows: [enrollment('c', 5)],
      totalCount: 3,
    });

    mirror.upsertEnrollment(enrollment('d', 9), '"e1"');
    mirror.upsertEnrollment(enrollment('a', 5, 'e-a2'));
    mirror.removeEnrollment('s-001', 'b');
    expect(ids(mirror.listEnrollments('s-001', { offset: 0, limit: 10 })!)).toEqual([
      'e-d',
      'e-c',
      'e-a2',
    ]);
    expect(mirror.getEnrollment('s-001', 'd')?.etag).toBe('"e1"');

    mirror.putEnrollments('s-001', [enrollment('d', 9)], false);
    expect(mirror.getEnrollment('s-001', 'd')?.etag).toBe('"e1"');
    expect(mirror.listEnrollments('s-001', { offset: 0, limit: 10 })).toBeUndefined();
  });

  it('drops enrollments with their student or course', async () => {
    const mirror = await open();
    mirror.upsert('students', [student(1, 'Ada')]);
    mirror.putEnrollments('s-001', [enrollment('a', 1), enrollment('b', 2)], true);
    mirror.remove('courses', ['a']);
    expect(ids(mirror.listEnrollments('s-001', { offset: 0, limit: 10 })!)).toEqual(['e-b']);
    mirror.remove('students', ['s-001']);
    expect(mirror.listEnrollments('s-001', { offset: 0, limit: 10 })).toBeUndefined();
    expect(mirror.getEnrollment('s-001', 'b')).toBeUndefined();
  });

  it('refuses an enrollment without its keys or of another student', async () => {
    const mirror = await open();
    expect(() => mirror.upsertEnrollment({ id: 'x' })).toThrow(TypeError);
    expect(() => mirror.putEnrollments('s-002', [enrollment('a', 1)], true)).toThrow(TypeError);
  });
});

describe('MirrorDatabase persistence', () => {
  it('keeps metadata, and everything survives closing and reopening', async () => {
    const db = await h.open();
    const mirror = MirrorDatabase.open(db);
    mirror.upsert('pages', [{ id: 'p1', title: 'Home', slug: 'home', published: true }]);
    mirror.setEtag('pages', 'p1', '"p"');
    mirror.setMeta('sync:pages', { cursor: 42 });
    const before = totalChanges(db);
    mirror.setMeta('sync:pages', { cursor: 42 });
    expect(totalChanges(db)).toBe(before);
    expect(mirror.getMeta('sync:pages')).toEqual({ cursor: 42 });
    expect(mirror.list('pages', { filters: { published: true }, offset: 0, limit: 5 })).toEqual({
      rows: [{ id: 'p1', title: 'Home', slug: 'home', published: true }],
      totalCount: 1,
    });
    db.close();

    const again = await open();
    expect(again.get('pages', 'p1')?.etag).toBe('"p"');
    expect(again.count('pages')).toBe(1);
    expect(again.getMeta('sync:pages')).toEqual({ cursor: 42 });
    again.setMeta('sync:pages', undefined);
    expect(again.getMeta('sync:pages')).toBeUndefined();
  });

  it('rebuilds a table made by older rules from its own records', async () => {
    const old = await h.open();
    old.exec('CREATE TABLE courses (id TEXT PRIMARY KEY, record TEXT NOT NULL, etag TEXT)');
    old.exec('CREATE TABLE mirror_schema (name TEXT PRIMARY KEY, ddl TEXT NOT NULL)');
    old.exec("INSERT INTO mirror_schema VALUES ('courses', 'CREATE TABLE courses (older)')");
    old
      .prepare('INSERT INTO courses VALUES (?, ?, ?)')
      .run(
        'k1',
        JSON.stringify({ id: 'k1', name: 'Oils', slug: 'oils', featured: true, createdAt: 5 }),
        '"k"',
      );
    old.close();

    const mirror = await open();
    expect(mirror.get('courses', 'k1')?.etag).toBe('"k"');
    expect(
      ids(mirror.list('courses', { q: 'OIL', filters: { featured: true }, offset: 0, limit: 5 })),
    ).toEqual(['k1']);
  });

  it('refuses a database whose tables it cannot make, with a code', async () => {
    const db = await h.open();
    // A view under a table's name: CREATE TABLE courses fails.
    db.exec('CREATE VIEW courses AS SELECT 1');
    expect(() => MirrorDatabase.open(db)).toThrow(
      expect.objectContaining({ code: 'mirror_unreadable' }),
    );
  });

  it('says a full disk is full, not that the copy could not be read', async () => {
    const db = await h.open();
    // SQLite's own limit on the file's size, met as a full disk is: SQLITE_FULL.
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
    expect(() => MirrorDatabase.open(db)).toThrow(expect.objectContaining({ code: 'SQLITE_FULL' }));
  });
});

describe('MirrorDatabase list indexes', () => {
  /** The names of the students table's list indexes, as SQLite holds them. */
  function studentIndexes(db: Db): string[] {
    return db
      .prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'students' AND sql IS NOT NULL AND name <> 'students__count' ORDER BY name",
      )
      .pluck()
      .all() as string[];
  }

  /** How SQLite means to count the students. */
  const countPlan = (db: Db) =>
    db.prepare('EXPLAIN QUERY PLAN SELECT COUNT(*) FROM students').pluck(false).all();

  it('count the rows through the small count index, also after the table is rebuilt', async () => {
    const db = await h.open();
    const mirror = MirrorDatabase.open(db);
    mirror.upsert('students', [student(1, 'Ada'), student(2, 'Bea')]);
    expect(JSON.stringify(countPlan(db))).toContain('USING COVERING INDEX students__count');
    // A change of the rules rebuilds the table (mirror-schema.ts), dropping its indexes.
    db.prepare("UPDATE mirror_schema SET ddl = 'older rules' WHERE name = 'students'").run();
    const reopened = MirrorDatabase.open(db);
    expect(reopened.count('students')).toBe(2);
    expect(JSON.stringify(countPlan(db))).toContain('USING COVERING INDEX students__count');
  });

  it('are there from the start, so rows load into them page by page', async () => {
    const db = await h.open();
    const mirror = MirrorDatabase.open(db);
    // The default sort's, and the search index that also orders by name.
    expect(studentIndexes(db)).toEqual(['students__search', 'students__sort_createdAt']);
    mirror.upsert('students', [student(1, 'Ada'), student(2, 'Bea')]);
    expect(ids(mirror.list('students', { sort: 'name', offset: 0, limit: 5 }))).toHaveLength(2);
  });

  it('builds the index of another sort the first time a list is sorted by it, and keeps it', async () => {
    const db = await h.open();
    const mirror = MirrorDatabase.open(db);
    mirror.upsert('students', [student(1, 'Ada'), student(2, 'Bea'), student(3, 'Cy')]);
    expect(studentIndexes(db)).not.toContain('students__sort_email');
    expect(ids(mirror.list('students', { sort: '-email', offset: 0, limit: 2 }))).toEqual([
      's-003',
      's-002',
    ]);
    expect(studentIndexes(db)).toContain('students__sort_email');
    db.close();
    expect(studentIndexes(await h.open())).toContain('students__sort_email');
    // An unknown sort builds nothing and is refused as before.
    expect(() => mirror.list('students', { sort: 'nope', offset: 0, limit: 2 })).toThrow();
    const again = await open();
    expect(() => again.list('students', { sort: 'nope', offset: 0, limit: 2 })).toThrow(
      MirrorError,
    );
  });

  it('drop the search index for a long first sync, and a builder process puts it back on its own connection', async () => {
    const { db, buildIndexes } = await h.databases.open('https://school.test https://school.test');
    const mirror = MirrorDatabase.open(db, buildIndexes);
    const bulk = mirror.bulkLoad('students');
    expect(studentIndexes(db)).toEqual(['students__sort_createdAt']);
    mirror.upsert('students', [student(1, 'Ada'), student(2, 'Bea')]);
    await bulk.end();
    await mirror.buildIndexes('students');
    // Built by the builder process's connection, seen by this one.
    expect(studentIndexes(db)).toEqual(['students__search', 'students__sort_createdAt']);
    expect(ids(mirror.list('students', { q: 'bea', offset: 0, limit: 5 }))).toEqual(['s-002']);
    db.close();
  });

  it('builds the indexes in the helper of the bulk load when asked before its end, and keeps the rows stored after in them', async () => {
    const { db, startHelper } = await h.databases.open('https://school.test https://school.test');
    const mirror = MirrorDatabase.open(db, undefined, startHelper);
    const bulk = mirror.bulkLoad('students');
    const page = (nodes: SyncRecord[]) => ({ nodes, totalCount: 2, totalPages: 2 });
    await bulk.helper!.store([bulk.helper!.stage(page([student(1, 'Ada')]))]);
    expect(studentIndexes(db)).toEqual(['students__sort_createdAt']);
    bulk.indexSoon!();
    await bulk.helper!.store([bulk.helper!.stage(page([student(2, 'Bea')]))]);
    // Built by the time the next commit answered, which the helper runs after it.
    expect(studentIndexes(db)).toEqual(['students__search', 'students__sort_createdAt']);
    await bulk.end(true);
    expect(ids(mirror.list('students', { q: 'bea', offset: 0, limit: 5 }))).toEqual(['s-002']);
    db.close();
  });

  it('builds the indexes in the helper of the bulk load when the load ends with every page stored, and starts no builder', async () => {
    const { db, startHelper } = await h.databases.open('https://school.test https://school.test');
    const builds: string[][] = [];
    const builder = (statements: readonly string[]) => {
      builds.push([...statements]);
      return Promise.resolve();
    };
    const mirror = MirrorDatabase.open(db, builder, startHelper);
    const bulk = mirror.bulkLoad('students');
    const nodes = [student(1, 'Ada'), student(2, 'Bea')];
    await bulk.helper!.store([bulk.helper!.stage({ nodes, totalCount: 2, totalPages: 1 })]);
    await bulk.end(true);
    expect(studentIndexes(db)).toEqual(['students__search', 'students__sort_createdAt']);
    await mirror.buildIndexes('students');
    expect(builds).toEqual([]);
    expect(ids(mirror.list('students', { q: 'bea', offset: 0, limit: 5 }))).toEqual(['s-002']);
    db.close();
  });

  it('checkpoint between commits of a bulk load, not in them, and give the connection its settings back when the last load ends', async () => {
    const { db } = await h.databases.open('https://school.test https://school.test');
    const mirror = MirrorDatabase.open(db);
    const settings = () => [
      db.pragma('wal_autocheckpoint', { simple: true }),
      db.pragma('cache_size', { simple: true }),
    ];
    const before = settings();
    const students = mirror.bulkLoad('students');
    const courses = mirror.bulkLoad('courses');
    expect(settings()).toEqual([0, -10 * 1024]);
    // A commit of more pages than SQLite's checkpoint threshold (1,000) leaves them in the
    // WAL: the database file has yet to grow…
    const many = Array.from({ length: 3000 }, (_, n) =>
      student(n, `S ${n}`, { bio: 'x'.repeat(2000) }),
    );
    const fileBytes = () => statSync(db.name).size;
    const empty = fileBytes();
    mirror.upsert('students', many);
    expect(fileBytes()).toBe(empty);
    // …until the checkpoint, a turn of the event loop later, after its poll for I/O.
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    students.checkpoint();
    expect(fileBytes()).toBe(empty);
    await turn();
    expect(fileBytes()).toBe(empty);
    await turn();
    expect(fileBytes()).toBeGreaterThan(empty + 6_000_000);
    await students.end();
    await students.end();
    expect(settings()).toEqual([0, -10 * 1024]);
    await courses.end();
    expect(settings()).toEqual(before);
    db.close();
  });

  it('builds a new sort index off the event loop before a list asks for it, once', async () => {
    const { db, buildIndexes } = await h.databases.open('https://school.test https://school.test');
    const built: string[][] = [];
    const mirror = MirrorDatabase.open(db, async (statements) => {
      built.push([...statements]);
      await buildIndexes(statements);
    });
    mirror.upsert('students', [student(1, 'Ada'), student(2, 'Bea')]);
    await Promise.all([
      mirror.prepareSort('students', '-email'),
      mirror.prepareSort('students', 'email'),
    ]);
    // Built by the builder process's connection, seen by this one.
    expect(studentIndexes(db)).toContain('students__sort_email');
    expect(built).toEqual([[sortIndexDdl('students', 'email')]]);
    // Nothing to build for the default sort, an unknown key, or a key already indexed.
    await mirror.prepareSort('students', undefined);
    await mirror.prepareSort('students', 'nope');
    await mirror.prepareSort('students', 'email');
    expect(built).toHaveLength(1);
    db.close();
  });

  it('says when the sort indexes it is building are done (a sign-out waits for them)', async () => {
    const { db, buildIndexes } = await h.databases.open('https://school.test https://school.test');
    const mirror = MirrorDatabase.open(db, buildIndexes);
    mirror.upsert('students', [student(1, 'Ada'), student(2, 'Bea')]);
    const building = mirror.prepareSort('students', 'email');
    await mirror.whenSortBuildsEnd();
    // The build's helper has committed and exited: its index is there.
    expect(studentIndexes(db)).toContain('students__sort_email');
    await building;
    db.close();
  });
});
