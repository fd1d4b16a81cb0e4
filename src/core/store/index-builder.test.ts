import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { processIndexBuilder } from './index-builder';
import { CIPHER, openEncrypted } from './school-database-file';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function database() {
  const dir = mkdtempSync(join(tmpdir(), 'schooldesk-builder-'));
  folders.push(dir);
  const file = join(dir, 'school.db');
  const key = randomBytes(32);
  const db = openEncrypted(file, key);
  if (db === 'unreadable') throw new Error('a new database did not open');
  db.exec(
    "CREATE TABLE students (id TEXT PRIMARY KEY, name TEXT); INSERT INTO students VALUES ('s1', 'Ada')",
  );
  return { file, key, db };
}

describe('processIndexBuilder', () => {
  it('builds the index on a second connection, in a process of its own', async () => {
    const { file, key, db } = database();
    await processIndexBuilder(file, CIPHER, key)(['CREATE INDEX students_name ON students (name)']);
    const indexes = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index'").pluck().all();
    expect(indexes).toContain('students_name');
    db.close();
  });

  it('fails with what went wrong, and never with the key, when the key does not read the file', async () => {
    const { file, db } = database();
    const wrong = randomBytes(32);
    const build = processIndexBuilder(file, CIPHER, wrong)(['CREATE INDEX n ON students (name)']);
    const error = (await build.then(
      () => undefined,
      (e: unknown) => e,
    )) as Error;
    expect(error.message).toMatch(/database helper stopped \(exit code 1\).*not a database/s);
    expect(error.message).not.toContain(wrong.toString('hex'));
    db.close();
  });
});
