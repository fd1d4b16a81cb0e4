import type { Locator, Page } from '@playwright/test';
import { axeOn } from '../support/axe';
import { test, expect, screenshot } from '../support/app-fixtures';
import { createCourse, writeApi } from '../support/records-flow';
import { readApi } from '../support/workspace-flow';
import { signInToWorkspace } from '../support/workspace-flow';
import { STAFF } from '../support/oauth-flow';
import { signInSpeaking } from '../support/language-flow';

/**
 * A course's curriculum in its record: a tree of sections and lectures (the WAI-ARIA tree
 * pattern), edited by toolbar, keyboard and mouse, and saved with the course's Save.
 */

type Lecture = { id: string; title: string; durationSeconds: number | null; preview: boolean };
type Course = {
  id: string;
  name: string;
  sections: { id: string; title: string; lectures: Lecture[] }[];
};

const OUTLINE = [
  {
    title: 'Intro',
    lectures: [
      { title: 'Welcome', durationSeconds: 300, preview: true },
      { title: 'Setup', durationSeconds: 600 },
    ],
  },
  { title: 'Basics', lectures: [{ title: 'First steps', durationSeconds: 900 }] },
];

const panel = (page: Page) => page.locator('.record-panel');
const tree = (page: Page) => page.getByRole('tree', { name: 'Curriculum' });
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Curriculum actions' });
const item = (page: Page, title: string) =>
  tree(page).getByRole('treeitem', { name: new RegExp(`^${title}\\b`) });

/** Screenshots of the tree at both sizes and in both themes, for people to look at. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const size of [
    { width: 1024, height: 680 },
    { width: 1280, height: 800 },
  ])
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: theme });
      await page.getByRole('tree').scrollIntoViewIfNeeded();
      await screenshot(page, `${name}-${size.width}-${theme}`);
    }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function openCourse(page: Page, name: string): Promise<void> {
  await page.getByLabel('Search courses').fill(name);
  await page.getByRole('grid').getByText(name).click();
  await expect(tree(page)).toBeVisible();
}

async function titlesOf(section: Locator): Promise<string[]> {
  return section
    .getByRole('treeitem')
    .evaluateAll((items) => items.map((el) => el.querySelector('.tree-title')?.textContent ?? ''));
}

test('the owner reorders by keyboard and by mouse, renames, adds and saves; the school has it', async ({
  page,
  app,
  platform,
}) => {
  const course = await createCourse(platform.url, 'Outline', { sections: OUTLINE });
  await signInToWorkspace(page, app, platform.url, { preset: 'Everything' });
  await openCourse(page, course.name);

  // What each item shows: a lecture its running time and Preview, a section its totals.
  await expect(item(page, 'Welcome')).toHaveAccessibleName(/^Welcome Preview 5 min$/);
  await expect(item(page, 'Intro')).toHaveAccessibleName(/^Intro 2 lectures, 15 min$/);
  await expect(panel(page).getByText('2 sections, 3 lectures, 30 min in all')).toBeVisible();
  const intro = item(page, 'Intro');
  await expect(intro.getByRole('group').getByRole('treeitem')).toHaveCount(2);

  // Keyboard: Setup moves up within Intro, then First steps moves up into Intro.
  await item(page, 'Setup').click();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(item(page, 'Setup')).toBeFocused();
  expect(await titlesOf(intro)).toEqual(['Setup', 'Welcome']);
  await item(page, 'First steps').click();
  await page.keyboard.press('Alt+ArrowUp');
  expect(await titlesOf(intro)).toEqual(['Setup', 'Welcome', 'First steps']);
  await expect(item(page, 'First steps')).toBeFocused();

  // Rename by F2: Escape cancels, Enter commits.
  await page.keyboard.press('F2');
  const title = tree(page).getByRole('textbox', { name: 'Title' });
  await title.fill('Not this');
  await title.press('Escape');
  await expect(item(page, 'First steps')).toBeFocused();
  await expect(panel(page)).toBeVisible();
  await page.keyboard.press('F2');
  await title.fill('First steps, again');
  await title.press('Enter');
  await expect(item(page, 'First steps, again')).toBeFocused();

  // Mouse: Welcome dragged onto the lower half of First steps, again.
  await item(page, 'Welcome')
    .locator('.tree-row')
    .dragTo(item(page, 'First steps, again').locator('.tree-row'), {
      targetPosition: { x: 20, y: 18 },
    });
  expect(await titlesOf(intro)).toEqual(['Setup', 'First steps, again', 'Welcome']);

  // Add a section at the end by the toolbar, named in the Title field.
  await item(page, 'Basics').click();
  await toolbar(page).getByRole('button', { name: 'Add section' }).click();
  await tree(page).getByRole('textbox', { name: 'Title' }).fill('Wrap-up');
  await page.keyboard.press('Enter');
  await toolbar(page).getByRole('button', { name: 'Add lecture' }).click();
  await tree(page).getByRole('textbox', { name: 'Title' }).fill('Next steps');
  await page.keyboard.press('Enter');

  // Deleting a section that holds lectures asks first.
  // (A section's own row: the middle of its item may be one of its lectures.)
  await item(page, 'Wrap-up').locator('.tree-row').first().click();
  await toolbar(page).getByRole('button', { name: 'Delete' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Delete the section “Wrap-up”?' });
  await expect(ask.getByText('Its 1 lecture goes with it.', { exact: false })).toBeVisible();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(item(page, 'Wrap-up')).toBeFocused();
  await shoot(page, 'curriculum-en');
  await panel(page).getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('Course saved.'),
  ).toBeVisible();

  const saved = await readApi<Course>(platform.url, `courses/${course.id}`);
  expect(saved.sections.map((s) => [s.title, s.lectures.map((l) => l.title)])).toEqual([
    ['Intro', ['Setup', 'First steps, again', 'Welcome']],
    ['Basics', []],
    ['Wrap-up', ['Next steps']],
  ]);
  // Moved items keep their ids and the fields the app does not edit.
  const created = (await readApi<Course>(platform.url, `courses/${course.id}`)).sections;
  expect(created[0]!.lectures[2]).toMatchObject({
    title: 'Welcome',
    durationSeconds: 300,
    preview: true,
  });

  // Undo after the save puts the school's outline back as it was.
  await page
    .getByRole('region', { name: 'Notifications' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect
    .poll(async () =>
      (await readApi<Course>(platform.url, `courses/${course.id}`)).sections.map((s) => [
        s.title,
        s.lectures.map((l) => l.title),
      ]),
    )
    .toEqual([
      ['Intro', ['Welcome', 'Setup']],
      ['Basics', ['First steps']],
    ]);

  const axe = await (await axeOn(page)).include('.curriculum').analyze();
  expect(axe.violations).toEqual([]);
});

/** Renames a lecture of the course on the school, as someone at the school's web admin. */
async function renameOnSchool(platformUrl: string, courseId: string, from: string, to: string) {
  const course = await readApi<Course>(platformUrl, `courses/${courseId}`);
  const sections = course.sections.map((s) => ({
    ...s,
    lectures: s.lectures.map((l) => (l.title === from ? { ...l, title: to } : l)),
  }));
  await writeApi(platformUrl, 'PATCH', `courses/${courseId}`, { sections });
}

