import { test, expect, screenshot } from '../support/app-fixtures';
import { createCourse } from '../support/records-flow';
import {
  allowInBrowser,
  followSignInLink,
  readApi,
  requestCounts,
  signInToWorkspace,
} from '../support/workspace-flow';

type ApiCourse = { id: string; name: string };

test('with Courses: Read only, Save is locked; Grant access runs step-up and the edit saves', async ({
  page,
  app,
  platform,
}) => {
  // Courses: Read is ticked by default on Connect; tick it anyway and nothing else.
  await signInToWorkspace(page, app, platform.url, { scopes: ['Courses: Read'] });
  const course = await createCourse(platform.url, 'Stepup');

  await page.getByRole('searchbox', { name: 'Search courses' }).fill(course.name);
  await page.getByRole('grid').getByText(course.name).click();
  const panel = page.locator('.record-panel');
  await expect(panel.getByRole('heading', { name: course.name })).toBeVisible();

  // Read-only: fields and write controls disabled, a lock that says why, and Grant access.
  await expect(panel.getByLabel('Name')).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(
    panel.locator('form > .actions').getByRole('button', { name: 'Delete' }),
  ).toBeDisabled();
  await expect(panel).toContainText('Save and Delete: locked. They need Courses: Write');
  await screenshot(page, 'record-locked');

  // Grant access: the step-up dialog, the consent page asks for courses:write.
  // The course's own lock (its fields); the curriculum's, below it, asks for another scope.
  await panel
    .locator('.locked-notice', { hasText: 'Save and Delete' })
    .getByRole('button', { name: 'Grant access' })
    .click();
  const signInPage = await followSignInLink(page);
  // The browser still has the owner's session from signing in: consent shows straight away.
  await expect(signInPage.getByText('courses:write').first()).toBeVisible();
  await allowInBrowser(signInPage);

  // The controls unlock; the edit saves and reaches the stand-in.
  const name = panel.getByLabel('Name');
  await expect(name).toBeEnabled();
  await name.fill(`${course.name}, stepped up`);
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Course saved.');
  await expect
    .poll(async () => (await readApi<ApiCourse>(platform.url, `courses/${course.id}`)).name)
    .toBe(`${course.name}, stepped up`);
  const counts = await requestCounts(platform.url);
  expect(counts['PATCH /api/v1/courses/:id']).toBeGreaterThanOrEqual(1);
});

test('Courses: Write declined at sign-in is granted later through Grant access in the same browser', async ({
  page,
  app,
  platform,
}) => {
  // Issue #22 §6.1: the school once kept an unticked scope rejected for the whole browser
  // session, so this step-up came back without it and the app said the school refused.
  await signInToWorkspace(page, app, platform.url, {
    scopes: ['Courses: Read', 'Courses: Write'],
    decline: ['courses:write'],
  });
  const course = await createCourse(platform.url, 'Regrant');

  await page.getByRole('searchbox', { name: 'Search courses' }).fill(course.name);
  await page.getByRole('grid').getByText(course.name).click();
  const panel = page.locator('.record-panel');
  await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled();

  // The course's own lock (its fields); the curriculum's, below it, asks for another scope.
  await panel
    .locator('.locked-notice', { hasText: 'Save and Delete' })
    .getByRole('button', { name: 'Grant access' })
    .click();
  const signInPage = await followSignInLink(page);
  // The same browser session as the sign-in: the school asks again, the box ticked.
  await expect(signInPage.getByRole('checkbox', { name: 'courses:write' })).toBeChecked();
  await allowInBrowser(signInPage);

  const name = panel.getByLabel('Name');
  await expect(name).toBeEnabled();
  await name.fill(`${course.name}, granted later`);
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Course saved.');
  await expect
    .poll(async () => (await readApi<ApiCourse>(platform.url, `courses/${course.id}`)).name)
    .toBe(`${course.name}, granted later`);
});
