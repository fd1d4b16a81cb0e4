import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Decrypted, Encryptor, LogSink } from '../adapters';
import { isTempName } from './atomic-file';
import { syncFolderSync, writeTempSync } from './atomic-file-sync';

const VERSION = 1;
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM with a random key kept in a file readable by this user only (mode 0600): the
 * Encryptor of the web host and of tests. Electron uses safeStorage instead. It says so
 * (`key_file`, not `keyring`): the key sits in the data folder beside what it encrypts.
 * Blob layout: version (1) | iv (12) | tag (16) | ciphertext.
 *
 * A key file that is not a whole key (empty or short, e.g. from a crash of an older version
 * that wrote it in place) is set aside beside it and replaced by a new key, with one line in
 * `log`: what it encrypted can no longer be read, and its readers drop such files (the owner
 * signs in again). It never stops the host.
 */
export class FileKeyEncryptor implements Encryptor {
  readonly protection = 'key_file' as const;
  private readonly key: Buffer;

  constructor(keyFile: string, log?: LogSink) {
    this.key = loadOrCreateKey(keyFile, log);
  }

  encrypt(plain: Buffer): Promise<Buffer> {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Promise.resolve(Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]));
  }

  /** Its key never changes, so a blob it opens is never stale. */
  decrypt(blob: Buffer): Promise<Decrypted> {
    if (blob.length < 1 + IV_BYTES + TAG_BYTES || blob[0] !== VERSION) {
      return Promise.reject(new Error('not a blob of this encryptor'));
    }
    const iv = blob.subarray(1, 1 + IV_BYTES);
    const tag = blob.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    try {
      const body = blob.subarray(1 + IV_BYTES + TAG_BYTES);
      return Promise.resolve({
        plain: Buffer.concat([decipher.update(body), decipher.final()]),
        stale: false,
      });
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }
}

/**
 * Reads the key, or makes one. Synchronous because the constructor is (every host and test
 * builds the encryptor so), and it runs once per start. A few rounds, because another
 * process may create or set aside the same file between our steps.
 */
function loadOrCreateKey(keyFile: string, log: LogSink | undefined): Buffer {
  const dir = dirname(keyFile);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  removeStaleTemps(dir, basename(keyFile));
  for (let round = 0; round < 5; round += 1) {
    let key: Buffer;
    try {
      key = readFileSync(keyFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      const created = createKey(keyFile);
      if (created) return created;
      continue; // another process created it first: read theirs
    }
    if (key.length === KEY_BYTES) return key;
    const aside = `${keyFile}.damaged-${Date.now()}`;
    try {
      renameSync(keyFile, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      continue; // another process set it aside first
    }
    syncFolderSync(dir);
    log?.warn(
      `The saved sessions cannot be read: the key file ${basename(keyFile)} was damaged ` +
        `(${key.length} of ${KEY_BYTES} bytes). It was set aside as ${basename(aside)}, a new ` +
        'key was made, and schools must be signed in to again.',
    );
  }
  throw new Error(`the key file ${keyFile} keeps changing; is another program writing it?`);
}

/**
 * Creates the key file atomically and exclusively: the key goes to a temporary file, which is
 * fsynced and then hard-linked to its name (unlike a rename, a link never replaces a key
 * another process just made), and the folder is fsynced. A crash leaves no key or a whole
 * one, never a short one. Answers undefined when the key file appeared meanwhile.
 *
 * SECURITY: the temporary file is created exclusively with mode 0600, never widened.
 */
function createKey(keyFile: string): Buffer | undefined {
  const key = randomBytes(KEY_BYTES);
  const temp = writeTempSync(keyFile, key);
  try {
    linkSync(temp, keyFile);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return undefined;
    // A file system without hard links (FAT, some network shares): rename, which is atomic
    // but not exclusive; the data folder's lock keeps other processes away meanwhile.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
    renameSync(temp, keyFile);
  } finally {
    rmSync(temp, { force: true });
  }
  syncFolderSync(dirname(keyFile));
  return key;
}

/** Temporary key files a crash left behind (see atomic-file.ts for the naming). */
function removeStaleTemps(dir: string, name: string): void {
  for (const entry of readdirSync(dir)) {
    if (entry.startsWith(`${name}.`) && isTempName(entry))
      rmSync(join(dir, entry), { force: true });
  }
}