async function renameHere(page: Page, from: string, to: string): Promise<void> {
  await item(page, from).click();
  await toolbar(page).getByRole('button', { name: 'Rename' }).click();
  await tree(page).getByRole('textbox', { name: 'Title' }).fill(to);
  await page.keyboard.press('Enter');
}

test('a curriculum changed on the school meanwhile: the differences in words, merged where they do not collide', async ({
  page,
  app,
  platform,
}) => {
  const course = await createCourse(platform.url, 'Clash', { sections: OUTLINE });
  await signInToWorkspace(page, app, platform.url, { preset: 'Everything' });
  await openCourse(page, course.name);

  // Both renamed Setup: the owner chooses, told in words what each side did.
  await renameHere(page, 'Setup', 'Setup (mine)');
  await renameOnSchool(platform.url, course.id, 'Setup', 'Setup (school)');
  await renameOnSchool(platform.url, course.id, 'First steps', 'Getting going');
  await panel(page).getByRole('button', { name: 'Save' }).click();
  const conflict = panel(page).getByRole('group', { name: 'Curriculum' });
  await expect(conflict.getByText('“Setup” renamed to “Setup (school)”')).toBeVisible();
  await expect(conflict.getByText('“Setup” renamed to “Setup (mine)”')).toBeVisible();
  await expect(
    conflict.getByText(
      'Both renamed “Setup”: you to “Setup (mine)”, the school to “Setup (school)”',
    ),
  ).toBeVisible();
  await expect(conflict.getByRole('radio', { name: 'Both, merged' })).toHaveCount(0);
  await screenshot(page, 'curriculum-conflict');
  await conflict.getByRole('radio', { name: 'Yours' }).check();
  await panel(page).getByRole('button', { name: 'Save merged' }).click();
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('Course saved.'),
  ).toBeVisible();
  // Yours where both renamed Setup; the school's rename of First steps is kept.
  const kept = await readApi<Course>(platform.url, `courses/${course.id}`);
  expect(kept.sections.map((s) => s.lectures.map((l) => l.title))).toEqual([
    ['Welcome', 'Setup (mine)'],
    ['Getting going'],
  ]);

  // Different items: the owner renamed Welcome while the school renamed Getting going.
  // Nothing collides, so the save merges them without asking.
  await renameHere(page, 'Welcome', 'Hello');
  await renameOnSchool(platform.url, course.id, 'Getting going', 'Going further');
  await panel(page).getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(async () =>
      (await readApi<Course>(platform.url, `courses/${course.id}`)).sections.map((s) =>
        s.lectures.map((l) => l.title),
      ),
    )
    .toEqual([['Hello', 'Setup (mine)'], ['Going further']]);
  await expect(conflict).toHaveCount(0);
  await expect(item(page, 'Going further')).toBeVisible();
});

