import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3-multiple-ciphers';
import type { Encryptor, LogSink } from '../adapters';
import { FileKeyEncryptor } from './file-key-encryptor';
import { SchoolDatabases } from './school-database';
import { CIPHER, cipherOf, SCHEMA_VERSION } from './school-database-file';

const SCHOOL = 'https://school-one.example https://school-one.example/api';
const OTHER = 'https://school-two.example https://school-two.example/api';
const SECRET = 'pasquale.rohan2@example.org';

const folders: string[] = [];
const open: Database.Database[] = [];
afterEach(() => {
  for (const db of open.splice(0)) if (db.open) db.close();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function setUp(options: { persist?: () => boolean; encryptor?: Encryptor } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-db-'));
  folders.push(dataDir);
  const warnings: string[] = [];
  const log: LogSink = { info: () => {}, warn: (m) => void warnings.push(m), error: () => {} };
  const encryptor = options.encryptor ?? new FileKeyEncryptor(join(dataDir, 'session.key'));
  const databases = new SchoolDatabases(dataDir, encryptor, options.persist ?? (() => true), log);
  return { dataDir, databases, warnings, encryptor };
}

async function openTracked(databases: SchoolDatabases, school = SCHOOL) {
  const opened = await databases.open(school);
  open.push(opened.db);
  return opened;
}

/** Writes a row holding SECRET, as the mirror would, and closes the database. */
async function withRecord(databases: SchoolDatabases, school = SCHOOL): Promise<string> {
  const { db, file } = await openTracked(databases, school);
  db.exec('CREATE TABLE students (id TEXT PRIMARY KEY, record TEXT)');
  db.prepare('INSERT INTO students VALUES (?, ?)').run('s1', JSON.stringify({ email: SECRET }));
  db.close();
  return file!;
}

/**
 * A key-file encryptor whose keys read as wrapped with a key it has replaced while `stale`
 * holds, and which cannot wrap one while `full` holds (the disk it writes to is full).
 */
function rotating(state: { stale: boolean; full?: boolean }): Encryptor {
  const dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-keys-'));
  folders.push(dataDir);
  const inner = new FileKeyEncryptor(join(dataDir, 'session.key'));
  return {
    protection: 'keyring',
    encrypt: (plain) =>
      state.full
        ? Promise.reject(Object.assign(new Error('no space left'), { code: 'ENOSPC' }))
        : inner.encrypt(plain),
    decrypt: async (blob) => ({ ...(await inner.decrypt(blob)), stale: state.stale }),
  };
}

const files = (folder: string) => readdirSync(folder).sort();

describe('SchoolDatabases', () => {
  it('keeps a school in an encrypted WAL database, 0600 in a 0700 folder, and opens it again', async () => {
    const { databases } = setUp();
    const { db, file } = await openTracked(databases);
    expect(db.pragma('cipher', { simple: true })).toBe('aegis');
    expect(db.pragma('algorithm', { simple: true })).toBe('aegis-256');
    expect(cipherOf(db)).toBe(CIPHER);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    // NORMAL for the copy; the outbox commits at FULL (inDurableTransaction).
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    db.exec('CREATE TABLE students (id TEXT PRIMARY KEY, record TEXT)');
    db.prepare('INSERT INTO students VALUES (?, ?)').run('s1', JSON.stringify({ email: SECRET }));
    // While open, the row may sit in the WAL only: neither file holds it in plain text.
    for (const name of files(databases.folder))
      expect(readFileSync(join(databases.folder, name)).includes(SECRET), name).toBe(false);
    if (process.platform !== 'win32') {
      expect(statSync(databases.folder).mode & 0o777).toBe(0o700);
      for (const name of files(databases.folder))
        expect(statSync(join(databases.folder, name)).mode & 0o777, name).toBe(0o600);
    }
    db.close();
    expect(files(databases.folder).every((n) => /^[0-9a-f]{32}\.(sqlite|key)$/.test(n))).toBe(true);
    const again = await openTracked(databases);
    expect(again.setAside).toBeUndefined();
    expect(again.db.prepare('SELECT record FROM students').get()).toEqual({
      record: JSON.stringify({ email: SECRET }),
    });
    expect(again.file).toBe(file);
  });

  it('keeps each school apart, and removes one school’s files without touching another’s', async () => {
    const { databases } = setUp();
    await withRecord(databases, SCHOOL);
    await withRecord(databases, OTHER);
    const both = files(databases.folder);
    expect(both).toHaveLength(4);
    await databases.remove(SCHOOL);
    const left = files(databases.folder);
    expect(left).toHaveLength(2);
    expect(both).toEqual(expect.arrayContaining(left));
    const { db } = await openTracked(databases, OTHER);
    expect(db.prepare('SELECT count(*) AS n FROM students').get()).toEqual({ n: 1 });
  });

  it('sets aside a database whose key is missing, says so, and starts a new one', async () => {
    const { databases, warnings } = setUp();
    const file = await withRecord(databases);
    rmSync(file.replace(/\.sqlite$/, '.key'));
    const { db, setAside } = await openTracked(databases);
    expect(setAside).toBe('key_missing');
    expect(warnings[0]).toMatch(/key .* is missing but its encrypted files are there/);
    expect(
      db.prepare("SELECT name FROM sqlite_master WHERE name = 'students'").get(),
    ).toBeUndefined();
    expect(existsSync(`${file}.unreadable`)).toBe(true);
  });

  it('sets aside a database whose key will not decrypt (another keyring), key and all', async () => {
    const first = setUp();
    const file = await withRecord(first.databases);
    const other = new SchoolDatabases(
      first.dataDir,
      new FileKeyEncryptor(join(first.dataDir, 'another.key')),
      () => true,
      { info: () => {}, warn: () => {}, error: () => {} },
    );
    const { setAside } = await openTracked(other);
    expect(setAside).toBe('key_unreadable');
    expect(existsSync(`${file}.unreadable`)).toBe(true);
    expect(existsSync(`${file.replace(/\.sqlite$/, '.key')}.unreadable`)).toBe(true);
  });

  it('sets aside a database with a changed byte, or cut short', async () => {
    for (const damage of [
      (file: string) => {
        const bytes = readFileSync(file);
        bytes[200] = bytes[200]! ^ 0xff;
        writeFileSync(file, bytes);
      },
      (file: string) => truncateSync(file, 1000),
    ]) {
      const { databases } = setUp();
      const file = await withRecord(databases);
      damage(file);
      const { db, setAside } = await openTracked(databases);
      expect(setAside).toBe('damaged');
      expect(db.prepare('SELECT count(*) AS n FROM identity').get()).toEqual({ n: 1 });
      expect(existsSync(`${file}.unreadable`)).toBe(true);
    }
  });

  it('refuses another school’s database copied under this school’s name', async () => {
    const { databases } = setUp();
    const mine = await withRecord(databases, SCHOOL);
    const theirs = await withRecord(databases, OTHER);
    for (const [from, to] of [
      [theirs, mine],
      [theirs.replace(/\.sqlite$/, '.key'), mine.replace(/\.sqlite$/, '.key')],
    ] as const)
      copyFileSync(from, to);
    const { db, setAside } = await openTracked(databases, SCHOOL);
    expect(setAside).toBe('another_school');
    expect(db.prepare('SELECT school FROM identity').get()).toEqual({ school: SCHOOL });
    expect(
      db.prepare("SELECT name FROM sqlite_master WHERE name = 'students'").get(),
    ).toBeUndefined();
  });

  it('wraps the key again when the encryptor says it was wrapped with a replaced key', async () => {
    const rotated = { stale: false };
    const { databases } = setUp({ encryptor: rotating(rotated) });
    const file = await withRecord(databases);
    const keyFile = file.replace(/\.sqlite$/, '.key');
    const before = readFileSync(keyFile);
    rotated.stale = true;
    const { db, setAside } = await openTracked(databases);
    expect(setAside).toBeUndefined();
    expect(db.prepare('SELECT count(*) AS n FROM students').get()).toEqual({ n: 1 });
    expect(readFileSync(keyFile).equals(before)).toBe(false);
  });

  it('keeps the database where it is when its key cannot be wrapped again (a full disk)', async () => {
    const rotated = { stale: false, full: false };
    const { databases, warnings } = setUp({ encryptor: rotating(rotated) });
    const file = await withRecord(databases);
    const keyFile = file.replace(/\.sqlite$/, '.key');
    const before = readFileSync(keyFile);
    Object.assign(rotated, { stale: true, full: true });
    const { db, setAside } = await openTracked(databases);
    expect(setAside).toBeUndefined();
    expect(db.prepare('SELECT count(*) AS n FROM students').get()).toEqual({ n: 1 });
    expect(readFileSync(keyFile).equals(before)).toBe(true);
    expect(files(dirname(file)).filter((name) => name.endsWith('.unreadable'))).toEqual([]);
    expect(warnings).toEqual([expect.stringMatching(/could not be wrapped again \(disk_full\)/)]);
  });

  it('lives in memory only where the encryptor protects nothing and the owner did not opt in', async () => {
    let optedIn = true;
    const { databases } = setUp({ persist: () => optedIn });
    await withRecord(databases);
    optedIn = false;
    const { db, file } = await openTracked(databases);
    expect(file).toBeUndefined();
    expect(db.prepare('SELECT school FROM identity').get()).toEqual({ school: SCHOOL });
    // Opting out leaves no copy behind.
    expect(files(databases.folder)).toEqual([]);
  });

  it('records its schema version, and brings a database made before versions up to it', async () => {
    const { databases } = setUp();
    const file = await withRecord(databases);
    const first = await openTracked(databases);
    expect(first.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    // As a database made before versions were recorded.
    first.db.pragma('user_version = 0');
    first.db.close();
    const { db, setAside } = await openTracked(databases);
    expect(setAside).toBeUndefined();
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.prepare('SELECT count(*) AS n FROM students').get()).toEqual({ n: 1 });
    expect(existsSync(`${file}.unreadable`)).toBe(false);
  });

  it('sets aside a database of a version it does not know, and hands over its unsent edits', async () => {
    const { databases, warnings } = setUp();
    const file = await withRecord(databases);
    const newer = await openTracked(databases);
    newer.db.exec('CREATE TABLE outbox (id TEXT PRIMARY KEY, account TEXT, value TEXT)');
    newer.db.prepare('INSERT INTO outbox VALUES (?, ?, ?)').run('e1', 'owner', '{"seq":1}');
    newer.db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    newer.db.close();
    const { db, setAside, salvaged } = await openTracked(databases);
    expect(setAside).toBe('unknown_version');
    expect(salvaged).toEqual([{ id: 'e1', account: 'owner', value: '{"seq":1}' }]);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(
      db.prepare("SELECT name FROM sqlite_master WHERE name = 'students'").get(),
    ).toBeUndefined();
    expect(existsSync(`${file}.unreadable`)).toBe(true);
    expect(warnings.join('\n')).toMatch(/unknown_version/);
  });

  it('tells how many unsent changes a set-aside database held, and when, from its record', async () => {
    const { databases } = setUp();
    const file = await withRecord(databases);
    databases.noteUnsent(SCHOOL, 3, 1_700_000_000_000);
    // The record holds a count and a date, never content.
    expect(JSON.parse(readFileSync(file.replace(/\.sqlite$/, '.unsent'), 'utf8'))).toEqual({
      count: 3,
      savedAt: 1_700_000_000_000,
    });
    truncateSync(file, 1000);
    const { setAside, unreadableUnsent } = await openTracked(databases);
    expect(setAside).toBe('damaged');
    expect(unreadableUnsent).toEqual({ count: 3, savedAt: 1_700_000_000_000 });
    databases.noteUnsent(SCHOOL, 0, 1_700_000_000_001);
    expect(existsSync(file.replace(/\.sqlite$/, '.unsent'))).toBe(false);
  });
});
