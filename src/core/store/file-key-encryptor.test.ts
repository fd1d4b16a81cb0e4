import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogSink } from '../adapters';
import { TokenStore } from '../auth/token-store';
import { FileKeyEncryptor } from './file-key-encryptor';
import { schoolDataPersistPolicy } from './school-database';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function keyFolder(): { dir: string; keyFile: string } {
  const root = mkdtempSync(join(tmpdir(), 'schooldesk-key-'));
  dirs.push(root);
  const dir = join(root, 'keys');
  return { dir, keyFile: join(dir, 'session.key') };
}

function recordingLog(): LogSink & { lines: string[] } {
  const lines: string[] = [];
  const push = (line: string) => void lines.push(line);
  return { lines, info: push, warn: push, error: push };
}

describe('FileKeyEncryptor key file', () => {
  it('makes a whole 32-byte key, private, with no temporary file left', async () => {
    const { dir, keyFile } = keyFolder();
    const encryptor = new FileKeyEncryptor(keyFile);
    expect(readFileSync(keyFile)).toHaveLength(32);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['session.key']);
    const blob = await encryptor.encrypt(Buffer.from('a token'));
    // A later start reads the same key.
    const again = new FileKeyEncryptor(keyFile);
    expect((await again.decrypt(blob)).plain.toString()).toBe('a token');
  });

  it('clears temporary key files a crash left behind', () => {
    const { dir, keyFile } = keyFolder();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'session.key.0123456789abcdef.tmp'), Buffer.alloc(5));
    new FileKeyEncryptor(keyFile);
    expect(readdirSync(dir)).toEqual(['session.key']);
  });

  it.each([
    ['a truncated', 16],
    ['an empty', 0],
  ])('sets %s key file aside, says so once, and starts fresh with a new key', async (_, length) => {
    const { dir, keyFile } = keyFolder();
    const old = new FileKeyEncryptor(keyFile);
    const oldKey = readFileSync(keyFile);
    const blob = await old.encrypt(Buffer.from('a saved session'));
    writeFileSync(keyFile, oldKey.subarray(0, length));

    const log = recordingLog();
    const fresh = new FileKeyEncryptor(keyFile, log);

    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatch(/^The saved sessions cannot be read: the key file session\.key/);
    const newKey = readFileSync(keyFile);
    expect(newKey).toHaveLength(32);
    expect(newKey.equals(oldKey)).toBe(false);
    const aside = readdirSync(dir).filter((name) => name.startsWith('session.key.damaged-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir, aside[0]!))).toHaveLength(length);
    // What the old key encrypted cannot be read, so its readers drop it ...
    await expect(fresh.decrypt(blob)).rejects.toThrow();
    // ... and the new key works, also after another start.
    const sealed = await fresh.encrypt(Buffer.from('a new session'));
    expect((await new FileKeyEncryptor(keyFile, log).decrypt(sealed)).plain.toString()).toBe(
      'a new session',
    );
    expect(log.lines).toHaveLength(1);
  });
});

describe('FileKeyEncryptor protection', () => {
  it('says its key is a file in the data folder, not a keyring', () => {
    expect(new FileKeyEncryptor(keyFolder().keyFile).protection).toBe('key_file');
  });

  it('keeps tokens and school data on disk without asking, as the web host always has', () => {
    const { keyFile } = keyFolder();
    const encryptor = new FileKeyEncryptor(keyFile);
    const notOptedIn = () => false;
    expect(new TokenStore(join(keyFile, '..', '..'), encryptor, notOptedIn).persistsToDisk).toBe(
      true,
    );
    expect(schoolDataPersistPolicy(encryptor, notOptedIn)()).toBe(true);
  });
});
