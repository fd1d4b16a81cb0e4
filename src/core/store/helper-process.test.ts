import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { portHelper } from '../../../e2e/support/harness/port-helper';
import { fileFailureCode } from './file-failure';
import { HelperProcess, nodeHelper } from './helper-process';
import { HELPER_PROGRAM } from './helper-program';
import { processIndexBuilder } from './index-builder';
import { CIPHER, openEncrypted } from './school-database-file';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SQL = {
  upsertPage:
    "INSERT INTO students (id, record) SELECT value ->> 'id', value FROM json_each(?, '$.nodes') WHERE true ON CONFLICT (id) DO UPDATE SET record = excluded.record",
  setMeta: 'INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)',
};

function database() {
  const dir = mkdtempSync(join(tmpdir(), 'schooldesk-helper-'));
  folders.push(dir);
  const file = join(dir, 'school.db');
  const key = randomBytes(32);
  const db = openEncrypted(file, key);
  if (db === 'unreadable') throw new Error('a new database did not open');
  db.exec(
    'CREATE TABLE students (id TEXT NOT NULL PRIMARY KEY, record TEXT NOT NULL); CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)',
  );
  return { file, key, db };
}

describe.each([
  ['standard input (Node)', nodeHelper],
  ['its parent port (Electron)', portHelper(HELPER_PROGRAM)],
])('HelperProcess, its input on %s', (_input, launch) => {
  it('stores the pages staged for each commit with its meta in one transaction, answering in order once committed', async () => {
    const { file, key, db } = database();
    const helper = HelperProcess.start(launch, file, CIPHER, key, SQL);
    // Three pages, one of them empty, make the first commit; the fourth is the second's.
    helper.stage('{"nodes":[{"id":"s1","name":"Ada"}],"totalPages":4}');
    helper.stage('{"nodes":[]}');
    helper.stage('{"totalPages":4,"nodes":[{"name":"Bea","id":"s2"}]}');
    helper.stage('{ "nodes": [ { "id": "s3", "name": "Cy" } ] }');
    const first = helper.commit(3, ['sync:students', '{"nextPage":2}']);
    expect(await first).toEqual({ rows: 2 });
    expect(db.prepare('SELECT value FROM meta').pluck().get()).toBe('{"nextPage":2}');
    const second = helper.commit(1, ['sync:students', '{"nextPage":3}']);
    expect(await second).toEqual({ rows: 1 });
    // Committed, so this connection reads them.
    expect(db.prepare('SELECT id FROM students ORDER BY id').pluck().all()).toEqual([
      's1',
      's2',
      's3',
    ]);
    expect(db.prepare('SELECT value FROM meta').pluck().get()).toBe('{"nextPage":3}');
    // Each record as JSON.stringify writes it, its keys in the order sent, without whitespace.
    expect(db.prepare("SELECT record FROM students WHERE id = 's2'").pluck().get()).toBe(
      '{"name":"Bea","id":"s2"}',
    );
    expect(db.prepare("SELECT record FROM students WHERE id = 's3'").pluck().get()).toBe(
      '{"id":"s3","name":"Cy"}',
    );
    await helper.close();
    db.close();
  });

  it('keeps nothing of a batch that fails, not its meta either, and says why', async () => {
    const { file, key, db } = database();
    const helper = HelperProcess.start(launch, file, CIPHER, key, SQL);
    // The second record's id breaks NOT NULL: the first and the meta go back with it.
    helper.stage('{"nodes":[{"id":"s1"}]}');
    helper.stage('{"nodes":[{"id":null}]}');
    const failing = helper.commit(2, ['sync:students', '{"nextPage":2}']);
    await expect(failing).rejects.toThrow(/database helper stopped \(exit code 1\).*NOT NULL/s);
    helper.stage('{"nodes":[{"id":"s3"}]}');
    await expect(helper.commit(1)).rejects.toThrow(/database helper stopped/);
    expect(db.prepare('SELECT count(*) FROM students').pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM meta').pluck().get()).toBe(0);
    await helper.kill();
    db.close();
  });

  it("ends with SQLite's code for what failed, so a full disk reads as one", async () => {
    const { file, key, db } = database();
    const helper = HelperProcess.start(launch, file, CIPHER, key, SQL);
    // The helper's file may not grow: SQLite answers SQLITE_FULL, as on a full disk.
    const pages = Number(db.pragma('page_count', { simple: true }));
    await helper.ask({ statements: [`PRAGMA max_page_count = ${pages}`] });
    const nodes = Array.from({ length: 20 }, (_, i) => ({ id: `s${i}`, note: 'x'.repeat(2000) }));
    helper.stage(JSON.stringify({ nodes }));
    const error = await helper.commit(1).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'SQLITE_FULL' });
    expect(fileFailureCode(error)).toBe('disk_full');
    expect(db.prepare('SELECT count(*) FROM students').pluck().get()).toBe(0);
    await helper.kill();
    db.close();
  });

  it('stores what it was asked to commit before it ends, when the host closes its input', async () => {
    const { file, key, db } = database();
    const helper = HelperProcess.start(launch, file, CIPHER, key, SQL);
    helper.stage('{"nodes":[{"id":"s1"}]}');
    helper.stage('{"nodes":[{"id":"s2"}]}');
    void helper.commit(1);
    await helper.close();
    // The page staged after the last commit is not stored: no commit asked for it.
    expect(db.prepare('SELECT id FROM students').pluck().all()).toEqual(['s1']);
    db.close();
  });
});

describe('nodeHelper', () => {
  it('refuses to start in Electron, whose packaged executable cannot run as Node (it would start a second app)', () => {
    Object.defineProperty(process.versions, 'electron', { value: '45.5.0', configurable: true });
    try {
      expect(() => nodeHelper()).toThrow(/utility process/);
    } finally {
      Reflect.deleteProperty(process.versions, 'electron');
    }
  });
});

describe('processIndexBuilder', () => {
  it('builds the index on a second connection, in a helper process', async () => {
    const { file, key, db } = database();
    await processIndexBuilder(
      nodeHelper,
      file,
      CIPHER,
      key,
    )(['CREATE INDEX students_id ON students (id, record)']);
    const indexes = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index'").pluck().all();
    expect(indexes).toContain('students_id');
    db.close();
  });

  it('fails with what went wrong, and never with the key, when the key does not read the file', async () => {
    const { file, db } = database();
    const wrong = randomBytes(32);
    const build = processIndexBuilder(
      nodeHelper,
      file,
      CIPHER,
      wrong,
    )(['CREATE INDEX n ON students (record)']);
    const error = (await build.then(
      () => undefined,
      (e: unknown) => e,
    )) as Error;
    expect(error.message).toMatch(/database helper stopped \(exit code 1\).*not a database/s);
    expect(error.message).not.toContain(wrong.toString('hex'));
    db.close();
  });
});
