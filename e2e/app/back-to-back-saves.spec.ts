import { test, expect } from '@playwright/test';
import {
  gridOf,
  openArea,
  sharedSchool,
  signInAndSync,
  startApp,
  syncStatusOf as status,
} from '../support/school-process';
import { timeOfflineSave } from '../support/screen-timing';

/**
 * Saves made one after another, as fast as a keyboard can: each types a new name and presses
 * Ctrl+S while the screen still reads back the one before (the school away, so each is kept
 * on this computer at once). Every one must be kept with what was typed. Before, a version
 * read back could refill the form over a name just typed, and Ctrl+S then said "Nothing to
 * save" (the typed name was gone): this spec failed so in 2 of 5 runs on that code, and a
 * bench of 40 such saves at 20,000 students in each of 3 runs.
 */

const SAVES = 40;
/** The most a read of the record or its list is held back. */
const SPREAD_MS = 80;

test.describe('back-to-back saves', () => {
  const shared = sharedSchool('schooldesk-back-to-back-');

  test('keep every name typed, however soon the next one comes', async ({ page }) => {
    test.setTimeout(180_000);
    const { school, appDir } = shared;
    const app = await startApp(appDir);
    try {
      await page.setViewportSize({ width: 1280, height: 800 });
      await signInAndSync(page, app.url, school.url);
      await school.kill();
      await openArea(page, 'Students');
      await expect(status(page)).toHaveText(/Can.t reach the school/, { timeout: 60_000 });
      await gridOf(page).locator('[role="row"][aria-rowindex="2"]').click();
      // The screen's reads of the record come back at any moment of the next edit, as they do
      // from a large school's copy (a count over 100,000 rows takes tens of milliseconds).
      await page.route(/\/bridge\/students%3A(get|list)$/, async (route) => {
        const response = await route.fetch();
        await new Promise((resolve) => setTimeout(resolve, Math.random() * SPREAD_MS));
        await route.fulfill({ response }).catch(() => undefined);
      });
      const name = page.locator('.record-panel').getByLabel('Name');
      for (let n = 1; n <= SAVES; n += 1) {
        await timeOfflineSave(page, `Back to back ${n}`);
        await expect(name).toHaveValue(`Back to back ${n}`);
      }
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await app.host.close();
    }
  });
});
