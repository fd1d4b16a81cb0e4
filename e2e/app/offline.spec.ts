import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { screenshot } from '../support/app-fixtures';
import {
  freePort,
  gridOf as grid,
  openArea,
  School,
  sharedSchool,
  startApp,
  syncStatusOf as status,
} from '../support/school-process';
import { allowInBrowser, followSignInLink } from '../support/workspace-flow';

/**
 * Working offline, as an owner would meet it: the school is a real process that the spec
 * kills (SIGKILL) and starts again on the same port and data folder, and the app is the web
 * host, restarted on the same data folder. Everything is found by the names the app shows.
 */

test.describe('working offline', () => {
  test.describe.configure({ mode: 'serial' });
  const shared = sharedSchool('schooldesk-offline-app-');

  test('a synced school opens, searches and shows records with the school gone, and comes back', async ({
    page,
  }) => {
    const { school, appDir } = shared;
    test.setTimeout(180_000);
    let app = await startApp(appDir);
    await page.goto(app.url);
    await page.getByLabel('School address').fill(school.url);
    await page.getByRole('button', { name: 'Everything' }).click();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await allowInBrowser(await followSignInLink(page));
    await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();

    // Every area is copied in the background; the shell says when it is done.
    await expect(status(page)).toHaveText(/Up to date/, { timeout: 60_000 });
    await openArea(page, 'Students');
    const someone = (await grid(page).getByRole('row').nth(1).textContent()) ?? '';
    expect(someone).not.toBe('');

    await school.kill();

    // Every area still opens, from the copy on this computer.
    for (const area of ['Courses', 'Students', 'Coupons', 'Pages']) {
      await openArea(page, area);
      await expect(grid(page).getByRole('row').nth(1)).toBeVisible();
    }
    await expect(status(page)).toHaveText(/Can.t reach the school/, { timeout: 60_000 });
    await screenshot(page, 'offline-status');

    // Search works offline, with the platform's own rules.
    await openArea(page, 'Students');
    const search = page.getByRole('searchbox', { name: 'Search students' });
    await search.fill('a');
    await expect(page.locator('.list-count')).toHaveText(/students?/);
    await search.fill('');

    // A record opens, and saving says why it cannot be done now.
    await grid(page).getByRole('row').nth(1).click();
    await expect(page.locator('.record-panel')).toBeVisible();
    await expect(page.getByText(/You.re offline|can.t be saved/).first()).toBeVisible();

    // The app restarts with the school still down: the signed-in school opens from its copy.
    await app.host.close();
    app = await startApp(appDir);
    // The host keeps its address per data folder: leave the page, so the app loads anew.
    await page.goto('about:blank');
    await page.goto(app.url);
    await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
    await expect(grid(page).getByRole('row').nth(1)).toBeVisible();
    await openArea(page, 'Students');
    await expect(grid(page).getByRole('row').nth(1)).toBeVisible();

    // The school comes back: the status returns to "Up to date" without a reload.
    await school.start();
    await expect(status(page)).toHaveText(/Up to date/, { timeout: 90_000 });

    // Sign-out removes this school's database, its WAL and shared memory, and its key.
    const schools = join(appDir, 'schools');
    expect(readdirSync(schools).filter((name) => name.includes('.sqlite')).length).toBe(3);
    expect(readdirSync(schools).filter((name) => name.endsWith('.key')).length).toBe(1);
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByLabel('School address')).toBeVisible();
    expect(existsSync(schools) ? readdirSync(schools) : []).toEqual([]);
    await app.host.close();
  });

  test('an area never copied says so offline; two schools keep their own copy and status', async ({
    page,
  }) => {
    const { school } = shared;
    test.setTimeout(180_000);
    const other = new School(await freePort());
    await other.start();
    await school.start();
    const dir = mkdtempSync(join(tmpdir(), 'schooldesk-offline-app-'));
    const app = await startApp(dir);
    try {
      // Students answer slowly, so their first sync is still under way when the school goes.
      await fetch(`${school.url}/__control/latency`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ms: 4_000, pathPrefix: '/api/v1/students' }),
      });
      await page.goto(app.url);
      await page.getByLabel('School address').fill(school.url);
      await page.getByRole('button', { name: 'Everything' }).click();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await allowInBrowser(await followSignInLink(page));
      await expect(status(page)).toHaveText(/Syncing students/, { timeout: 60_000 });
      await screenshot(page, 'offline-sync-progress');
      await school.kill();
      await openArea(page, 'Students');
      await expect(
        page.getByText(/Students were never copied to this computer/).first(),
      ).toBeVisible({ timeout: 30_000 });
      await screenshot(page, 'offline-never-synced');
      // Courses were copied first, so they still open.
      await openArea(page, 'Courses');
      await expect(grid(page).getByRole('row').nth(1)).toBeVisible();

      // A second school signs in beside it, with its own copy and its own status.
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('menuitem', { name: 'Add another school' }).click();
      await page.getByLabel('School address').fill(other.url);
      await page.getByRole('button', { name: 'Everything' }).click();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await allowInBrowser(await followSignInLink(page));
      await expect(status(page)).toHaveText(/Up to date/, { timeout: 60_000 });
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('menuitem', { name: 'Account details' }).click();
      const schools = page.getByRole('navigation', { name: 'Your schools' });
      await expect(schools.getByRole('button')).toHaveCount(2);
      await screenshot(page, 'offline-two-schools');
      // Each school has its own database.
      const databases = readdirSync(join(dir, 'schools')).filter((name) =>
        name.endsWith('.sqlite'),
      );
      expect(databases).toHaveLength(2);
    } finally {
      await app.host.close();
      await other.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
