import { test, expect, type Page } from '@playwright/test';
import { screenshot } from '../support/app-fixtures';
import {
  gridOf as grid,
  openArea,
  openRecordRow,
  signInAndSync,
  sharedSchool,
  startApp,
  syncStatusOf as status,
} from '../support/school-process';
import { readApi, requestCounts } from '../support/workspace-flow';

/**
 * A curriculum changed offline, as every other edit: saved on this computer with its "Not sent
 * yet" mark, kept across a restart, two saves of one course's curriculum waiting as one
 * change, and sent to the school once when it is back. The school is a real process the spec
 * kills and starts again; the app is the web host, restarted on the same data folder.
 */

type ApiList<T> = { nodes: T[] };
type ApiCourse = {
  id: string;
  name: string;
  sections: { id: string; title: string; lectures: { id: string; title: string }[] }[];
};

const panel = (page: Page) => page.locator('.record-panel');
const tree = (page: Page) => page.getByRole('tree', { name: 'Curriculum' });
const waiting = (page: Page) => page.getByRole('button', { name: /changes? waiting to be sent/ });
const lecture = (page: Page, title: string) =>
  tree(page).getByRole('treeitem', { name: title, exact: false }).filter({ hasText: title });

test.describe('a curriculum changed offline', () => {
  const shared = sharedSchool('schooldesk-curriculum-app-');

  test('is saved here, survives a restart as one change, and reaches the school once', async ({
    page,
  }) => {
    const { school, appDir } = shared;
    test.setTimeout(180_000);
    const [course] = (await readApi<ApiList<ApiCourse>>(school.url, 'courses?perPage=1&sort=name'))
      .nodes;
    const [first, second] = course!.sections[0]!.lectures;
    let app = await startApp(appDir);
    await signInAndSync(page, app.url, school.url);

    await school.kill();
    await openArea(page, 'Courses');
    await expect(status(page)).toHaveText(/Can.t reach the school/, { timeout: 60_000 });
    await openRecordRow(page, 'courses', course!.name);

    // The first lecture moves down, and the course is saved on this computer.
    await lecture(page, first!.title).first().click();
    await page.keyboard.press('Alt+ArrowDown');
    await page.keyboard.press('Control+s');
    await expect(
      panel(page)
        .getByText(/Saved on this computer/)
        .first(),
    ).toBeVisible();
    await expect(grid(page).getByRole('img', { name: 'Not sent yet' }).first()).toBeVisible();
    await expect(waiting(page)).toHaveAccessibleName(/^1 change waiting to be sent/);

    // A second change of the same curriculum waits in the same entry.
    await lecture(page, second!.title).first().click();
    await page.keyboard.press('F2');
    await tree(page).getByRole('textbox', { name: 'Title' }).fill('Renamed offline');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+s');
    await expect(lecture(page, 'Renamed offline')).toBeVisible();
    await expect(waiting(page)).toHaveAccessibleName(/^1 change waiting to be sent/);
    await screenshot(page, 'curriculum-offline');

    // The app restarts with the school still down: the change is still there.
    await app.host.close();
    app = await startApp(appDir);
    await page.goto(app.url);
    await expect(waiting(page)).toHaveAccessibleName(/^1 change waiting to be sent/, {
      timeout: 30_000,
    });

    // The school comes back: the change is sent once, and the mark goes.
    await school.start();
    await expect(waiting(page)).toHaveCount(0, { timeout: 90_000 });
    const onSchool = await readApi<ApiCourse>(school.url, `courses/${course!.id}`);
    expect(onSchool.sections[0]!.lectures.slice(0, 2).map((l) => [l.id, l.title])).toEqual([
      [second!.id, 'Renamed offline'],
      [first!.id, first!.title],
    ]);
    expect((await requestCounts(school.url))['PATCH /api/v1/courses/:id']).toBe(1);
    await app.host.close();
  });
});