test('a staff account sees the curriculum read-only, with the reason and Grant access', async ({
  page,
  app,
  platform,
}) => {
  const course = await createCourse(platform.url, 'Staff', { sections: OUTLINE });
  await signInToWorkspace(page, app, platform.url, { preset: 'Everything', account: STAFF });
  await openCourse(page, course.name);
  for (const name of ['Add section', 'Add lecture', 'Rename', 'Move up', 'Move down', 'Delete'])
    await expect(toolbar(page).getByRole('button', { name })).toBeDisabled();
  await expect(
    panel(page).getByText('Changes to the curriculum: locked. They need Curriculum: Write', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'Grant access' }).last()).toBeEnabled();
  // The tree still reads and walks by keyboard; moving does nothing.
  await item(page, 'Setup').click();
  await page.keyboard.press('Alt+ArrowUp');
  expect(await titlesOf(item(page, 'Intro'))).toEqual(['Welcome', 'Setup']);
  await page.keyboard.press('ArrowDown');
  await expect(item(page, 'Basics')).toBeFocused();
  await screenshot(page, 'curriculum-read-only');
});

test.describe('in Traditional Chinese', () => {
  test.use({ locale: 'zh-TW' });

  test('the tree and its toolbar are named in Chinese', async ({ page, app, platform }) => {
    const course = await createCourse(platform.url, 'Zh', { sections: OUTLINE });
    await signInSpeaking(page, app, platform.url, 'zh-TW');
    await page.getByLabel('搜尋課程').fill(course.name);
    await page.getByRole('grid').getByText(course.name).click();
    const zhTree = page.getByRole('tree', { name: '課程大綱' });
    await expect(zhTree.getByRole('treeitem', { name: /^Intro 2 個單元，15 分鐘$/ })).toBeVisible();
    await expect(zhTree.getByRole('treeitem', { name: /^Welcome 試看 5 分鐘$/ })).toBeVisible();
    // Focus alone selects the item (selection follows focus), so the toolbar acts on it.
    await zhTree.getByRole('treeitem', { name: /^Welcome/ }).focus();
    const zhToolbar = page.getByRole('toolbar', { name: '課程大綱操作' });
    for (const name of ['新增章節', '新增單元', '重新命名', '上移', '下移', '刪除'])
      await expect(zhToolbar.getByRole('button', { name })).toBeEnabled();
    await shoot(page, 'curriculum-zh-TW');
  });
});

test('an unsaved curriculum change is not thrown away without asking', async ({
  page,
  app,
  platform,
}) => {
  const course = await createCourse(platform.url, 'Unsaved', { sections: OUTLINE });
  await signInToWorkspace(page, app, platform.url, { preset: 'Everything' });
  await openCourse(page, course.name);
  await item(page, 'Setup').click();
  await page.keyboard.press('Alt+ArrowUp');
  await panel(page).getByRole('button', { name: 'Close' }).click();
  const question = page.getByRole('alertdialog', { name: 'Discard your unsaved changes?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  expect(await titlesOf(item(page, 'Intro'))).toEqual(['Setup', 'Welcome']);
  await panel(page).getByRole('button', { name: 'Close' }).click();
  await question.getByRole('button', { name: 'Discard changes' }).click();
  await expect(tree(page)).toHaveCount(0);
  const unchanged = await readApi<Course>(platform.url, `courses/${course.id}`);
  expect(unchanged.sections[0]!.lectures.map((l) => l.title)).toEqual(['Welcome', 'Setup']);
});
