import { test, expect, type Page } from '@playwright/test';
import {
  openArea,
  openRecordRow,
  signInAndSync,
  sharedSchool,
  startApp,
  syncStatusOf as status,
} from '../support/school-process';
import { readApi } from '../support/workspace-flow';

/**
 * A save ends when the change is kept, not when every open list has been read again: with the
 * school away, Ctrl+S has the form say "Saved on this computer" while the screen's reads of
 * the courses it makes afterwards are still on their way (held back here by 5 s in the page's
 * own bridge). Before, the form said "Saving…" until the last of them answered.
 */

type ApiCourse = { id: string; name: string };
const panel = (page: Page) => page.locator('.record-panel');
const HELD_MS = 5_000;

test.describe('a save ends when it is kept', () => {
  const shared = sharedSchool('schooldesk-save-ends-');

  test('the form says it is saved while the lists are still read again', async ({ page }) => {
    test.setTimeout(120_000);
    const { school, appDir } = shared;
    const [course] = (
      await readApi<{ nodes: ApiCourse[] }>(school.url, 'courses?perPage=1&sort=name')
    ).nodes;
    const app = await startApp(appDir);
    try {
      await signInAndSync(page, app.url, school.url);
      await school.kill();
      await openArea(page, 'Courses');
      await expect(status(page)).toHaveText(/Can.t reach the school/, { timeout: 60_000 });
      await openRecordRow(page, 'courses', course!.name);

      await page.route(/\/bridge\/courses%3A(list|get)$/, async (route) => {
        const response = await route.fetch();
        await new Promise((resolve) => setTimeout(resolve, HELD_MS));
        await route.fulfill({ response }).catch(() => undefined);
      });
      await panel(page).getByLabel('Name').fill(`${course!.name} (kept)`);
      await page.keyboard.press('Control+s');
      const formStatus = panel(page).getByRole('status').filter({ hasText: /./ }).first();
      await expect(formStatus).toHaveText(/Saved on this computer/, { timeout: HELD_MS / 2 });
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await app.host.close();
    }
  });
});
