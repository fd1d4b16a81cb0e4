import type { SafeStorage } from 'electron';
import type { Encryptor } from '../../core/adapters';

/** The parts of Electron's safeStorage this encryptor uses (the real module in the app). */
export type SafeStorageApi = Pick<
  SafeStorage,
  'isEncryptionAvailable' | 'encryptString' | 'decryptString' | 'setUsePlainTextEncryption'
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
export function protectionOf(
  safeStorage: SafeStorageApi,
  platform: NodeJS.Platform,
): Encryptor['protection'] {
  if (!safeStorage.isEncryptionAvailable()) return 'basic_text';
  if (platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text')
    return 'basic_text';
  return 'keyring';
}

/**
 * The Encryptor of the Electron host: safeStorage (macOS Keychain, Windows DPAPI, the Linux
 * keyring). Blobs carry base64 of the plain bytes, because safeStorage encrypts strings and
 * arbitrary bytes would not survive a UTF-8 round trip.
 */
export class SafeStorageEncryptor implements Encryptor {
  readonly protection: Encryptor['protection'];

  constructor(
    private readonly safeStorage: SafeStorageApi,
    private readonly platform: NodeJS.Platform = process.platform,
  ) {
    this.protection = protectionOf(safeStorage, platform);
  }

  encrypt(plain: Buffer): Promise<Buffer> {
    // Core writes tokens to disk with `basic_text` only after the user opted in. On Linux with
    // no backend at all, Chromium then needs telling to use its in-memory fallback key, or
    // encryptString throws; the user already knows this protects nothing.
    if (this.platform === 'linux' && !this.safeStorage.isEncryptionAvailable())
      this.safeStorage.setUsePlainTextEncryption(true);
    return settle(() => this.safeStorage.encryptString(plain.toString('base64')));
  }

  decrypt(blob: Buffer): Promise<Buffer> {
    return settle(() => Buffer.from(this.safeStorage.decryptString(blob), 'base64'));
  }
}

/** Turns safeStorage's synchronous throws into rejections, as the Encryptor contract says. */
function settle(work: () => Buffer): Promise<Buffer> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}
