import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { test as base, expect } from './fixtures';
import { startWebHost, type WebHost } from '../../src/web/server';
import type { TokenSet } from '../../src/core/auth/token-set';
import { readStoredTokens } from './harness/auth-harness';
import { silentLog } from '../../src/core/auth/secret-mask';

/**
 * The built renderer. SCHOOLDESK_OUT_DIR lets a parallel run use its own build
 * (`npx electron-vite build --outDir <dir>`), so two builds never swap files under a test.
 */
const rendererDir = process.env['SCHOOLDESK_OUT_DIR']
  ? join(process.env['SCHOOLDESK_OUT_DIR'], 'renderer')
  : fileURLToPath(new URL('../../out/renderer', import.meta.url));

/** The app in the web host, with its own data folder, pointed at the worker's stand-in. */
export type App = {
  host: WebHost;
  /** The address with the per-run secret in the fragment, as the host prints it. */
  url: string;
  dataDir: string;
  /** Sign-in URLs the app asked the "system browser" to open. */
  opened: string[];
  /** The stored tokens (read from disk through the encryptor: tests only). */
  tokens(): Promise<TokenSet>;
};

/** The conformance fixtures (one stand-in per worker) plus the app in the web host. */
export const test = base.extend<{ app: App; browserOpens: boolean }>({
  /** Whether the "system browser" opens (false: the host's opener fails, as with none). */
  browserOpens: [true, { option: true }],
  app: async ({ browserOpens }, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-app-'));
    const opened: string[] = [];
    const host = await startWebHost({
      port: 0,
      dataDir,
      rendererDir,
      // The test follows the "Open the sign-in page" link itself, as a user would.
      browser: {
        open: (url) =>
          browserOpens
            ? Promise.resolve(void opened.push(url))
            : Promise.reject(new Error('no browser on this machine')),
      },
      log: silentLog,
      // The worker's stand-in runs with its rate limits off (tests that need limits set them
      // on both sides), so the app does not pace itself to the platform's either: a 5,000-row
      // import would otherwise take the real 25 minutes.
      rateLimits: { reads: null, writes: null },
    });
    await use({
      host,
      url: `${host.url}/#${host.secret}`,
      dataDir,
      opened,
      tokens: () => readStoredTokens(dataDir),
    });
    await host.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
});

export { expect };

/** Saves a screenshot of the current screen under e2e/output/screens for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: fileURLToPath(new URL(`../output/screens/${name}.png`, import.meta.url)),
    fullPage: true,
  });
}
