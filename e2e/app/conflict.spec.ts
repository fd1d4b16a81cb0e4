import type { Page } from '@playwright/test';
import { test, expect, screenshot } from '../support/app-fixtures';
import { createCourse } from '../support/records-flow';
import { readApi, signInToWorkspace } from '../support/workspace-flow';
import { axeOn, seriousViolations, WCAG_TAGS } from '../support/axe';

/** Serious or critical WCAG 2 A/AA violations axe finds in the record panel, in words. */
async function panelViolations(page: Page): Promise<string[]> {
  return seriousViolations((await axeOn(page)).include('.record-panel').withTags(WCAG_TAGS));
}

type ApiCourse = { id: string; name: string; description: string | null; featured: boolean };

test('a save that meets a server-side edit shows both versions and saves a per-field merge', async ({
  page,
  app,
  platform,
}) => {
  // A course of this spec's own: the worker's stand-in is shared with other specs.
  const course = await createCourse(platform.url, 'Conflict', {
    description: 'The original description.',
    featured: true,
  });

  await signInToWorkspace(page, app, platform.url, { preset: 'Everything' });
  await page.getByRole('searchbox', { name: 'Search courses' }).fill(course.name);
  await page.getByRole('grid').getByText(course.name).click();
  const panel = page.locator('.record-panel');
  await expect(panel.getByRole('heading', { name: course.name })).toBeVisible();

  // The owner edits the description while someone else renames the course on the platform
  // and edits its description too. (Had they changed only other fields, the save would merge
  // without asking: only a field both sides changed is the owner's to decide.)
  await panel.getByLabel('Description').fill('Washes, glazes and wet-in-wet, from mine.');
  const edit = await fetch(`${platform.url}/__control/records/courses/${course.id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Server name',
      description: 'The platform’s description.',
      featured: !course.featured,
    }),
  });
  expect(edit.ok).toBe(true);
  await panel.getByRole('button', { name: 'Save' }).click();

  // The conflict view: a region with a heading, both versions of each differing field.
  const conflict = panel.getByRole('region', { name: 'This course changed on the school' });
  await expect(conflict).toBeVisible();
  await expect(conflict.getByRole('heading')).toBeFocused();
  await expect(conflict).toContainText(
    'Someone changed this course on the school since you opened it.',
  );
  const name = conflict.getByRole('group', { name: 'Name' });
  const description = conflict.getByRole('group', { name: 'Description' });
  // The owner did not change the name: that side is the version they opened, not "Yours".
  await expect(name.getByRole('radio', { name: `As you opened it ${course.name}` })).toBeVisible();
  await expect(name.getByRole('radio', { name: 'The school’s Server name' })).toBeVisible();
  await expect(
    description.getByRole('radio', { name: /^Yours Washes, glazes and wet-in-wet, from mine\.$/ }),
  ).toBeVisible();
  await expect(conflict.getByRole('group', { name: 'Featured' })).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await screenshot(page, `record-conflict-${theme}`);
    expect(await panelViolations(page), theme).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // Keep my description, take the server's name (and its featured flag), save the merge.
  await description.getByRole('radio', { name: /^Yours/ }).check();
  await name.getByRole('radio', { name: /^The school’s/ }).check();
  await conflict
    .getByRole('group', { name: 'Featured' })
    .getByRole('radio', { name: /^The school’s/ })
    .check();
  await conflict.getByRole('button', { name: 'Save merged' }).click();

  await expect(conflict).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Course saved.');
  await expect
    .poll(async () => readApi<ApiCourse>(platform.url, `courses/${course.id}`))
    .toMatchObject({
      name: 'Server name',
      description: 'Washes, glazes and wet-in-wet, from mine.',
      featured: !course.featured,
    });
  await expect(panel.getByLabel('Name')).toHaveValue('Server name');
});
