import type { Page } from '@playwright/test';
import { test, expect, screenshot } from '../support/app-fixtures';
import { createCourse } from '../support/records-flow';
import { syncStatusOf } from '../support/school-process';
import { readApi, signInToWorkspace } from '../support/workspace-flow';

/**
 * Saves that never overwrite blindly and never leave the owner guessing (issue 14): a record
 * shown without its version, Create clicked again after a lost answer, and a save the school
 * answers with 429. The platform is the worker's stand-in; its faults are scoped to this
 * spec's own records and turned off again.
 */

type ApiCourse = { id: string; name: string; slug: string; description: string | null };
type ApiList<T> = { nodes: T[]; totalCount: number };

const panel = (page: Page) => page.locator('.record-panel');
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

async function control(platformUrl: string, path: string, body: unknown, method = 'POST') {
  const response = await fetch(`${platformUrl}/__control${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.ok, `control ${path}`).toBe(true);
}

/** Opens one course from the Courses list by its name. */
async function openCourse(page: Page, name: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search courses' }).fill(name);
  await page.getByRole('grid').getByText(name).click();
  await expect(panel(page).getByRole('heading', { name })).toBeVisible();
}

test('a save on a course shown without its version meets an edit made on the school as a conflict', async ({
  page,
  app,
  platform,
}) => {
  test.setTimeout(120_000);
  const course = await createCourse(platform.url, 'Unversioned');
  await signInToWorkspace(page, app, platform.url, { preset: 'Everything' });
  await expect(syncStatusOf(page)).toHaveText(/Up to date/, { timeout: 60_000 });

  // The school does not answer for this course, so the form shows it from the copy on this
  // computer, which came with a list and knows no version of it.
  const only = { methods: ['GET'], pathPrefix: `/api/v1/courses/${course.id}` };
  await control(platform.url, '/faults', { rate: 1, kind: '500', ...only });
  try {
    await openCourse(page, course.name);
    await expect(panel(page).getByLabel('Name')).toHaveValue(course.name);
  } finally {
    await control(platform.url, '/faults', { off: true });
  }
  await panel(page).getByLabel('Name').fill(`${course.name} (mine)`);
  await expect(syncStatusOf(page)).toHaveText(/Up to date/, { timeout: 60_000 });

  // Meanwhile someone renames it on the school.
  await control(
    platform.url,
    `/records/courses/${course.id}`,
    { name: 'Named at the office' },
    'PATCH',
  );
  await panel(page).getByRole('button', { name: 'Save' }).click();

  const conflict = panel(page).getByRole('region', { name: 'This course changed on the school' });
  await expect(conflict).toBeVisible();
  await expect(
    conflict
      .getByRole('group', { name: 'Name' })
      .getByRole('radio', { name: /Named at the office/ }),
  ).toBeVisible();
  await screenshot(page, 'save-without-version-conflict');
  expect((await readApi<ApiCourse>(platform.url, `courses/${course.id}`)).name).toBe(
    'Named at the office',
  );
});

test('a newer version arriving while the owner edits does not become the one the save names', async ({
  page,
  app,
  platform,
}) => {
  test.setTimeout(120_000);
  const course = await createCourse(platform.url, 'Refreshed');
  await signInToWorkspace(page, app, platform.url, { preset: 'Everything' });
  await expect(syncStatusOf(page)).toHaveText(/Up to date/, { timeout: 60_000 });
  await openCourse(page, course.name);
  await panel(page).getByLabel('Name').fill(`${course.name} (mine)`);

  // Someone renames it on the school, and a sync brings that version to the open record.
  await control(
    platform.url,
    `/records/courses/${course.id}`,
    { name: 'Named at the office' },
    'PATCH',
  );
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Sync now' }).click();
  await expect(panel(page).getByRole('heading', { name: 'Named at the office' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(panel(page).getByLabel('Name')).toHaveValue(`${course.name} (mine)`);

  await panel(page).getByRole('button', { name: 'Save' }).click();
  await expect(
    panel(page).getByRole('region', { name: 'This course changed on the school' }),
  ).toBeVisible();
  expect((await readApi<ApiCourse>(platform.url, `courses/${course.id}`)).name).toBe(
    'Named at the office',
  );
});

test('Create clicked again after a lost answer opens the course made the first time', async ({
  page,
  app,
  platform,
}) => {
  const tag = Date.now().toString(36);
  const title = `Lost Answer ${tag}`;
  const slug = `lost-answer-${tag}`;
  await signInToWorkspace(page, app, platform.url, { preset: 'Everything' });
  await page.getByRole('button', { name: 'New course' }).click();
  await panel(page).getByLabel('Name').fill(title);
  await panel(page).getByLabel('Slug', { exact: true }).fill(slug);

  // The first answer never reaches the screen: main makes the course, the connection drops.
  let dropped = false;
  await page.route(
    (url) => url.pathname === '/bridge/courses%3Acreate',
    async (route) => {
      if (dropped) return route.continue();
      dropped = true;
      await route.fetch();
      await route.abort('connectionreset');
    },
  );
  const create = panel(page).getByRole('button', { name: 'Create course' });
  await create.click();
  await expect(panel(page).getByRole('alert')).toContainText('Your entries are still in the form.');

  await create.click();
  await expect(toasts(page).getByText('This was already created; here it is.')).toBeVisible();
  await expect(panel(page).getByRole('heading', { name: title })).toBeVisible();
  const found = await readApi<ApiList<ApiCourse>>(platform.url, `courses?q=${slug}&perPage=50`);
  expect(found.nodes.map((c) => c.slug)).toEqual([slug]);
});

test('a save the school answers with 429 counts down near Save and goes when the wait is over', async ({
  page,
  app,
  platform,
}) => {
  const course = await createCourse(platform.url, 'Slowed');
  await signInToWorkspace(page, app, platform.url, { preset: 'Everything' });
  await openCourse(page, course.name);

  // The save is refused once with 429 and Retry-After (the stand-in's fault).
  const only = { methods: ['PATCH'], pathPrefix: `/api/v1/courses/${course.id}`, count: 1 };
  await control(platform.url, '/faults', { rate: 1, kind: '429', ...only });
  await panel(page).getByLabel('Description').fill('Sent once the school let us.');
  await panel(page).getByRole('button', { name: 'Save' }).click();

  const countdown = panel(page).getByText(
    /^The school asked us to slow down; sending (in \d+ s|now)$/,
  );
  await expect(countdown).toBeVisible();
  await screenshot(page, 'save-slow-down');
  await expect(countdown).toHaveCount(0, { timeout: 30_000 });
  await expect
    .poll(async () => (await readApi<ApiCourse>(platform.url, `courses/${course.id}`)).description)
    .toBe('Sent once the school let us.');
});
