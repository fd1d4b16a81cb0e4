import type { Page } from '@playwright/test';
import { test, expect } from '../support/app-fixtures';
import { writeApi } from '../support/records-flow';
import { signInToWorkspace } from '../support/workspace-flow';

/**
 * Ticked rows and Undo toasts hold only what is there: a deleted student leaves the ticked
 * rows (and "Clear selection" empties them), and an Undo ends when its record is deleted or
 * the owner leaves its area.
 */

type Student = { id: string; name: string; email: string };

const panel = (page: Page) => page.locator('.record-panel');
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const areas = (page: Page) => page.getByRole('navigation', { name: 'Areas' });

test('a deleted student leaves the ticked rows, and an Undo ends with its area', async ({
  page,
  app,
  platform,
}) => {
  const tag = `sel${Date.now().toString(36)}`;
  const students: Student[] = [];
  for (const n of [1, 2, 3])
    students.push(
      await writeApi<Student>(platform.url, 'POST', 'students', {
        name: `Tick ${tag} ${n}`,
        email: `tick.${tag}.${n}@example.org`,
      }),
    );
  await signInToWorkspace(page, app, platform.url, { preset: 'Everything' });
  await areas(page).getByRole('link', { name: 'Students' }).click();
  await page.getByLabel('Search students').fill(tag);
  await expect(page.getByText('3 students', { exact: false }).first()).toBeVisible();
  for (const student of students)
    await page.getByRole('checkbox', { name: `Select ${student.name}` }).check();
  const count = page.locator('.list-count');
  await expect(count).toContainText('3 selected');

  // Deleting a ticked student takes it out of the ticked rows.
  const [first, second] = students as [Student, Student, Student];
  await page.getByRole('grid').getByText(first.name).click();
  await panel(page).getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('alertdialog', { name: `Delete the student “${first.name}”?` })
    .getByRole('button', { name: 'Delete student' })
    .click();
  await expect(toasts(page).getByText('Student deleted.')).toBeVisible();
  await expect(count).toContainText('2 selected');
  await expect(page.getByRole('button', { name: 'Enroll selected (2)…' })).toBeVisible();

  // Clear selection unticks every row.
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await expect(count).not.toContainText('selected');
  await expect(page.getByRole('checkbox', { name: `Select ${second.name}` })).not.toBeChecked();

  // A save's Undo ends when the owner leaves the area.
  await page.getByRole('grid').getByText(second.name).click();
  await panel(page).getByLabel('Name', { exact: true }).fill(`${second.name} renamed`);
  await page.keyboard.press('Control+s');
  await expect(toasts(page).getByRole('button', { name: 'Undo' })).toBeVisible();
  await areas(page).getByRole('link', { name: 'Courses' }).click();
  await expect(toasts(page).getByRole('button', { name: 'Undo' })).toHaveCount(0);
});
