import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { electronBinaryPath, installedElectronVersion } from '../../scripts/electron-binary';
import { startPlatform, type RunningPlatform } from '../platform/server';
import { OWNER, signInAndAllow } from '../support/oauth-flow';

/**
 * The desktop app end to end: the real Electron host (hardened window, preload, IPC, core)
 * signs in to the stand-in platform. Electron cannot be downloaded on our machines, so this
 * skips there, saying why; on a machine with the binary it runs for real.
 *
 * Needs `npm run build` first (`npm run test:e2e` does it): it launches out/main/index.js.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const mainBundle = join(repoRoot, 'out', 'main', 'index.js');
const binary = electronBinaryPath();

/** Why this machine cannot run the desktop app, or undefined when it can. */
function skipReason(): string | undefined {
  if (!binary)
    return (
      `the Electron ${installedElectronVersion()} binary is not installed (since Electron 42 the ` +
      'electron package downloads it on first use, which this machine cannot; `npm start` says ' +
      'how to fetch it where the download works).'
    );
  if (process.platform === 'linux' && !process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY'])
    return 'no display for Electron on this Linux machine; run the tests under `xvfb-run -a`.';
  return undefined;
}

const reason = skipReason();
if (reason) console.log(`Electron end-to-end tests skipped: ${reason}`);
test.skip(reason !== undefined, reason);

test.describe('the Electron app', () => {
  let platform: RunningPlatform;
  let app: ElectronApplication;
  let dataDir: string;

  test.beforeAll(async () => {
    expect(existsSync(mainBundle), `${mainBundle} is missing: run \`npm run build\``).toBe(true);
    platform = await startPlatform({ control: true, students: 50, rateLimit: null });
  });

  test.afterAll(async () => {
    await platform?.close();
  });

  test.beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-electron-'));
    const env = { ...process.env } as Record<string, string>;
    // The built renderer, never a dev server a developer may have left in the environment.
    delete env['ELECTRON_RENDERER_URL'];
    app = await electron.launch({
      executablePath: binary!,
      args: [
        // The project folder, as `electron .` would: package.json names the app and its main.
        repoRoot,
        // A keyring prompt would stall the test: safeStorage's basic_text backend instead,
        // which keeps tokens in memory only (the app's no-keyring mode).
        '--password-store=basic',
        // Chromium's sandbox cannot start as root (containers); the app's own hardening
        // (contextIsolation, no Node in the renderer) is unaffected.
        ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      ],
      env: {
        ...env,
        // A data folder of its own, so the run starts signed out and leaves the user's alone.
        SCHOOLDESK_DATA_DIR: dataDir,
        // The test follows the sign-in link in its own browser instead of the system one.
        SCHOOLDESK_NO_BROWSER: '1',
      },
    });
  });

  test.afterEach(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('signs in through the sign-in link and shows who you are', async ({ browser }, testInfo) => {
    const appPage = await app.firstWindow();

    // The page sees the named API only: no Node, no ipcRenderer, no generic invoke.
    const exposed = await appPage.evaluate(() => ({
      api: Object.keys(window.schooldesk).sort(),
      session: Object.keys(window.schooldesk.session).sort(),
      node: typeof (globalThis as { require?: unknown; process?: unknown }).require,
      process: typeof (globalThis as { process?: unknown }).process,
    }));
    expect(exposed).toEqual({
      api: ['onEvent', 'schools', 'session', 'settings', 'version'],
      session: ['cancel', 'current', 'grantMore', 'signIn', 'signOut'],
      node: 'undefined',
      process: 'undefined',
    });

    await appPage.getByLabel('School address').fill(platform.url);
    await appPage.getByRole('button', { name: 'Sign in' }).click();
    const link = appPage.getByRole('link', { name: 'Open the sign-in page' });
    await expect(link).toBeVisible();
    const authorizationUrl = await link.getAttribute('href');
    expect(authorizationUrl).toMatch(new RegExp(`^${platform.url}/`));

    // A second page plays the user's browser: log in as the owner and allow.
    const signInPage = await browser.newPage();
    await signInPage.goto(authorizationUrl!);
    await signInAndAllow(OWNER.email, OWNER.password)(signInPage);
    await expect(
      signInPage.getByText('You can close this tab and return to Schooldesk.'),
    ).toBeVisible();
    await signInPage.close();

    await expect(appPage.getByText('Olivia Owner')).toBeVisible();
    await expect(appPage.getByText(OWNER.email)).toBeVisible();
    await expect(appPage.getByText(platform.url).first()).toBeVisible();
    await appPage.screenshot({ path: testInfo.outputPath('electron-signed-in.png') });
  });
});
