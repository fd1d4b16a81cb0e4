import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { silentLog } from '../../src/core/auth/secret-mask';
import { startWebHost, type WebHost } from '../../src/web/server';
import { spawnPlatform, type PlatformProcess } from './platform-process';
import { allowInBrowser, followSignInLink } from './workspace-flow';

/**
 * A school an offline spec can take away and bring back: the stand-in as its own process on
 * a fixed port and data folder, killed outright (as a dropped network looks to the app) and
 * started again where the app expects it; and the app in the web host on a data folder that
 * outlives one host.
 */

const rendererDir = process.env['SCHOOLDESK_OUT_DIR']
  ? join(process.env['SCHOOLDESK_OUT_DIR'], 'renderer')
  : fileURLToPath(new URL('../../out/renderer', import.meta.url));

/** A free loopback port, so the school can be restarted where the app expects it. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The school as its own process, on a fixed port and data folder. */
export class School {
  private process: PlatformProcess | undefined;
  readonly dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-offline-school-'));
  constructor(readonly port: number) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the school's process, unless it is running already. */
  async start(): Promise<void> {
    if (this.process) return;
    const args = ['--port', String(this.port), '--data', this.dataDir, '--control'];
    this.process = await spawnPlatform([...args, '--students', '300', '--rate-limit', 'off']);
  }

  /** Kills the school's process outright, as a dropped network looks to the app. */
  async kill(): Promise<void> {
    const pid = this.process?.pid;
    if (pid === undefined) return;
    process.kill(pid, 'SIGKILL');
    await this.process?.stop();
    this.process = undefined;
  }

  async close(): Promise<void> {
    await this.process?.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** The app in the web host on a data folder that outlives one host. */
export async function startApp(dataDir: string): Promise<{ host: WebHost; url: string }> {
  const host = await startWebHost({
    port: 0,
    dataDir,
    rendererDir,
    browser: { open: () => Promise.resolve() },
    log: silentLog,
  });
  return { host, url: `${host.url}/#${host.secret}` };
}

/** The app's area navigation, its list and its sync status line, by the names it shows. */
export const areasOf = (page: Page) => page.getByRole('navigation', { name: 'Areas' });
export const gridOf = (page: Page) => page.getByRole('grid');
export const syncStatusOf = (page: Page) => page.getByRole('status', { name: 'Sync status' });

/** Opens an area from the navigation and waits for its heading. */
export async function openArea(page: Page, name: string): Promise<void> {
  await areasOf(page).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** Signs in to the school with every area Schooldesk manages, and waits for the first sync. */
export async function signInAndSync(page: Page, appUrl: string, schoolUrl: string): Promise<void> {
  await page.goto(appUrl);
  await page.getByLabel('School address').fill(schoolUrl);
  await page.getByRole('button', { name: 'Everything' }).click();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await allowInBrowser(await followSignInLink(page));
  await expect(syncStatusOf(page)).toHaveText(/Up to date/, { timeout: 60_000 });
}

/**
 * Finds a record of the open area by searching for `text` (`area` as its search box names it:
 * "courses"), and opens it. The list re-renders once the search settles; a click on the row
 * before may land on the list it replaced, so it is clicked again until the record opens.
 */
export async function openRecordRow(page: Page, area: string, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: `Search ${area}` }).fill(text);
  await expect(async () => {
    await gridOf(page).getByRole('gridcell', { name: text, exact: true }).first().click();
    await expect(page.locator('.record-panel')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * For a serial describe of offline specs: one school process and one app data folder, made
 * before its tests and removed after them. Read them inside a test (`const { school, appDir }
 * = shared`): they exist once beforeAll has run.
 */
export function sharedSchool(appPrefix: string): { school: School; appDir: string } {
  const shared = {} as { school: School; appDir: string };
  test.beforeAll(async () => {
    shared.school = new School(await freePort());
    await shared.school.start();
    shared.appDir = mkdtempSync(join(tmpdir(), appPrefix));
  });
  test.afterAll(async () => {
    await shared.school?.close();
    if (shared.appDir) rmSync(shared.appDir, { recursive: true, force: true });
  });
  return shared;
}
