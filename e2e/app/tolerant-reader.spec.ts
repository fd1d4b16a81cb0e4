import type { Page } from '@playwright/test';
import { test, expect, screenshot } from '../support/app-fixtures';
import { freePort, School } from '../support/school-process';
import { readApi, signInToWorkspace } from '../support/workspace-flow';

/**
 * A tolerant reader, as a new owner meets it through the web host (issue 12, §0): a school
 * that sends only the fields its platform documents still fills every list and opens a
 * course, and one malformed course does not blank Courses: the rest show, and the list says
 * how many it could not read. Both hold before the first sync and once the lists are
 * answered from the local copy. The stand-in's switches are set before sign-in, so the first
 * sync copies what that school sends, and are switched back afterwards: the worker's
 * stand-in is shared by its specs.
 */

type ApiCourse = { id: string; name: string };
type ApiList<T> = { nodes: T[]; totalCount: number };

const grid = (page: Page) => page.getByRole('grid');
const bodyRows = (page: Page) => grid(page).locator('[role="row"]:not([aria-rowindex="1"])');
const areas = (page: Page) => page.getByRole('navigation', { name: 'Areas' });
const syncStatus = (page: Page) => page.getByRole('status', { name: 'Sync status' });
const listCount = (page: Page) => page.locator('.list-count');

/** POSTs or PUTs JSON to the stand-in's control API, and fails the test if it refused. */
async function control(url: string, method: 'POST' | 'PUT', body: unknown): Promise<void> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.ok, `${method} ${url}: ${response.status}`).toBe(true);
}

/** The area's list shows a total and real rows (not placeholders), and no unread records. */
async function expectRows(page: Page, area: string, noun: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: area })).toBeVisible();
  await expect(listCount(page)).toHaveText(new RegExp(`^[1-9][\\d,]* ${noun}$`));
  await expect(bodyRows(page).first()).not.toHaveClass(/loading/);
  await expect(bodyRows(page).first()).toContainText(/\S/);
  await expect(page.getByText(/could not be read/)).toHaveCount(0);
}

test.describe('a tolerant reader', () => {
  test('a school that sends only the documented fields fills every list and opens a course', async ({
    page,
    app,
    platform,
  }) => {
    const shape = `${platform.url}/__control/answer-shape`;
    await control(shape, 'POST', { documentedOnly: true });
    try {
      // The stand-in now answers courses without createdAt, updatedAt and the rest.
      const { nodes } = await readApi<ApiList<Record<string, unknown>>>(
        platform.url,
        'courses?perPage=1',
      );
      expect(nodes[0]).not.toHaveProperty('createdAt');

      await signInToWorkspace(page, app, platform.url, { preset: 'Everything' });
      // Courses is home; this first answer may still come from the school itself.
      await expectRows(page, 'Courses', 'courses');

      // Once the first sync has copied the school, every list answers from the copy.
      await expect(syncStatus(page)).toHaveText(/Up to date/, { timeout: 60_000 });
      for (const [area, noun] of [
        ['Students', 'students'],
        ['Coupons', 'coupons'],
        ['Pages', 'pages'],
        ['Courses', 'courses'],
      ] as const) {
        await areas(page).getByRole('link', { name: area, exact: true }).click();
        await expectRows(page, area, noun);
      }

      // A course opens, with the name its row shows.
      const name = (await bodyRows(page).first().getByRole('gridcell').first().textContent())!;
      await grid(page).getByText(name, { exact: true }).first().click();
      const details = page.getByRole('complementary', { name: 'Course details' });
      await expect(details.getByRole('heading', { name })).toBeVisible();
      await expect(details.getByLabel('Name', { exact: true })).toHaveValue(name);
    } finally {
      // Every field again, as the worker's stand-in started.
      await control(shape, 'POST', {});
    }
  });

  test('one malformed course leaves the others listed and is counted', async ({ page, app }) => {
    // A school of its own: the specs sharing the worker's stand-in add courses to it, and one
    // they leave behind may not read either, which would change the count this test checks.
    const platform = new School(await freePort());
    await platform.start();
    const { nodes, totalCount } = await readApi<ApiList<ApiCourse>>(
      platform.url,
      'courses?perPage=50',
    );
    expect(totalCount).toBeGreaterThan(2);
    const broken = nodes[1]!;
    const raw = `${platform.url}/__control/raw/courses/${broken.id}`;
    // A name that is a number: valid JSON, but no course the app can read.
    await control(raw, 'PUT', { name: 42 });
    try {
      await signInToWorkspace(page, app, platform.url, { preset: 'Everything' });
      await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
      const sentence = '1 course could not be read and is not shown.';
      await expect(listCount(page)).toContainText(sentence);

      // Still so once the list is answered from the local copy: the school's total, the
      // other courses as rows, and the sentence.
      await expect(syncStatus(page)).toHaveText(/Up to date/, { timeout: 60_000 });
      await areas(page).getByRole('link', { name: 'Coupons', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();
      await areas(page).getByRole('link', { name: 'Courses', exact: true }).click();
      await expect(listCount(page)).toHaveText(`${totalCount} courses ${sentence}`);
      await expect(grid(page)).toHaveAttribute('aria-rowcount', String(totalCount));
      await expect(bodyRows(page).first()).not.toHaveClass(/loading/);
      const other = nodes.find((course) => course.id !== broken.id)!;
      await expect(grid(page).getByText(other.name, { exact: true }).first()).toBeVisible();
      await screenshot(page, 'tolerant-unreadable');
    } finally {
      await platform.close();
    }
  });
});
