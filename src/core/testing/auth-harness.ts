import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPlatform, type RunningPlatform } from '../../../e2e/platform/server';
import type { PlatformOptions } from '../../../e2e/platform/types';
import { AuthService, type AuthServiceOptions } from '../auth/auth-service';
import type { SignInProgress } from '../auth/deps';
import { FileKeyEncryptor } from '../store/file-key-encryptor';
import { ChromiumOpener } from './chromium-opener';

/** A stand-in, a Chromium "system browser" and data folders for AuthService instances. */
export type AuthHarness = {
  platform: RunningPlatform;
  browser: ChromiumOpener;
  /** A new AuthService on `dataDir` (a fresh folder when omitted), as the app would build it. */
  service(options?: Partial<AuthServiceOptions> & { dataDir?: string }): {
    auth: AuthService;
    dataDir: string;
    progress: SignInProgress[];
  };
  close(): Promise<void>;
};

/** Starts everything a sign-in test needs; `close()` stops it all and removes the folders. */
export async function startAuthHarness(
  platformOptions: Partial<PlatformOptions> = {},
): Promise<AuthHarness> {
  const platform = await startPlatform({
    students: 20,
    control: true,
    rateLimit: null,
    ...platformOptions,
  });
  const browser = await ChromiumOpener.launch();
  const folders: string[] = [];
  return {
    platform,
    browser,
    service(options = {}) {
      const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'schooldesk-core-'));
      folders.push(dataDir);
      const progress: SignInProgress[] = [];
      const auth = new AuthService({
        encryptor: new FileKeyEncryptor(join(dataDir, 'keys', 'session.key')),
        browser,
        onProgress: (event) => progress.push(event),
        ...options,
        dataDir,
      });
      return { auth, dataDir, progress };
    },
    async close() {
      await browser.close();
      await platform.close();
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    },
  };
}
