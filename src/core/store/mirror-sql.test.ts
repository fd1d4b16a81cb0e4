import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { afterEach, describe, expect, it } from 'vitest';
import { allRows, scalar, write } from './mirror-sql';

/** A real connection whose compilations are counted (the statement cache is what is tested). */
function countingDb(file = ':memory:') {
  const db = new Database(file);
  const compiled: string[] = [];
  const prepare = db.prepare.bind(db);
  db.prepare = (sql: string) => {
    compiled.push(sql);
    return prepare(sql);
  };
  return { db, compiled };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('mirror-sql: each statement compiled once per connection', () => {
  it('runs the same text again without compiling it again, on reads and writes alike', () => {
    const { db, compiled } = countingDb();
    db.exec('CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER)');
    for (let n = 0; n < 5; n += 1) write(db, 'INSERT INTO t (id, n) VALUES (?, ?)', [`r${n}`, n]);
    for (let n = 0; n < 5; n += 1)
      expect(scalar(db, 'SELECT n FROM t WHERE id = ?', [`r${n}`])).toBe(n);
    expect(allRows(db, 'SELECT id FROM t ORDER BY n DESC LIMIT 2')).toEqual([['r4'], ['r3']]);
    expect(compiled).toHaveLength(3);
    // Another connection's statements are its own.
    const other = countingDb();
    other.db.exec('CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER)');
    expect(scalar(other.db, 'SELECT count(*) FROM t')).toBe(0);
    expect(other.compiled).toHaveLength(1);
  });

  it('keeps a bounded number, compiling the least recently used again', () => {
    const { db, compiled } = countingDb();
    for (let n = 0; n < 300; n += 1) scalar(db, `SELECT ${n}`);
    scalar(db, 'SELECT 299');
    expect(compiled).toHaveLength(300);
    scalar(db, 'SELECT 0');
    expect(compiled).toHaveLength(301);
  });

  it('answers rightly after its table is rebuilt, and after another connection adds an index', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mirror-sql-'));
    dirs.push(dir);
    const file = join(dir, 'a.sqlite');
    const { db } = countingDb(file);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (id TEXT PRIMARY KEY, name TEXT)');
    write(db, 'INSERT INTO t (id, name) VALUES (?, ?)', ['a', 'Ann']);
    expect(allRows(db, 'SELECT id, name FROM t')).toEqual([['a', 'Ann']]);

    // Rebuilt with another column order, as ensureSchema rebuilds a table whose rules changed.
    db.exec('ALTER TABLE t RENAME TO t_old');
    db.exec('CREATE TABLE t (extra TEXT, name TEXT, id TEXT PRIMARY KEY)');
    db.exec("INSERT INTO t (extra, name, id) SELECT 'x', name, id FROM t_old");
    db.exec('DROP TABLE t_old');
    expect(allRows(db, 'SELECT id, name FROM t')).toEqual([['a', 'Ann']]);

    const builder = new Database(file);
    builder.exec('CREATE INDEX t_name ON t (name)');
    builder.close();
    write(db, 'INSERT INTO t (id, name) VALUES (?, ?)', ['b', 'Bo']);
    expect(allRows(db, 'SELECT id, name FROM t ORDER BY name')).toEqual([
      ['a', 'Ann'],
      ['b', 'Bo'],
    ]);
    db.close();
  });
});
