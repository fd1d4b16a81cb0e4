import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import initSqlJs from 'sql.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { Encryptor, LogSink } from '../adapters';
import { FileKeyEncryptor } from './file-key-encryptor';
import { MirrorFiles, mirrorPersistPolicy } from './mirror-files';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'schooldesk-mirror-'));
  folders.push(dir);
  return dir;
}

/** A LogSink that keeps what it is told, so a test can read the warnings. */
function recordingLog(): LogSink & { warnings: string[] } {
  const warnings: string[] = [];
  return {
    warnings,
    info: () => {},
    warn: (m) => warnings.push(m),
    error: (m) => warnings.push(m),
  };
}

const SCHOOL = 'https://school-one.example https://school-one.example/api';
const OTHER = 'https://school-two.example https://school-two.example/api';
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

function mirrors(dir: string, persist = () => true, key = 'key') {
  const log = recordingLog();
  const files = new MirrorFiles(dir, new FileKeyEncryptor(join(dir, key)), persist, log);
  return { files, log };
}

describe('MirrorFiles', () => {
  it('round-trips a database through the encryptor into a 0700 folder, named by a hash', async () => {
    const dir = folder();
    await mirrors(dir).files.save(SCHOOL, bytes('database one'));
    const { files, log } = mirrors(dir);
    expect(await files.load(SCHOOL)).toEqual(bytes('database one'));
    expect(await files.load(OTHER)).toBeUndefined();
    expect(log.warnings).toEqual([]);

    const [name, ...rest] = readdirSync(files.folder);
    expect(rest).toEqual([]);
    expect(name).toMatch(/^[0-9a-f]{32}\.mirror$/);
    if (process.platform !== 'win32') {
      expect(statSync(files.folder).mode & 0o777).toBe(0o700);
      expect(statSync(join(files.folder, name!)).mode & 0o777).toBe(0o600);
    }
  });

  it('sets aside a tampered file with a warning and answers undefined, never throws', async () => {
    const dir = folder();
    const { files, log } = mirrors(dir);
    await files.save(SCHOOL, bytes('database one'));
    const [name] = readdirSync(files.folder);
    const path = join(files.folder, name!);
    const blob = readFileSync(path);
    blob[blob.length - 1]! ^= 0x01;
    writeFileSync(path, blob);

    expect(await files.load(SCHOOL)).toBeUndefined();
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]).toContain('could not be decrypted');
    expect(log.warnings[0]).not.toContain('school-one');
    expect(readdirSync(files.folder)).toEqual([`${name}.unreadable`]);
    // The school syncs again and saves; the new file loads.
    await files.save(SCHOOL, bytes('synced again'));
    expect(await files.load(SCHOOL)).toEqual(bytes('synced again'));
  });

  it('answers undefined for a file made with another key, or torn', async () => {
    const dir = folder();
    await mirrors(dir).files.save(SCHOOL, bytes('database one'));
    const otherKey = mirrors(dir, () => true, 'other-key');
    expect(await otherKey.files.load(SCHOOL)).toBeUndefined();
    expect(otherKey.log.warnings).toHaveLength(1);

    const { files, log } = mirrors(dir);
    await files.save(OTHER, bytes('database two'));
    const [name] = readdirSync(files.folder).filter((n) => n.endsWith('.mirror'));
    writeFileSync(
      join(files.folder, name!),
      readFileSync(join(files.folder, name!)).subarray(0, 20),
    );
    expect(await files.load(OTHER)).toBeUndefined();
    expect(log.warnings).toHaveLength(1);
  });

  it('keeps nothing on disk when persist() is false, and removes an older file', async () => {
    const dir = folder();
    let persist = true;
    const { files } = mirrors(dir, () => persist);
    await files.save(SCHOOL, bytes('database one'));
    await files.save(OTHER, bytes('database two'));
    expect(readdirSync(files.folder)).toHaveLength(2);

    persist = false;
    await files.save(SCHOOL, bytes('database one, newer'));
    expect(readdirSync(files.folder)).toHaveLength(1);
    expect(await files.load(OTHER)).toBeUndefined();
    expect(readdirSync(files.folder)).toEqual([]);

    persist = true;
    await files.save(SCHOOL, bytes('database one, newest'));
    expect(await files.load(SCHOOL)).toEqual(bytes('database one, newest'));
  });

  it('persists without a real keyring only when the user opted in', () => {
    const dir = folder();
    const inner = new FileKeyEncryptor(join(dir, 'key'));
    const basicText: Encryptor = {
      protection: 'basic_text',
      encrypt: (b) => inner.encrypt(b),
      decrypt: (b) => inner.decrypt(b),
    };
    let optedIn = false;
    const policy = mirrorPersistPolicy(basicText, () => optedIn);
    expect(policy()).toBe(false);
    optedIn = true;
    expect(policy()).toBe(true);
    expect(mirrorPersistPolicy(inner, () => false)()).toBe(true);
  });

  it("wipes one school's file, temporary files and set-aside copy, and leaves another's", async () => {
    const dir = folder();
    const { files } = mirrors(dir);
    await files.save(SCHOOL, bytes('database one'));
    await files.save(OTHER, bytes('database two'));
    // What a crash and a damaged copy leave beside each school's file.
    for (const name of readdirSync(files.folder)) {
      writeFileSync(join(files.folder, `${name}.0123456789abcdef.tmp`), 'x');
      writeFileSync(join(files.folder, `${name}.unreadable`), 'x');
    }

    await files.wipe(SCHOOL);
    const left = readdirSync(files.folder);
    expect(left).toHaveLength(3);
    expect(new Set(left.map((n) => n.slice(0, 32))).size).toBe(1);
    expect(await files.load(SCHOOL)).toBeUndefined();
    expect(await files.load(OTHER)).toEqual(bytes('database two'));
    await expect(files.wipe(SCHOOL)).resolves.toBeUndefined();
  });

  it('removes temporary files a crash left, on the next open', async () => {
    const dir = folder();
    await mirrors(dir).files.save(SCHOOL, bytes('database one'));
    const { files } = mirrors(dir);
    const [name] = readdirSync(files.folder);
    const stale = join(files.folder, `${name}.0123456789abcdef.tmp`);
    writeFileSync(stale, 'half a database');
    expect(await files.load(SCHOOL)).toEqual(bytes('database one'));
    expect(existsSync(stale)).toBe(false);
  });
});

