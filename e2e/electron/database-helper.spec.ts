import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { HelperProcess } from '../../src/core/store/helper-process';
import { DATABASE_HELPER_FILE, HELPER_PROGRAM } from '../../src/core/store/helper-program';
import { CIPHER, openEncrypted } from '../../src/core/store/school-database-file';
import { portHelper } from '../support/harness/port-helper';

/**
 * The database helper as the Electron app ships it: the file the build writes beside the main
 * bundle (electron.vite.config.ts), which main starts as a utility process. No Electron binary
 * is needed: the file is the helper's program, and run in Node with its input on a parent
 * port, as a utility process reads it, it builds an index of a school's encrypted database.
 *
 * Needs `npm run build` first (`npm run test:e2e` does it).
 */

const builtHelper = fileURLToPath(
  new URL(`../../out/main/${DATABASE_HELPER_FILE}`, import.meta.url),
);

test('the Electron build writes the database helper beside main, and it works with its input on a parent port', async () => {
  expect(readFileSync(builtHelper, 'utf8')).toBe(HELPER_PROGRAM);
  const dir = mkdtempSync(join(tmpdir(), 'schooldesk-built-helper-'));
  try {
    const file = join(dir, 'school.db');
    const key = randomBytes(32);
    const db = openEncrypted(file, key);
    if (db === 'unreadable') throw new Error('a new database did not open');
    db.exec('CREATE TABLE students (id TEXT PRIMARY KEY, record TEXT NOT NULL)');
    db.prepare('INSERT INTO students VALUES (?, ?)').run('s1', '{"name":"Ada"}');
    const launch = portHelper(`require(${JSON.stringify(builtHelper)});`);
    const helper = HelperProcess.start(launch, file, CIPHER, key);
    await helper.ask({ statements: ['CREATE INDEX students_record ON students (record)'] });
    await helper.close();
    const indexes = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index'").pluck().all();
    expect(indexes).toContain('students_record');
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
