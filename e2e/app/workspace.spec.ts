import type { Locator, Page } from '@playwright/test';
import { test, expect, screenshot } from '../support/app-fixtures';
import { allowInBrowser, followSignInLink, signInToWorkspace } from '../support/workspace-flow';

/** The workspace's list grid and its body rows (the header row is aria-rowindex 1). */
const grid = (page: Page) => page.getByRole('grid');
const bodyRows = (page: Page) => grid(page).locator('[role="row"]:not([aria-rowindex="1"])');
const cellTexts = async (rows: Locator, column: number) =>
  rows.evaluateAll(
    (elements, index) =>
      elements.map((row) => row.querySelectorAll('[role="gridcell"]')[index]?.textContent ?? ''),
    column,
  );

/** The number in "36 courses" (the list's total). */
async function totalOf(page: Page, noun: string): Promise<number> {
  const status = page.locator('.list-count');
  await expect(status).toHaveText(new RegExp(`^[\\d,]+ ${noun}`));
  return Number((await status.textContent())!.split(' ')[0]!.replaceAll(',', ''));
}

/**
 * Texts of the fixed-width cells (dates, types, yes/no…) that do not fit their column and show
 * an ellipsis. Only the flexible columns (names, e-mails), which share the free room, may.
 */
const clippedFixedCells = (rows: Locator) =>
  rows.evaluateAll((elements) =>
    elements.flatMap((row) =>
      [...row.querySelectorAll<HTMLElement>('[role="gridcell"]')]
        .filter((cell) => getComputedStyle(cell).flexGrow === '0')
        .filter((cell) => cell.scrollWidth > cell.clientWidth)
        .map((cell) => cell.textContent ?? ''),
    ),
  );

const areas = (page: Page) => page.getByRole('navigation', { name: 'Areas' });

