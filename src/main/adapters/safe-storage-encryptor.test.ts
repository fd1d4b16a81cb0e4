import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleSchoolKey, sampleTokenSet } from '../../../e2e/support/harness/token-fixtures';
import { LinuxSafeStorage } from '../../../e2e/support/harness/linux-safe-storage';
import {
  readSecrets,
  tokenStore,
  writeSecrets,
} from '../../../e2e/support/harness/secrets-at-rest';
import type { Encryptor } from '../../core/host';
import { protectionOf, SafeStorageEncryptor, type SafeStorageApi } from './safe-storage-encryptor';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'schooldesk-vault-'));
  folders.push(dir);
  return dir;
}

/** safeStorage as a machine reports it; only the answers that decide protection matter. */
function machine(available: boolean, backend?: string): SafeStorageApi {
  const keyring = new LinuxSafeStorage('keyring-password');
  return {
    isAsyncEncryptionAvailable: () => Promise.resolve(available),
    getSelectedStorageBackend: backend
      ? () => backend as ReturnType<NonNullable<SafeStorageApi['getSelectedStorageBackend']>>
      : undefined,
    encryptStringAsync: (text) => keyring.encryptStringAsync(text),
    decryptStringAsync: (blob) => keyring.decryptStringAsync(blob),
    setUsePlainTextEncryption: () => {},
  };
}

/** The Encryptor Schooldesk used up to Electron 41: the synchronous API, base64 inside. */
function syncEra(safeStorage: LinuxSafeStorage): Encryptor {
  return {
    protection: 'keyring',
    encrypt: (plain) => Promise.resolve(safeStorage.encryptString(plain.toString('base64'))),
    decrypt: () => Promise.reject(new Error('only the upgraded app reads')),
  };
}

const set = sampleTokenSet;
const SCHOOL = sampleSchoolKey;
const revocation = {
  schoolId: SCHOOL,
  issuer: set.issuer,
  baseUrl: set.baseUrl,
  since: 1_700_000_000_000,
  tokens: [{ hint: 'refresh_token' as const, value: set.refreshToken!, clientId: 'client-1' }],
};

describe('protectionOf', () => {
  it('is keyring with a real backend', async () => {
    expect(await protectionOf(machine(true, 'gnome_libsecret'), 'linux')).toBe('keyring');
    expect(await protectionOf(machine(true, 'kwallet6'), 'linux')).toBe('keyring');
    expect(await protectionOf(machine(true), 'darwin')).toBe('keyring');
    expect(await protectionOf(machine(true), 'win32')).toBe('keyring');
  });

  it('is basic_text on Linux without a keyring, or wherever encryption is unavailable', async () => {
    expect(await protectionOf(machine(true, 'basic_text'), 'linux')).toBe('basic_text');
    expect(await protectionOf(machine(false, 'gnome_libsecret'), 'linux')).toBe('basic_text');
    expect(await protectionOf(machine(false), 'darwin')).toBe('basic_text');
  });
});

describe('SafeStorageEncryptor on the asynchronous API', () => {
  it('round-trips any bytes, and opens what the synchronous API wrote without resealing it', async () => {
    const safeStorage = new LinuxSafeStorage('keyring-password');
    const encryptor = await SafeStorageEncryptor.create(safeStorage, 'linux');
    const bytes = Buffer.from([0, 255, 1, 128, 0xc3, 0x28]); // not valid UTF-8
    expect(await encryptor.decrypt(await encryptor.encrypt(bytes))).toEqual({
      plain: bytes,
      stale: false,
    });
    const old = await syncEra(safeStorage).encrypt(bytes);
    expect(await encryptor.decrypt(old)).toEqual({ plain: bytes, stale: false });
  });

  it('says a blob is stale once the keyring hands out a new key, and seals with the new one', async () => {
    const safeStorage = new LinuxSafeStorage('keyring-password');
    const encryptor = await SafeStorageEncryptor.create(safeStorage, 'linux');
    const before = await encryptor.encrypt(Buffer.from('a token'));
    safeStorage.rotate();
    expect(await encryptor.decrypt(before)).toEqual({ plain: Buffer.from('a token'), stale: true });
    const after = await encryptor.encrypt(Buffer.from('a token'));
    expect(await encryptor.decrypt(after)).toEqual({ plain: Buffer.from('a token'), stale: false });
  });

  it('rejects blobs that are damaged or were made with another key', async () => {
    const safeStorage = new LinuxSafeStorage('keyring-password');
    const encryptor = await SafeStorageEncryptor.create(safeStorage, 'linux');
    const blob = await encryptor.encrypt(Buffer.from('a token'));
    await expect(encryptor.decrypt(blob.subarray(0, blob.length - 3))).rejects.toThrow();
    await expect(encryptor.decrypt(Buffer.from('v99garbage'))).rejects.toThrow();
    await expect(encryptor.decrypt(Buffer.alloc(0))).rejects.toThrow();
    const elsewhere = await SafeStorageEncryptor.create(new LinuxSafeStorage('another'), 'linux');
    await expect(elsewhere.decrypt(blob)).rejects.toThrow();
    safeStorage.rotate();
    const sealed = await encryptor.encrypt(Buffer.from('a token'));
    sealed[sealed.length - 20]! ^= 1;
    await expect(encryptor.decrypt(sealed)).rejects.toThrow();
  });

  it('without a keyring: basic_text, tokens stay in memory, and an opt-in uses the in-memory key', async () => {
    const dir = folder();
    const encryptor = await SafeStorageEncryptor.create(new LinuxSafeStorage(), 'linux');
    expect(encryptor.protection).toBe('basic_text');
    let optedIn = false;
    const store = tokenStore(dir, encryptor, () => optedIn);
    await store.save(set);
    expect(readdirSync(dir)).toEqual([]);
    optedIn = true;
    await store.save(set);
    const reopened = tokenStore(dir, encryptor, () => optedIn);
    expect(await reopened.load(SCHOOL)).toEqual(set);
  });
});

