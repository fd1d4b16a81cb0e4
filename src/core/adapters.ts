/**
 * What core needs from its host. Electron passes safeStorage, shell.openExternal and so on;
 * the web host and the tests pass real Node alternatives. Core never reaches for them itself.
 */

/** Encrypts secrets at rest. */
export interface Encryptor {
  /**
   * What keeps its key:
   * - `keyring`: the OS keychain (safeStorage on macOS, Windows, Linux with a keyring);
   * - `key_file`: a random key of its own in a file only this user can read (0600), in the
   *   data folder (the web host): safe from other users, not from whoever can read this
   *   user's files, and a copy of the whole folder takes the key along;
   * - `basic_text`: safeStorage on Linux without a keyring, a key known to all: no protection.
   *
   * What each means for keeping secrets on disk is decided once, in `keepsSecretsOnDisk`.
   */
  readonly protection: 'keyring' | 'key_file' | 'basic_text';
  encrypt(plain: Buffer): Promise<Buffer>;
  /** Rejects when the blob was not made by this encryptor (or was tampered with). */
  decrypt(blob: Buffer): Promise<Decrypted>;
}

/**
 * Whether tokens and each school's data go to disk (encrypted) without the owner's opt-in.
 * With a keyring, yes. With a key file, yes: the web host was made to keep them so (a
 * browser tab has no keyring to offer), and its folder and files are private to this user.
 * With `basic_text`, no: they stay in memory unless the owner opts in, and the app says so.
 */
export function keepsSecretsOnDisk(protection: Encryptor['protection']): boolean {
  switch (protection) {
    case 'keyring':
    case 'key_file':
      return true;
    case 'basic_text':
      return false;
  }
}

/** What {@link Encryptor.decrypt} answers. */
export interface Decrypted {
  plain: Buffer;
  /**
   * The blob was sealed with a key the encryptor has since replaced (safeStorage rotated its
   * key, or found one with a different security level): the reader seals `plain` again and
   * writes it back in place, atomically, so the old key is not needed next time.
   */
  stale: boolean;
}

/** Opens a URL in the user's own browser (the "system browser" of RFC 8252). */
export interface BrowserOpener {
  open(url: string): Promise<void>;
}

/** Time, injectable so token expiry can be tested without waiting. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** The fetch function core uses for every request. */
export type Fetch = typeof fetch;

/** Where core writes what it logs; every line passes through the secret mask first. */
export interface LogSink {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const systemClock: Clock = { now: () => Date.now() };
