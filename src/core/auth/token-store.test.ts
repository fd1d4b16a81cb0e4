import { existsSync, mkdtempSync, readdirSync, rmSync, watch, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLog } from '../../../e2e/support/harness/sync-harness';
import { sampleTokenSet } from '../../../e2e/support/harness/token-fixtures';
import type { Encryptor } from '../adapters';
import { FileKeyEncryptor } from '../store/file-key-encryptor';
import { TokenStore } from './token-store';
import { schoolKeyOf } from './school-key';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'schooldesk-store-'));
  folders.push(dir);
  return dir;
}

const set = sampleTokenSet;

/**
 * safeStorage's `basic_text` backend, reproduced honestly: it "encrypts" with a fixed,
 * well-known key, which is why it counts as no protection at all.
 */
function basicTextEncryptor(keyFile: string): Encryptor {
  const inner = new FileKeyEncryptor(keyFile);
  return {
    protection: 'basic_text',
    encrypt: (b) => inner.encrypt(b),
    decrypt: (b) => inner.decrypt(b),
  };
}

describe('TokenStore', () => {
  it('round-trips a token set through the encryptor, on disk only encrypted', async () => {
    const dir = folder();
    const store = new TokenStore(dir, new FileKeyEncryptor(join(dir, 'key')), () => false);
    await store.save(set);
    const reopened = new TokenStore(dir, new FileKeyEncryptor(join(dir, 'key')), () => false);
    expect(await reopened.load(schoolKeyOf(set))).toEqual(set);
    expect(await reopened.schools()).toEqual([schoolKeyOf(set)]);
  });

  it('deletes a blob that will not decrypt, says so in the log, and asks for a new sign-in', async () => {
    const dir = folder();
    await new TokenStore(dir, new FileKeyEncryptor(join(dir, 'key')), () => false).save(set);
    // Another key: what a copied profile or a reset keyring looks like.
    const log = memoryLog();
    const warnings = log.lines;
    const otherKey = new TokenStore(
      dir,
      new FileKeyEncryptor(join(dir, 'other-key')),
      () => false,
      log,
    );
    await expect(otherKey.load(schoolKeyOf(set))).rejects.toMatchObject({
      code: 'stored_session_unreadable',
    });
    expect(readdirSync(join(dir, 'sessions'))).toEqual([]);
    expect(warnings).toEqual([expect.stringMatching(/stored session could not be read/)]);
    // Nothing of the session is in the line.
    expect(warnings.join()).not.toContain(set.accessToken);
    await expect(otherKey.load(schoolKeyOf(set))).resolves.toBeUndefined();
  });

  it('drops an unreadable file met while listing the schools at start, and says so', async () => {
    const dir = folder();
    await new TokenStore(dir, new FileKeyEncryptor(join(dir, 'key')), () => false).save(set);
    const log = memoryLog();
    const warnings = log.lines;
    const replaced = new TokenStore(
      dir,
      new FileKeyEncryptor(join(dir, 'new-key')),
      () => false,
      log,
    );
    expect(await replaced.schools()).toEqual([]);
    expect(readdirSync(join(dir, 'sessions'))).toEqual([]);
    expect(warnings).toHaveLength(1);
  });

  it('treats a truncated file the same way', async () => {
    const dir = folder();
    const store = new TokenStore(dir, new FileKeyEncryptor(join(dir, 'key')), () => false);
    await store.save(set);
    const [file] = readdirSync(join(dir, 'sessions'));
    writeFileSync(join(dir, 'sessions', file!), Buffer.from([1, 2, 3]));
    const fresh = new TokenStore(dir, new FileKeyEncryptor(join(dir, 'key')), () => false);
    await expect(fresh.load(schoolKeyOf(set))).rejects.toMatchObject({
      code: 'stored_session_unreadable',
    });
  });

  it('keeps tokens in memory only without a real keyring, unless the user opts in', async () => {
    const dir = folder();
    let optedIn = false;
    const store = new TokenStore(dir, basicTextEncryptor(join(dir, 'key')), () => optedIn);
    expect(store.persistsToDisk).toBe(false);
    await store.save(set);
    expect(await store.load(schoolKeyOf(set))).toEqual(set);
    expect(existsSync(join(dir, 'sessions'))).toBe(false);

    optedIn = true;
    expect(store.persistsToDisk).toBe(true);
    await store.save(set);
    expect(readdirSync(join(dir, 'sessions'))).toHaveLength(1);

    optedIn = false;
    await store.save(set);
    expect(readdirSync(join(dir, 'sessions'))).toEqual([]);
  });

  it('delete forgets memory and disk', async () => {
    const dir = folder();
    const store = new TokenStore(dir, new FileKeyEncryptor(join(dir, 'key')), () => false);
    await store.save(set);
    await store.delete(schoolKeyOf(set));
    expect(await store.load(schoolKeyOf(set))).toBeUndefined();
    expect(await store.schools()).toEqual([]);
    expect(readdirSync(join(dir, 'sessions'))).toEqual([]);
  });

  it('while a delete cannot remove the file yet, no load or listing brings the session back, and a new sign-in waits', async () => {
    const dir = folder();
    const encryptor = new FileKeyEncryptor(join(dir, 'key'));
    await new TokenStore(dir, encryptor, () => false).save(set);
    // The file's removal held, as Windows holds a file a virus scanner has open; then done.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const store = new TokenStore(
      dir,
      encryptor,
      () => false,
      memoryLog(),
      async (path) => {
        await held;
        rmSync(path, { force: true });
      },
    );
    const deleting = store.delete(schoolKeyOf(set));
    expect(await store.load(schoolKeyOf(set))).toBeUndefined();
    expect(await store.schools()).toEqual([]);
    const next = { ...set, accessToken: 'signed-in-again' };
    const signingIn = store.save(next);
    // Time for the save to write its file, were it not waiting for the removal: the removal,
    // let go only now, would then take the new session's file.
    await Promise.race([signingIn, new Promise((resolve) => setTimeout(resolve, 300))]);
    release();
    await deleting;
    await signingIn;
    // The new session's file is the one left, and a fresh start reads it.
    const restarted = new TokenStore(dir, encryptor, () => false);
    expect(await restarted.schools()).toEqual([schoolKeyOf(set)]);
    expect(await restarted.load(schoolKeyOf(set))).toEqual(next);
  });

  it('a delete whose file cannot be removed says so, and the session stays gone', async () => {
    const dir = folder();
    const encryptor = new FileKeyEncryptor(join(dir, 'key'));
    await new TokenStore(dir, encryptor, () => false).save(set);
    const log = memoryLog();
    let refuses = true;
    const store = new TokenStore(
      dir,
      encryptor,
      () => false,
      log,
      (path) =>
        refuses
          ? Promise.reject(Object.assign(new Error('held'), { code: 'EPERM' }))
          : rm(path, { force: true }),
    );
    await store.delete(schoolKeyOf(set));
    expect(log.lines).toEqual([
      "warn a signed-out session's file could not be removed (files_not_writable); it is not read again while the app runs",
    ]);
    expect(await store.load(schoolKeyOf(set))).toBeUndefined();
    expect(await store.schools()).toEqual([]);
    // A new sign-in replaces the file and is read again.
    refuses = false;
    await store.save(set);
    expect(await store.schools()).toEqual([schoolKeyOf(set)]);
    expect(await store.load(schoolKeyOf(set))).toEqual(set);
  });

  it('a save that was encrypting when the school was deleted does not bring it back', async () => {
    const dir = folder();
    const inner = new FileKeyEncryptor(join(dir, 'key'));
    let encrypting!: () => void;
    const started = new Promise<void>((resolve) => (encrypting = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The real encryptor, held until the test lets it finish.
    const held: Encryptor = {
      protection: 'keyring',
      encrypt: async (b) => (encrypting(), await gate, inner.encrypt(b)),
      decrypt: (b) => inner.decrypt(b),
    };
    const store = new TokenStore(dir, held, () => false);
    const saving = store.save(set).catch((e: unknown) => e);
    await started;
    await store.delete(schoolKeyOf(set));
    release();
    expect(await saving).toMatchObject({ code: 'not_signed_in' });
    expect(await store.schools()).toEqual([]);
    expect(existsSync(join(dir, 'sessions')) ? readdirSync(join(dir, 'sessions')) : []).toEqual([]);
  });

  it('a save that was writing its file when the school was deleted does not bring it back', async () => {
    const dir = folder();
    const store = new TokenStore(dir, new FileKeyEncryptor(join(dir, 'key')), () => false);
    await store.save(set);
    const sessions = join(dir, 'sessions');
    // The file is written off the event loop: the delete comes once its temporary file exists.
    const watcher = watch(sessions);
    const writing = new Promise<void>((resolve) =>
      watcher.on('change', (_event, name) => {
        if (String(name).endsWith('.tmp')) resolve();
      }),
    );
    const saving = store.save(set).catch((e: unknown) => e);
    await writing;
    await store.delete(schoolKeyOf(set));
    watcher.close();
    expect(await saving).toMatchObject({ code: 'not_signed_in' });
    expect(readdirSync(sessions)).toEqual([]);
    expect(await store.load(schoolKeyOf(set))).toBeUndefined();
  });
});
