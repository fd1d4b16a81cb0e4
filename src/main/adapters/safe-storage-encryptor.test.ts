import { describe, expect, it } from 'vitest';
import { protectionOf, type SafeStorageApi } from './safe-storage-encryptor';

/** safeStorage as a machine reports it; only the answers that decide protection matter. */
function machine(available: boolean, backend?: string): SafeStorageApi {
  return {
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: backend
      ? () => backend as ReturnType<NonNullable<SafeStorageApi['getSelectedStorageBackend']>>
      : undefined,
    encryptString: () => Buffer.alloc(0),
    decryptString: () => '',
    setUsePlainTextEncryption: () => {},
  };
}

describe('protectionOf', () => {
  it('is keyring with a real backend', () => {
    expect(protectionOf(machine(true, 'gnome_libsecret'), 'linux')).toBe('keyring');
    expect(protectionOf(machine(true, 'kwallet6'), 'linux')).toBe('keyring');
    expect(protectionOf(machine(true), 'darwin')).toBe('keyring');
    expect(protectionOf(machine(true), 'win32')).toBe('keyring');
  });

  it('is basic_text on Linux without a keyring, or wherever encryption is unavailable', () => {
    expect(protectionOf(machine(true, 'basic_text'), 'linux')).toBe('basic_text');
    expect(protectionOf(machine(false, 'gnome_libsecret'), 'linux')).toBe('basic_text');
    expect(protectionOf(machine(false), 'darwin')).toBe('basic_text');
  });
});
