import type { Page } from '@playwright/test';
import { test, expect, screenshot } from '../support/app-fixtures';
import { createCourse, writeApi } from '../support/records-flow';
import { readApi, requestCounts, signInToWorkspace } from '../support/workspace-flow';

type ApiCourse = { id: string; name: string; slug: string; featured: boolean; error?: string };
type ApiList<T> = { nodes: T[]; totalCount: number };

/** The record panel beside the list (a region named by the record kind and its title). */
const panel = (page: Page) => page.locator('.record-panel');
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/** The course with this slug on the stand-in, as the server holds it. */
async function courseBySlug(platformUrl: string, slug: string): Promise<ApiCourse | undefined> {
  const list = await readApi<ApiList<ApiCourse>>(platformUrl, `courses?q=${slug}&perPage=50`);
  return list.nodes.find((c) => c.slug === slug);
}

test.describe('record forms', () => {
  test('create, edit, undo and delete a course, each seen on the stand-in', async ({
    page,
    app,
    platform,
  }) => {
    // Unique, so a retry on the worker's shared stand-in does not meet its own leftovers.
    const tag = Date.now().toString(36);
    const title = `Forms Spec Pottery ${tag}`;
    const slugText = `forms-spec-pottery-${tag}`;
    await signInToWorkspace(page, app, platform.url, { preset: 'Everything' });
    await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();

    // Create.
    await page.getByRole('button', { name: 'New course' }).click();
    await expect(panel(page).getByRole('heading', { name: 'New course' })).toBeFocused();
    await panel(page).getByLabel('Name').fill(title);
    await panel(page).getByLabel('Slug', { exact: true }).fill(slugText);
    await panel(page).getByRole('button', { name: 'Create course' }).click();
    await expect(toasts(page).getByText('Course created.')).toBeVisible();
    await expect(panel(page).getByRole('heading', { name: title })).toBeVisible();
    const created = await courseBySlug(platform.url, slugText);
    expect(created).toMatchObject({ name: title, featured: false });
    const id = created!.id;

    // Edit name and featured; Ctrl+S saves.
    await panel(page).getByLabel('Name').fill(`${title} II`);
    await panel(page).getByLabel('Featured').check();
    await page.keyboard.press('Control+s');
    await expect(toasts(page).getByText('Course saved.')).toBeVisible();
    await expect
      .poll(async () => readApi<ApiCourse>(platform.url, `courses/${id}`))
      .toMatchObject({ name: `${title} II`, featured: true });
    // The list row shows the new name too.
    await expect(page.getByRole('grid').getByText(`${title} II`)).toBeVisible();
    await screenshot(page, 'record-course-saved');

    // Undo puts the previous values back on the server, and in the form.
    await toasts(page).getByRole('button', { name: 'Undo' }).click();
    await expect(toasts(page).getByText('Change undone.')).toBeVisible();
    await expect
      .poll(async () => readApi<ApiCourse>(platform.url, `courses/${id}`))
      .toMatchObject({ name: title, featured: false });
    await expect(panel(page).getByLabel('Name')).toHaveValue(title);
    await expect(panel(page).getByLabel('Featured')).not.toBeChecked();

    // Delete, after a confirmation that starts on Cancel.
    // The course's Delete, not the curriculum toolbar's.
    await panel(page).locator('form > .actions').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', {
      name: `Delete the course “${title}”?`,
    });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expect(confirm).toContainText('cannot be undone');
    await screenshot(page, 'record-course-delete');
    await confirm.getByRole('button', { name: 'Delete course' }).click();
    await expect(toasts(page).getByText('Course deleted.')).toBeVisible();
    await expect(panel(page)).toHaveCount(0);
    await expect
      .poll(async () => (await readApi<ApiCourse>(platform.url, `courses/${id}`)).error)
      .toBe('not_found');
  });

  test('a bad slug shows the rule as you type and nothing is sent', async ({
    page,
    app,
    platform,
  }) => {
    await signInToWorkspace(page, app, platform.url, { preset: 'Everything' });
    await page.getByRole('button', { name: 'New course' }).click();
    await panel(page).getByLabel('Name').fill('Bad Slug Course');
    const slug = panel(page).getByLabel('Slug', { exact: true });
    await slug.fill('Bad Slug!');
    const message = 'Slug may only hold lowercase letters, digits and single hyphens';
    await expect(panel(page).getByText(message)).toBeVisible();
    await expect(slug).toHaveAttribute('aria-invalid', 'true');
    await expect(slug).toHaveAccessibleDescription(new RegExp(message));

    const before = (await requestCounts(platform.url))['POST /api/v1/courses'] ?? 0;
    await panel(page).getByRole('button', { name: 'Create course' }).click();
    await expect(slug).toBeFocused();
    expect((await requestCounts(platform.url))['POST /api/v1/courses'] ?? 0).toBe(before);

    // Fixing it clears the message as you type.
    await slug.fill('good-slug');
    await expect(panel(page).getByText(message)).toHaveCount(0);
    await expect(slug).not.toHaveAttribute('aria-invalid', 'true');
  });
});

test('"Expire access" and "Remove enrollment" ask first, and Cancel changes nothing', async ({
  page,
  app,
  platform,
}) => {
  // A student and a course of this test's own: the worker's stand-in is shared.
  const course = await createCourse(platform.url, 'Expiry');
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const student = await writeApi<{ id: string; email: string }>(platform.url, 'POST', 'students', {
    name: `Expiry ${unique}`,
    email: `expiry.${unique}@example.com`,
  });
  await writeApi(platform.url, 'PUT', `students/${student.id}/enrollments/${course.id}`, {});
  const enrollment = async () =>
    readApi<{ deliveryState: string }>(
      platform.url,
      `students/${student.id}/enrollments/${course.id}`,
    );

  await signInToWorkspace(page, app, platform.url, { preset: 'Everything' });
  await page
    .getByRole('navigation', { name: 'Areas' })
    .getByRole('link', { name: 'Students' })
    .click();
  await page.getByRole('searchbox', { name: 'Search students' }).fill(student.email);
  await page.getByRole('grid').getByText(student.email).click();
  const item = page
    .locator('.record-panel')
    .getByRole('region', { name: 'Enrollments' })
    .getByRole('listitem', { name: course.name });
  await expect(item).toBeVisible();

  // Expire access: a confirmation first; Cancel leaves the access as it was.
  await item.getByRole('button', { name: 'Expire access' }).click();
  const expire = page.getByRole('alertdialog', {
    name: `Expire this student’s access to ${course.name}?`,
  });
  await expect(expire.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await screenshot(page, 'record-expire-confirm');
  await expire.getByRole('button', { name: 'Cancel' }).click();
  await expect(expire).toBeHidden();
  expect((await enrollment()).deliveryState).not.toBe('expired');
  await item.getByRole('button', { name: 'Expire access' }).click();
  await expire.getByRole('button', { name: 'Expire access' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    `Access to ${course.name} expired.`,
  );
  await expect.poll(async () => (await enrollment()).deliveryState).toBe('expired');

  // Remove enrollment: a confirmation too.
  await item.getByRole('button', { name: 'Remove enrollment' }).click();
  const remove = page.getByRole('alertdialog', {
    name: `Remove this student from ${course.name}?`,
  });
  await remove.getByRole('button', { name: 'Cancel' }).click();
  await expect(remove).toBeHidden();
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: 'Remove enrollment' }).click();
  await remove.getByRole('button', { name: 'Remove enrollment' }).click();
  await expect(item).toHaveCount(0);
});
