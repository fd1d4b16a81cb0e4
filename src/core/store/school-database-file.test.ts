import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeHelper } from './helper-process';
import { processIndexBuilder } from './index-builder';
import { CIPHER, cipherOf, openEncrypted } from './school-database-file';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'schooldesk-cipher-'));
  folders.push(dir);
  return join(dir, 'school.db');
}

/** A database as the versions before AEGIS-256 made it: ChaCha20-Poly1305, WAL, one row. */
function earlierDatabase(file: string, key: Buffer): void {
  const db = new Database(file);
  db.pragma("cipher = 'chacha20'");
  db.pragma(`key = "x'${key.toString('hex')}'"`);
  db.pragma('journal_mode = WAL');
  db.exec(
    "CREATE TABLE students (id TEXT PRIMARY KEY, name TEXT); INSERT INTO students VALUES ('s1', 'Ada')",
  );
  db.close();
}

describe('openEncrypted', () => {
  it("asks for F_FULLFSYNC, so on macOS a durable commit leaves the drive's cache too", () => {
    const db = openEncrypted(tempFile(), randomBytes(32));
    if (db === 'unreadable') throw new Error('a new database did not open');
    expect(db.pragma('fullfsync', { simple: true })).toBe(1);
    db.close();
  });

  it('cuts the WAL back to 4 MiB when it starts the log again after a checkpoint', () => {
    const file = tempFile();
    const db = openEncrypted(file, randomBytes(32));
    if (db === 'unreadable') throw new Error('a new database did not open');
    db.exec('CREATE TABLE t (v BLOB)');
    const insert = db.prepare('INSERT INTO t VALUES (?)');
    // About 12 MiB in one transaction, then copied into the database.
    db.transaction(() => {
      for (let n = 0; n < 3000; n += 1) insert.run(randomBytes(4096));
    })();
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(8 * 1024 * 1024);
    db.pragma('wal_checkpoint(PASSIVE)');
    insert.run(randomBytes(16));
    expect(statSync(`${file}-wal`).size).toBeLessThanOrEqual(4 * 1024 * 1024);
    db.close();
  });

  it('makes a new database under AEGIS-256', () => {
    const db = openEncrypted(tempFile(), randomBytes(32));
    if (db === 'unreadable') throw new Error('a new database did not open');
    expect(db.pragma('cipher', { simple: true })).toBe('aegis');
    expect(db.pragma('algorithm', { simple: true })).toBe('aegis-256');
    expect(cipherOf(db)).toBe(CIPHER);
    db.close();
  });

  it('reads a database an earlier version made under ChaCha20, and a second connection builds its indexes under the same cipher', async () => {
    const file = tempFile();
    const key = randomBytes(32);
    earlierDatabase(file, key);
    expect(openEncrypted(file, randomBytes(32))).toBe('unreadable');
    const db = openEncrypted(file, key);
    if (db === 'unreadable') throw new Error('the earlier database did not open');
    expect(db.prepare('SELECT name FROM students').pluck().get()).toBe('Ada');
    expect(db.pragma('cipher', { simple: true })).toBe('chacha20');
    await processIndexBuilder(
      nodeHelper,
      file,
      cipherOf(db),
      key,
    )(['CREATE INDEX students_name ON students (name)']);
    expect(
      db
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND name = 'students_name'")
        .pluck()
        .get(),
    ).toBe('students_name');
    db.close();
  });
});
