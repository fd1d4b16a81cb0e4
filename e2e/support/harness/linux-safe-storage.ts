import { createCipheriv, createDecipheriv, pbkdf2Sync, randomBytes } from 'node:crypto';
import type { SafeStorageApi } from '../../../src/main/adapters/safe-storage-encryptor';

/**
 * Electron's safeStorage as it works on Linux, for tests that cannot start Electron (its binary
 * cannot be downloaded here). The formats are Chromium's OSCrypt, so a blob made here is a
 * blob the app would have written:
 * - the synchronous API (deprecated in Electron 45, gone in 46) writes `v11` + AES-128-CBC
 *   under a key derived from the keyring's password, or `v10` under the hard-coded password
 *   "peanuts" when there is no keyring (`basic_text`): PBKDF2-SHA1, salt "saltysalt", one
 *   iteration, 16 bytes; IV of 16 spaces;
 * - the asynchronous API reads every key it knows and seals with its current one. While that
 *   is the keyring's `v11` key, blobs of both APIs are alike. After {@link rotate} (a keyring
 *   that hands out a new key) it seals under the new key (`v12`, AES-256-GCM) and answers
 *   `shouldReEncrypt` for blobs under an older one.
 */
export class LinuxSafeStorage implements SafeStorageApi {
  /** Keys by their blob prefix; `current` is the one new blobs get. */
  private readonly keys = new Map<string, Key>();
  private current: string;
  private plainTextAllowed = false;

  /** `keyringPassword` undefined: no keyring, the `basic_text` backend. */
  constructor(private readonly keyringPassword?: string) {
    this.keys.set('v10', cbcKey('peanuts'));
    if (keyringPassword !== undefined) this.keys.set('v11', cbcKey(keyringPassword));
    this.current = keyringPassword === undefined ? 'v10' : 'v11';
  }

  /** The keyring hands out a new key: the async API seals with it from now on. */
  rotate(): void {
    this.keys.set('v12', { cipher: 'aes-256-gcm', key: randomBytes(32) });
    this.current = 'v12';
  }

  // The synchronous API, as Schooldesk used it up to Electron 41.
  encryptString(plainText: string): Buffer {
    const prefix = this.keyringPassword === undefined ? 'v10' : 'v11';
    return seal(prefix, this.keys.get(prefix)!, plainText);
  }

  // The asynchronous API.
  isAsyncEncryptionAvailable(): Promise<boolean> {
    return Promise.resolve(this.keyringPassword !== undefined);
  }

  getSelectedStorageBackend(): ReturnType<
    NonNullable<SafeStorageApi['getSelectedStorageBackend']>
  > {
    return this.keyringPassword === undefined ? 'basic_text' : 'gnome_libsecret';
  }

  setUsePlainTextEncryption(usePlainText: boolean): void {
    this.plainTextAllowed = usePlainText;
  }

  encryptStringAsync(plainText: string): Promise<Buffer> {
    // Without a keyring Chromium refuses unless told to use its in-memory key.
    if (this.keyringPassword === undefined && !this.plainTextAllowed)
      return Promise.reject(new Error('Error while encrypting the text provided'));
    return Promise.resolve(seal(this.current, this.keys.get(this.current)!, plainText));
  }

  decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }> {
    try {
      const prefix = encrypted.subarray(0, 3).toString('latin1');
      const key = this.keys.get(prefix);
      if (!key) throw new Error('Error while decrypting the ciphertext provided');
      const result = open(key, encrypted.subarray(3));
      return Promise.resolve({ result, shouldReEncrypt: prefix !== this.current });
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }
}

type Key = { cipher: 'aes-128-cbc' | 'aes-256-gcm'; key: Buffer };

const CBC_IV = Buffer.alloc(16, ' ');
const GCM_NONCE = 12;
const GCM_TAG = 16;

function cbcKey(password: string): Key {
  return { cipher: 'aes-128-cbc', key: pbkdf2Sync(password, 'saltysalt', 1, 16, 'sha1') };
}

function seal(prefix: string, { cipher, key }: Key, plainText: string): Buffer {
  if (cipher === 'aes-128-cbc') {
    const c = createCipheriv(cipher, key, CBC_IV);
    return Buffer.concat([Buffer.from(prefix), c.update(plainText, 'utf8'), c.final()]);
  }
  const nonce = randomBytes(GCM_NONCE);
  const c = createCipheriv(cipher, key, nonce);
  const body = Buffer.concat([c.update(plainText, 'utf8'), c.final()]);
  return Buffer.concat([Buffer.from(prefix), nonce, body, c.getAuthTag()]);
}

function open({ cipher, key }: Key, body: Buffer): string {
  if (cipher === 'aes-128-cbc') {
    const d = createDecipheriv(cipher, key, CBC_IV);
    return Buffer.concat([d.update(body), d.final()]).toString('utf8');
  }
  const d = createDecipheriv(cipher, key, body.subarray(0, GCM_NONCE));
  d.setAuthTag(body.subarray(body.length - GCM_TAG));
  return Buffer.concat([
    d.update(body.subarray(GCM_NONCE, body.length - GCM_TAG)),
    d.final(),
  ]).toString('utf8');
}