test.describe('the workspace', () => {
  test('areas, the courses list (total, search, filter, sort), palette and shortcuts', async ({
    page,
    app,
    platform,
  }) => {
    await signInToWorkspace(page, app, platform.url, { preset: 'Everything' });

    // Courses is home: a total and rows.
    await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
    const total = await totalOf(page, 'courses');
    expect(total).toBeGreaterThan(2);
    await expect(grid(page)).toHaveAttribute('aria-rowcount', String(total + 1));
    await expect(bodyRows(page).first()).not.toHaveClass(/loading/);
    await screenshot(page, 'ws-courses');

    // Search as you type narrows the list.
    const search = page.getByRole('searchbox', { name: 'Search courses' });
    await search.fill('Watercolour');
    await expect(grid(page).getByText('Intro to Watercolour')).toBeVisible();
    const found = await totalOf(page, 'courses?');
    expect(found).toBeLessThan(total);
    await search.fill('zzzz-no-such-course');
    await expect(page.getByText('No courses match “zzzz-no-such-course”.')).toBeVisible();
    await search.fill('');
    await expect(page.locator('.list-count')).toHaveText(`${total} courses`);

    // A filter narrows it: drafts only.
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Draft' });
    // Other specs add drafts to the worker's shared stand-in, so the seeded one is searched for
    // rather than expected in the first rows.
    await search.fill('Oil Glazing');
    await expect(grid(page).getByText('Advanced Oil Glazing')).toBeVisible();
    await search.fill('');
    const drafts = await totalOf(page, 'courses?');
    expect(drafts).toBeLessThan(total);
    expect(new Set(await cellTexts(bodyRows(page), 3))).toEqual(new Set(['Draft']));
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Any' });
    await expect(page.locator('.list-count')).toHaveText(`${total} courses`);

    // Sorting by name toggles between ascending and descending. The rows are read until they
    // are in that order: the header says the new order before the list has turned over, and
    // the worker's other specs may add courses meanwhile.
    const nameHeader = page.getByRole('columnheader', { name: 'Name' });
    const names = () => cellTexts(bodyRows(page), 0);
    const inOrder = async (order: 1 | -1) => {
      const read = await names();
      const sorted = [...read].sort((a, b) => order * a.localeCompare(b));
      return read.length > 2 && read.every((name, n) => name !== '' && name === sorted[n]);
    };
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(() => inOrder(1)).toBe(true);
    const ascending = await names();
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(() => inOrder(-1)).toBe(true);
    expect((await names())[0]).not.toBe(ascending[0]);

    // Arrow keys move between rows and Enter opens the record beside the list.
    await expect(grid(page).getByRole('columnheader', { name: 'Slug' })).toBeVisible();
    await bodyRows(page).first().focus();
    await page.keyboard.press('ArrowDown');
    await expect(bodyRows(page).nth(1)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('complementary', { name: 'Course details' })).toBeVisible();
    // Narrowed by the record, the list drops its optional columns rather than cut text short.
    await expect(grid(page).getByRole('columnheader', { name: 'Slug' })).toBeHidden();
    await expect(grid(page).getByRole('columnheader', { name: 'Updated' })).toBeVisible();
    expect(await clippedFixedCells(bodyRows(page))).toEqual([]);

    // Every area opens from the sidebar.
    for (const [area, noun] of [
      ['Students', 'students'],
      ['Coupons', 'coupons'],
      ['Pages', 'pages'],
    ] as const) {
      await areas(page).getByRole('link', { name: area }).click();
      await expect(page.getByRole('heading', { level: 1, name: area })).toBeVisible();
      await totalOf(page, noun);
      await expect(bodyRows(page).first()).not.toHaveClass(/loading/);
      expect(await clippedFixedCells(bodyRows(page))).toEqual([]);
    }
    await areas(page).getByRole('link', { name: 'Account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();

    // The palette jumps to Students, then finds a student by name and opens them.
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    const combobox = palette.getByRole('combobox');
    await expect(combobox).toBeFocused();
    await combobox.fill('students');
    await expect(palette.getByRole('option', { name: 'Go to Students' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.keyboard.press('Enter');
    await expect(palette).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible();

    // End jumps to the last student: its chunk is fetched when it scrolls into view.
    const students = await totalOf(page, 'students');
    await bodyRows(page).first().focus();
    await page.keyboard.press('End');
    const lastRow = grid(page).locator(`[role="row"][aria-rowindex="${students + 1}"]`);
    await expect(lastRow).toBeFocused();
    await expect(lastRow).not.toHaveClass(/loading/);
    await expect(lastRow.getByRole('gridcell').nth(2)).toContainText('@');
    // Rows reuse their DOM nodes out of screen order while the list scrolls; once it is still
    // the DOM reads in screen order again (for screen readers), and focus stays on the row.
    await expect
      .poll(() =>
        bodyRows(page).evaluateAll((rows) => {
          const indexes = rows.map((row) => Number(row.getAttribute('aria-rowindex')));
          return indexes.every((index, i) => i === 0 || index === indexes[i - 1]! + 1);
        }),
      )
      .toBe(true);
    await expect(lastRow).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(grid(page).locator(`[role="row"][aria-rowindex="${students}"]`)).toBeFocused();

    await page.keyboard.press('Control+k');
    await combobox.fill('Ada Lovelace');
    const ada = palette.getByRole('option', { name: /Ada Lovelace/ });
    await expect(ada).toBeVisible();
    await combobox.press('ArrowDown');
    await expect(combobox).toHaveAttribute(
      'aria-activedescendant',
      (await ada.getAttribute('id'))!,
    );
    await page.keyboard.press('Enter');
    await expect(palette).toBeHidden();
    await expect(page.getByRole('complementary', { name: 'Student details' })).toBeVisible();

    // "?" (outside a field) opens the shortcuts sheet; Escape closes it.
    await page.getByRole('heading', { level: 1, name: 'Students' }).click();
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByText('Open the command palette', { exact: false })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    // "/" focuses the list's search.
    await page.keyboard.press('/');
    await expect(page.getByRole('searchbox', { name: 'Search students' })).toBeFocused();
  });

  test('a locked area opens after "Grant access" and consent in the browser', async ({
    page,
    app,
    platform,
  }) => {
    await signInToWorkspace(page, app, platform.url, { scopes: ['Courses: Read'] });
    const studentsLink = areas(page).getByRole('link', { name: 'Students (locked)' });
    await studentsLink.click();
    await expect(page.getByRole('heading', { level: 1, name: /Students/ })).toBeVisible();

    // Step-up: the dialog says what is asked, the owner allows it in the browser.
    await page.getByRole('button', { name: 'Grant access' }).click();
    const dialog = page.getByRole('dialog', { name: 'Grant access' });
    await expect(dialog).toContainText('Students: Read');
    await allowInBrowser(await followSignInLink(page));
    await expect(dialog).toBeHidden();

    // The area unlocks by itself and lists the students; courses stay readable.
    await expect(areas(page).getByRole('link', { name: 'Students', exact: true })).toBeVisible();
    await expect(page.locator('.list-count')).toHaveText(/^[\d,]+ students/);
    await expect(page.getByRole('grid')).toBeVisible();

    // "New course" is locked; Grant access then Cancel leaves it locked and nothing open.
    await areas(page).getByRole('link', { name: 'Courses' }).click();
    await expect(page.getByText('New course (locked)')).toBeVisible();
    await page.getByRole('button', { name: 'Grant access' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('New course (locked)')).toBeVisible();
  });
});
