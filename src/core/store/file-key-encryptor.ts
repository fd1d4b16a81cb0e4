import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, openSync, readFileSync, writeSync, closeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Encryptor } from '../adapters';

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM with a random key kept in a file readable by this user only (mode 0600): the
 * Encryptor of the web host and of tests. Electron uses safeStorage instead.
 * Blob layout: version (1) | iv (12) | tag (16) | ciphertext.
 */
export class FileKeyEncryptor implements Encryptor {
  readonly protection = 'keyring' as const;
  private readonly key: Buffer;

  constructor(keyFile: string) {
    this.key = loadOrCreateKey(keyFile);
  }

  encrypt(plain: Buffer): Promise<Buffer> {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Promise.resolve(Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]));
  }

  decrypt(blob: Buffer): Promise<Buffer> {
    if (blob.length < 1 + IV_BYTES + TAG_BYTES || blob[0] !== VERSION) {
      return Promise.reject(new Error('not a blob of this encryptor'));
    }
    const iv = blob.subarray(1, 1 + IV_BYTES);
    const tag = blob.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    try {
      return Promise.resolve(
        Buffer.concat([decipher.update(blob.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]),
      );
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }
}

/** SECURITY: the key file is created exclusively with mode 0600, never widened. */
function loadOrCreateKey(keyFile: string): Buffer {
  mkdirSync(dirname(keyFile), { recursive: true, mode: 0o700 });
  try {
    const fd = openSync(keyFile, 'wx', 0o600);
    const key = randomBytes(32);
    writeSync(fd, key);
    closeSync(fd);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = readFileSync(keyFile);
  if (key.length !== 32) throw new Error(`the key file ${keyFile} is damaged`);
  return key;
}
