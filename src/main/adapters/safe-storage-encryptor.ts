import type { SafeStorage } from 'electron';
import type { Decrypted, Encryptor } from '../../core/host';

/**
 * The parts of Electron's safeStorage this encryptor uses (the real module in the app): the
 * asynchronous API only. The synchronous one (`isEncryptionAvailable`, `encryptString`,
 * `decryptString`) is deprecated in Electron 45 and removed in 46; what it wrote opens with
 * `decryptStringAsync`, which says when such a blob should be sealed again.
 */
export type SafeStorageApi = Pick<
  SafeStorage,
  | 'isAsyncEncryptionAvailable'
  | 'encryptStringAsync'
  | 'decryptStringAsync'
  | 'setUsePlainTextEncryption'
> &
  Partial<Pick<SafeStorage, 'getSelectedStorageBackend'>>;

/**
 * How much safeStorage protects on this machine. On Linux without a keyring (GNOME Keyring,
 * KWallet) safeStorage falls back to `basic_text`, a key hard-coded in Chromium, which
 * protects nothing; when encryption is unavailable altogether it protects nothing either.
 * Core then keeps tokens in memory unless the user opts in (DESIGN.md, security model).
 *
 * Call after the app's `ready` event: before it, Linux reports `unknown` and unavailable.
 */
export async function protectionOf(
  safeStorage: SafeStorageApi,
  platform: NodeJS.Platform,
): Promise<Encryptor['protection']> {
  if (!(await safeStorage.isAsyncEncryptionAvailable())) return 'basic_text';
  if (platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text')
    return 'basic_text';
  return 'keyring';
}

/**
 * The Encryptor of the Electron host: safeStorage (macOS Keychain, Windows DPAPI, the Linux
 * keyring). Blobs carry base64 of the plain bytes, because safeStorage encrypts strings and
 * arbitrary bytes would not survive a UTF-8 round trip; blobs written by earlier versions
 * through the synchronous API carry the same, so they open unchanged.
 */
export class SafeStorageEncryptor implements Encryptor {
  private constructor(
    private readonly safeStorage: SafeStorageApi,
    readonly protection: Encryptor['protection'],
    /** Linux with no backend at all: Chromium must be told to use its in-memory key. */
    private readonly noBackend: boolean,
  ) {}

  /** Asks safeStorage how much it protects here; call after the app's `ready` event. */
  static async create(
    safeStorage: SafeStorageApi,
    platform: NodeJS.Platform = process.platform,
  ): Promise<SafeStorageEncryptor> {
    const available = await safeStorage.isAsyncEncryptionAvailable();
    const protection = await protectionOf(safeStorage, platform);
    return new SafeStorageEncryptor(safeStorage, protection, platform === 'linux' && !available);
  }

  async encrypt(plain: Buffer): Promise<Buffer> {
    // Core writes with `basic_text` only after the user opted in. On Linux with no backend at
    // all, Chromium then needs telling to use its in-memory fallback key, or encrypting fails;
    // the user already knows this protects nothing.
    if (this.noBackend) this.safeStorage.setUsePlainTextEncryption(true);
    return this.safeStorage.encryptStringAsync(plain.toString('base64'));
  }

  async decrypt(blob: Buffer): Promise<Decrypted> {
    const { result, shouldReEncrypt } = await this.safeStorage.decryptStringAsync(blob);
    return { plain: Buffer.from(result, 'base64'), stale: shouldReEncrypt };
  }
}