describe('upgrading from the synchronous API', () => {
  /**
   * Writes a token set, a pending revocation and a school's database (its key wrapped the old
   * way, an unsent edit in its outbox).
   */
  async function writtenBeforeTheUpgrade(safeStorage: LinuxSafeStorage) {
    const dir = folder();
    await writeSecrets(dir, syncEra(safeStorage), SCHOOL, {
      tokens: set,
      revocation,
      unsent: [{ op: 'put', id: 'e1', value: { title: 'unsent' } }],
    });
    return dir;
  }

  /** Opens each of them with the upgraded app's encryptor; answers what they held. */
  function openAfterTheUpgrade(dir: string, encryptor: Encryptor) {
    return readSecrets(dir, encryptor, SCHOOL);
  }

  /**
   * Every file under `dir` the encryptor wrapped (tokens, pending revocations, database keys)
   * with its bytes, for comparing before and after. The databases themselves are encrypted
   * with their own keys, which the encryptor never sees.
   */
  function wrappedFilesOf(dir: string): Map<string, Buffer> {
    const files = new Map<string, Buffer>();
    for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (name.startsWith('keys') || name.includes('.sqlite')) continue;
      try {
        files.set(name, readFileSync(join(dir, name)));
      } catch {
        // a folder
      }
    }
    return files;
  }

  const expected = {
    tokens: set,
    pending: revocation,
    setAside: undefined,
    outbox: new Map([['e1', { title: 'unsent' }]]),
  };

  it('opens tokens, pending revocations and school databases, and leaves their wrapping as it is', async () => {
    const safeStorage = new LinuxSafeStorage('keyring-password');
    const dir = await writtenBeforeTheUpgrade(safeStorage);
    const before = wrappedFilesOf(dir);
    const encryptor = await SafeStorageEncryptor.create(safeStorage, 'linux');
    expect(await openAfterTheUpgrade(dir, encryptor)).toEqual(expected);
    expect(wrappedFilesOf(dir)).toEqual(before);
  });

  it('seals each again under the new key when the keyring has one, once', async () => {
    const safeStorage = new LinuxSafeStorage('keyring-password');
    const dir = await writtenBeforeTheUpgrade(safeStorage);
    const before = wrappedFilesOf(dir);
    const keyFiles = [...before.keys()];
    expect(keyFiles).toHaveLength(3);
    safeStorage.rotate();
    const encryptor = await SafeStorageEncryptor.create(safeStorage, 'linux');
    expect(await openAfterTheUpgrade(dir, encryptor)).toEqual(expected);
    const resealed = wrappedFilesOf(dir);
    for (const name of keyFiles)
      expect(resealed.get(name)!.subarray(0, 3).toString(), name).toBe('v12');
    // Opened again, nothing is stale any more, so nothing is written.
    expect(await openAfterTheUpgrade(dir, encryptor)).toEqual(expected);
    expect(wrappedFilesOf(dir)).toEqual(resealed);
  });

  it('a damaged old token file still asks for a new sign-in, and is removed', async () => {
    const safeStorage = new LinuxSafeStorage('keyring-password');
    const dir = await writtenBeforeTheUpgrade(safeStorage);
    const [file] = readdirSync(join(dir, 'sessions'));
    writeFileSync(
      join(dir, 'sessions', file!),
      readFileSync(join(dir, 'sessions', file!)).subarray(0, 20),
    );
    const encryptor = await SafeStorageEncryptor.create(safeStorage, 'linux');
    await expect(tokenStore(dir, encryptor, () => false).load(SCHOOL)).rejects.toMatchObject({
      code: 'stored_session_unreadable',
    });
    expect(readdirSync(join(dir, 'sessions'))).toEqual([]);
  });
});
