import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
import { readApi } from '../support/workspace-flow';

/**
 * Edits made offline (issue #13), as an owner makes them: the school is a real process the
 * spec kills and starts again; the app is the web host, restarted on the same data folder.
 * Go offline, edit a course, create a coupon, enroll a student, restart the app, bring the
 * school back: all three reach the school and the pending marks go. Then a conflict made on
 * the school shows in the list of changes, and signing out with an unsent change warns.
 */

type ApiList<T> = { nodes: T[] };
type ApiCourse = { id: string; name: string; description: string | null };
type ApiStudent = { id: string; name: string; email: string };

const panel = (page: Page) => page.locator('.record-panel');
const waiting = (page: Page) => page.getByRole('button', { name: /changes? waiting to be sent/ });

test.describe('edits made offline', () => {
  test.describe.configure({ mode: 'serial' });
  const shared = sharedSchool('schooldesk-outbox-app-');

  test('a course edit, a new coupon and an enrollment made offline reach the school after a restart', async ({
    page,
  }) => {
    const { school, appDir } = shared;
    test.setTimeout(180_000);
    const [course] = (await readApi<ApiList<ApiCourse>>(school.url, 'courses?perPage=1&sort=name'))
      .nodes;
    const [student] = (
      await readApi<ApiList<ApiStudent>>(school.url, 'students?perPage=1&sort=name')
    ).nodes;
    let app = await startApp(appDir);
    await signInAndSync(page, app.url, school.url);

    await school.kill();
    await openArea(page, 'Courses');
    await expect(status(page)).toHaveText(/Can.t reach the school/, { timeout: 60_000 });

    // A course edit, saved on this computer.
    await openRecordRow(page, 'courses', course!.name);
    await panel(page).getByLabel('Name').fill(`${course!.name} (train)`);
    const saving = performance.now();
    await page.keyboard.press('Control+s');
    await expect(page.getByText(/Saved on this computer/).first()).toBeVisible();
    const savedMs = performance.now() - saving;
    await expect(grid(page).getByRole('img', { name: 'Not sent yet' }).first()).toBeVisible();
    await expect(waiting(page)).toHaveAccessibleName(/^1 change waiting to be sent/);
    await screenshot(page, 'outbox-pending-marks');

    // A new coupon.
    await openArea(page, 'Coupons');
    await page.getByRole('button', { name: 'New coupon' }).click();
    await panel(page).getByLabel('Name').fill('Train coupon');
    await panel(page).getByLabel('Code', { exact: true }).fill('TRAIN42');
    await panel(page).getByLabel('Amount').fill('7');
    await panel(page).getByRole('button', { name: 'Create coupon' }).click();
    await expect(page.getByText(/Saved on this computer/).first()).toBeVisible();

    // An enrollment.
    await openArea(page, 'Students');
    await openRecordRow(page, 'students', student!.email);
    const enrollments = panel(page).getByRole('region', { name: 'Enrollments' });
    const combobox = enrollments.getByRole('combobox', { name: 'Enroll in a course' });
    await combobox.fill(`${course!.name} (train)`.slice(0, 12));
    await enrollments.getByRole('option').first().click();
    await enrollments.getByRole('button', { name: /^Enroll in / }).click();
    await expect(waiting(page)).toHaveAccessibleName(/^3 changes waiting to be sent/);

    // The panel lists them.
    await waiting(page).click();
    const list = page.getByRole('dialog', { name: 'Changes waiting to be sent' });
    await expect(list.getByRole('listitem', { name: / · / })).toHaveCount(3);
    await screenshot(page, 'outbox-panel');
    await list.getByRole('button', { name: 'Close' }).click();

    // The app restarts with the school still down: the changes are still there.
    await app.host.close();
    app = await startApp(appDir);
    await page.goto(app.url);
    await expect(waiting(page)).toHaveAccessibleName(/^3 changes waiting to be sent/, {
      timeout: 30_000,
    });

    // The school comes back: everything is sent, once, and the marks go.
    await school.start();
    await expect(waiting(page)).toHaveCount(0, { timeout: 90_000 });
    await expect(page.getByRole('img', { name: 'Not sent yet' })).toHaveCount(0);
    const onSchool = await readApi<ApiCourse>(school.url, `courses/${course!.id}`);
    expect(onSchool.name).toBe(`${course!.name} (train)`);
    const coupons = await readApi<ApiList<{ code: string }>>(school.url, 'coupons?q=TRAIN42');
    expect(coupons.nodes.map((c) => c.code)).toEqual(['TRAIN42']);
    const enrolled = await readApi<ApiList<{ courseId: string }>>(
      school.url,
      `students/${student!.id}/enrollments?perPage=50`,
    );
    expect(enrolled.nodes.map((e) => e.courseId)).toContain(course!.id);
    console.log(
      `outbox spec: click on Save to "Saved on this computer" visible: ${savedMs.toFixed(0)} ms (through Playwright)`,
    );
    await app.host.close();
  });

  test('a conflict waits in the list of changes; sign-out with an unsent change warns', async ({
    page,
  }) => {
    const { school } = shared;
    test.setTimeout(180_000);
    await school.start();
    const dir = mkdtempSync(join(tmpdir(), 'schooldesk-outbox-app-'));
    const app = await startApp(dir);
    try {
      const [course] = (
        await readApi<ApiList<ApiCourse>>(school.url, 'courses?perPage=1&sort=-name')
      ).nodes;
      await signInAndSync(page, app.url, school.url);
      await school.kill();
      await openArea(page, 'Courses');
      await expect(status(page)).toHaveText(/Can.t reach the school/, { timeout: 60_000 });
      await openRecordRow(page, 'courses', course!.name);
      await panel(page).getByLabel('Description').fill('Mine, from the train');
      await page.keyboard.press('Control+s');
      await expect(page.getByText(/Saved on this computer/).first()).toBeVisible();

      // Meanwhile the same field changes on the school.
      await school.start();
      await fetch(`${school.url}/__control/records/courses/${course!.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ description: 'Theirs, from the office' }),
      });
      await expect(waiting(page)).toHaveAccessibleName(/needs? you/, { timeout: 90_000 });
      // The header's status names what waits rather than say "Up to date".
      await expect(status(page)).toHaveText('1 change needs you');
      await waiting(page).click();
      const list = page.getByRole('dialog', { name: 'Changes waiting to be sent' });
      await list.getByRole('button', { name: /Resolve conflicts/ }).click();
      await expect(list.getByText(/Conflict 1 of 1/)).toBeVisible();
      await screenshot(page, 'outbox-conflict');
      await list.getByRole('button', { name: 'Keep mine' }).click();
      await expect(waiting(page)).toHaveCount(0, { timeout: 60_000 });
      await expect(list.getByText('Every conflict is settled.')).toBeVisible();
      await expect(status(page)).toHaveText('Up to date', { timeout: 60_000 });
      await page.keyboard.press('Escape');
      await expect(list).toBeHidden();
      expect((await readApi<ApiCourse>(school.url, `courses/${course!.id}`)).description).toBe(
        'Mine, from the train',
      );

      // An unsent change, then sign-out: a warning, never a silent loss.
      await school.kill();
      await expect(status(page)).toHaveText(/Can.t reach the school/, { timeout: 60_000 });
      await panel(page).getByLabel('Description').fill('Unsent at sign-out');
      await page.keyboard.press('Control+s');
      await expect(waiting(page)).toHaveAccessibleName(/^1 change waiting to be sent/);
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      const warning = page.getByRole('dialog', { name: 'Sign out with unsent changes?' });
      await expect(warning).toContainText('1 change has not been sent to the school');
      await screenshot(page, 'outbox-sign-out-warning');
      await warning.getByRole('button', { name: 'Cancel' }).click();
      await expect(waiting(page)).toHaveAccessibleName(/^1 change waiting to be sent/);
    } finally {
      await app.host.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