describe('MirrorFiles at rest', () => {
  const MARKERS = ['ada.lovelace@example.edu', 'Ada Lovelace', 'SPRING-COUPON-7Q2X'];

  it('writes none of the school’s data in plain text, in any usual encoding', async () => {
    const SQL = await initSqlJs();
    const db = new SQL.Database();
    db.run('CREATE TABLE students (id TEXT PRIMARY KEY, name TEXT, email TEXT)');
    db.run('CREATE TABLE coupons (id TEXT PRIMARY KEY, code TEXT)');
    db.run('INSERT INTO students VALUES (?, ?, ?)', ['s1', MARKERS[1]!, MARKERS[0]!]);
    db.run('INSERT INTO coupons VALUES (?, ?)', ['c1', MARKERS[2]!]);
    const plain = db.export();
    db.close();
    // The control: the scan finds every marker in the database's own bytes.
    for (const marker of MARKERS) expect(findings(Buffer.from(plain), marker)).not.toEqual([]);

    const dir = folder();
    const { files } = mirrors(dir);
    await files.save(SCHOOL, plain);
    await files.save(OTHER, plain);
    expect(await files.load(SCHOOL)).toEqual(plain);

    const found = everyFile(dir).flatMap((file) =>
      MARKERS.flatMap((marker) =>
        findings(readFileSync(file), marker).map((how) => `${relative(dir, file)}: ${how}`),
      ),
    );
    expect(found).toEqual([]);
    expect(everyFile(dir).join('\n')).not.toMatch(/school-(one|two)/);
  });
});

function everyFile(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? everyFile(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** How `marker` shows in `content`: as UTF-8, UTF-16 or base64 at any alignment. */
function findings(content: Buffer, marker: string): string[] {
  const raw = Buffer.from(marker, 'utf8');
  const found: string[] = [];
  if (content.includes(raw)) found.push(`"${marker}" as UTF-8`);
  if (content.includes(Buffer.from(marker, 'utf16le'))) found.push(`"${marker}" as UTF-16LE`);
  if (content.includes(Buffer.from(marker, 'utf16le').swap16())) {
    found.push(`"${marker}" as UTF-16BE`);
  }
  const text = content.toString('latin1');
  for (let skip = 0; skip < 3; skip += 1) {
    // Only the characters made of the marker's bits alone, whatever precedes or follows it.
    const encoded = Buffer.concat([Buffer.alloc(skip), raw]).toString('base64');
    const needle = encoded.slice(
      Math.ceil((8 * skip) / 6),
      Math.floor((8 * (skip + raw.length)) / 6),
    );
    if (text.includes(needle)) found.push(`"${marker}" as base64`);
  }
  return found;
}
