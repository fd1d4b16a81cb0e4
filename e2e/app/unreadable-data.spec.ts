import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { screenshot } from '../support/app-fixtures';
import {
  openArea,
  openRecordRow,
  sharedSchool,
  signInAndSync,
  startApp,
} from '../support/school-process';
import { readApi } from '../support/workspace-flow';

/**
 * What the owner sees when this computer cannot read a school's data (issue #21 §8): a course
 * edit saved with the school away, the app stopped, the database's key removed (a keychain
 * reset does that), the app started again. The header and the list of changes say how many
 * unsent changes could not be read and when; "Got it" puts the notice away, for good.
 */

type ApiList<T> = { nodes: T[] };
type ApiCourse = { id: string; name: string };

const panel = (page: Page) => page.locator('.record-panel');

test.describe('data this computer cannot read', () => {
  const shared = sharedSchool('schooldesk-unreadable-app-');

  test('is set aside, and the owner is told how many unsent changes it held and when', async ({
    page,
  }) => {
    const { school, appDir } = shared;
    test.setTimeout(180_000);
    const [course] = (await readApi<ApiList<ApiCourse>>(school.url, 'courses?perPage=1&sort=name'))
      .nodes;
    let app = await startApp(appDir);
    await signInAndSync(page, app.url, school.url);

    // A change saved on this computer while the school is away.
    await school.kill();
    await openArea(page, 'Courses');
    await openRecordRow(page, 'courses', course!.name);
    await panel(page).getByLabel('Name').fill(`${course!.name} (lost key)`);
    await page.keyboard.press('Control+s');
    await expect(page.getByText(/Saved on this computer/).first()).toBeVisible();

    // The app stops; the database's key goes (as a keychain reset would take it).
    await app.host.close();
    const folder = join(appDir, 'schools');
    for (const name of readdirSync(folder).filter((n) => n.endsWith('.key')))
      rmSync(join(folder, name));
    app = await startApp(appDir);
    await page.goto('about:blank');
    await page.goto(app.url);

    const notice = page.getByRole('button', { name: '1 unsent change could not be read' });
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await notice.click();
    const dialog = page.getByRole('dialog', { name: 'Changes waiting to be sent' });
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText(
      'Some of this school’s data on this computer could not be read',
    );
    await expect(alert).toContainText('Its key was missing');
    await expect(alert).toContainText('It held 1 unsent change, the last saved on');
    await expect(alert).toContainText('set aside, not deleted');
    // Not "every change has reached the school": one did not.
    await expect(dialog.getByText('Every change has reached the school.')).toBeHidden();
    await screenshot(page, 'unreadable-data-notice');
    // Set aside beside the new database, not deleted.
    expect(readdirSync(folder).some((name) => name.endsWith('.sqlite.unreadable'))).toBe(true);

    await alert.getByRole('button', { name: 'Got it' }).click();
    await expect(alert).toBeHidden();
    await expect(notice).toBeHidden();
    // Read once, gone for good: a restart does not bring it back.
    await app.host.close();
    app = await startApp(appDir);
    await page.goto('about:blank');
    await page.goto(app.url);
    await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
    await expect(notice).toBeHidden();
    await app.host.close();
  });
});
