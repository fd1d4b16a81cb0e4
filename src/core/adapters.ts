/**
 * What core needs from its host. Electron passes safeStorage, shell.openExternal and so on;
 * the web host and the tests pass real Node alternatives. Core never reaches for them itself.
 */

/** Encrypts secrets at rest. */
export interface Encryptor {
  /**
   * `keyring`: backed by the OS keychain or an equivalent key of its own (safe at rest);
   * `basic_text`: safeStorage on Linux without a keyring, which protects nothing.
   */
  readonly protection: 'keyring' | 'basic_text';
  encrypt(plain: Buffer): Promise<Buffer>;
  /** Rejects when the blob was not made by this encryptor (or was tampered with). */
  decrypt(blob: Buffer): Promise<Decrypted>;
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
