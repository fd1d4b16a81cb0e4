import type { Page } from '@playwright/test';
import { test, expect, screenshot } from '../support/app-fixtures';
import { gridOf, openArea } from '../support/school-process';
import { allowInBrowser, followSignInLink, signInToWorkspace } from '../support/workspace-flow';

/**
 * Issue #15 §2: a real school switcher. Each school keeps its own place (the open record, how
 * far its list was scrolled, the list's search), nothing of one school shows in another (the bug was school A's course left
 * open in school B as "That record no longer exists"), the header's switcher and the palette
 * move between them, and signing out of one lands in the other.
 */

/** The header's school switcher, named "School: <name>". */
const switcher = (page: Page) => page.getByRole('button', { name: /^School:/ });
const recordPanel = (page: Page) => page.getByRole('complementary');
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search courses' });
const listBody = (page: Page) => page.locator('.list-body');
/** How far the open list is scrolled, in pixels. */
const scrolled = (page: Page) => listBody(page).evaluate((body) => Math.round(body.scrollTop));

/** The first course of the open list, by its name cell. */
async function firstCourse(page: Page): Promise<string> {
  const cell = gridOf(page).getByRole('row').nth(1).getByRole('gridcell').first();
  await expect(cell).not.toBeEmpty();
  return ((await cell.textContent()) ?? '').trim();
}

test('each school keeps its own record, scroll and search, shows nothing of another, and sign-out lands in the other', async ({
  page,
  app,
  platform,
}) => {
  const second = await platform.enableSecondSchool();
  await page.setViewportSize({ width: 1024, height: 680 });
  await signInToWorkspace(page, app, platform.url, { preset: 'Everything' });
  await expect(switcher(page)).toHaveText(/Demo School/);

  // School A: a course open beside the list, and the list scrolled.
  await openArea(page, 'Courses');
  const courseOfA = await firstCourse(page);
  await gridOf(page).getByRole('gridcell', { name: courseOfA, exact: true }).first().click();
  await expect(recordPanel(page)).toBeVisible();
  await expect(recordPanel(page).getByLabel('Name', { exact: true })).toHaveValue(courseOfA);
  await listBody(page).evaluate((body) => (body.scrollTop = 300));
  await expect.poll(() => scrolled(page)).toBe(300);

  // Add school B from the switcher.
  await switcher(page).click();
  await page.getByRole('menuitem', { name: 'Add another school' }).click();
  await page.getByLabel('School address').fill(second);
  await page.getByRole('button', { name: 'Everything' }).click();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await allowInBrowser(await followSignInLink(page));

  // School B: its own name, its own list, and nothing of A (no record, no scroll).
  await expect(switcher(page)).toHaveText(/Second School/);
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  await expect(gridOf(page).getByRole('row').nth(1)).toBeVisible();
  await expect(recordPanel(page)).toHaveCount(0);
  await expect(page.getByText('no longer exists')).toHaveCount(0);
  expect(await scrolled(page)).toBe(0);
  await screenshot(page, 'schools-header-two-1024');

  // Back to A with the keyboard: its record and scroll are as they were left.
  await switcher(page).focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Your schools' });
  await expect(menu.getByRole('menuitemradio', { name: /Second School/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await screenshot(page, 'schools-menu-1024');
  await menu.getByRole('menuitemradio', { name: /Demo School/ }).focus();
  await page.keyboard.press('Enter');
  await expect(switcher(page)).toHaveText(/Demo School/);
  await expect(recordPanel(page).getByLabel('Name', { exact: true })).toHaveValue(courseOfA);
  await expect.poll(() => scrolled(page)).toBe(300);

  // A search in A is A's alone.
  await search(page).fill(courseOfA.slice(0, 6));

  // To B from the palette.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').fill('switch');
  await expect(palette.getByRole('option', { name: /Switch to Second School/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(switcher(page)).toHaveText(/Second School/);
  await expect(recordPanel(page)).toHaveCount(0);
  await expect(search(page)).toHaveValue('');

  // Signing out of B lands in A, where it was left, and says how the sign-out went.
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(switcher(page)).toHaveText(/Demo School/);
  await expect(recordPanel(page).getByLabel('Name', { exact: true })).toHaveValue(courseOfA);
  await expect(search(page)).toHaveValue(courseOfA.slice(0, 6));
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'cancelled Schooldesk’s access',
  );
  await switcher(page).click();
  await expect(page.getByRole('menu').getByRole('menuitemradio')).toHaveCount(1);
  await page.keyboard.press('Escape');
});

test('a mistyped school address is an error on the field, which keeps what was typed', async ({
  page,
  app,
}) => {
  await page.goto(app.url);
  const address = page.getByLabel('School address');
  // Nothing listens there: the school cannot be found.
  await address.fill('http://127.0.0.1:9');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#school-address-error')).toBeVisible();
  await expect(address).toHaveValue('http://127.0.0.1:9');
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(address).toBeFocused();
  await screenshot(page, 'connect-address-error');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Connect to your school' }),
  ).toBeVisible();
  await address.press('End');
  await address.pressSequentially('0');
  await expect(page.locator('#school-address-error')).toHaveCount(0);
});

test('the scope chooser shows the managed areas first, curriculum beside courses, and folds the others away', async ({
  page,
  app,
}) => {
  await page.goto(app.url);
  const managed = page.getByRole('checkbox').filter({ visible: true });
  await expect(managed.nth(2)).toHaveAccessibleName('Curriculum: Read');
  for (const name of ['Courses: Read', 'Students: Write', 'Coupons: Read', 'Pages: Write'])
    await expect(page.getByRole('checkbox', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Members: Read', exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Everything' }).click();
  for (const name of [
    'Courses: Write',
    'Curriculum: Write',
    'Students: Write',
    'Coupons: Write',
    'Pages: Write',
  ])
    await expect(page.getByRole('checkbox', { name, exact: true })).toBeChecked();
  await page.getByText('Schooldesk does not use them yet').click();
  await expect(
    page.getByRole('checkbox', { name: 'Members: Read', exact: true }),
  ).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Orders: Read', exact: true })).not.toBeChecked();
  await screenshot(page, 'connect-scopes-unfolded');
});

test.describe('in Traditional Chinese', () => {
  test.use({ locale: 'zh-TW' });

  const SIZES = [
    { width: 1024, height: 680 },
    { width: 1280, height: 800 },
  ] as const;
  const THEMES = ['light', 'dark'] as const;

  /** Screenshots of the screen as it is, at both sizes and in both themes. */
  async function shoot(page: Page, name: string): Promise<void> {
    for (const size of SIZES)
      for (const theme of THEMES) {
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme: theme });
        await screenshot(page, `zh-${name}-${size.width}-${theme}`);
      }
    await page.emulateMedia({ colorScheme: 'light' });
  }

  /** Connect, in Chinese, to `school` with every area Schooldesk manages. */
  async function signIn(page: Page, school: string): Promise<void> {
    await page.getByLabel('學校網址').fill(school);
    await page.getByRole('button', { name: '全部', exact: true }).click();
    await page.getByRole('button', { name: '登入', exact: true }).click();
    const link = page.getByRole('link', { name: '開啟登入頁面' });
    await expect(link).toBeVisible();
    const [signInPage] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await allowInBrowser(signInPage);
  }

  test('connect, the header with two schools and Account', async ({ page, app, platform }) => {
    test.setTimeout(120_000);
    const second = await platform.enableSecondSchool();
    await page.goto(app.url);
    await expect(page.getByRole('heading', { level: 1, name: '連線到你的學校' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
    await shoot(page, 'connect');

    await signIn(page, platform.url);
    const header = page.getByRole('button', { name: /^學校/ });
    await expect(header).toHaveText(/Demo School/);
    await header.click();
    await page.getByRole('menuitem', { name: '新增另一所學校' }).click();
    await signIn(page, second);
    await expect(header).toHaveText(/Second School/);
    await expect(page.getByRole('heading', { level: 1, name: '課程' })).toBeVisible();
    await expect(gridOf(page).getByRole('row').nth(1)).toBeVisible();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      // One line: the header is as tall as its tallest control, not two rows of them.
      const height = await page.locator('.workspace-header').evaluate((h) => h.clientHeight);
      expect(height, `header at ${size.width}`).toBeLessThan(64);
    }
    await shoot(page, 'header-two-schools');

    await page
      .getByRole('navigation', { name: '區域' })
      .getByRole('link', { name: '帳號' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: '帳號' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: '你的學校' }).getByRole('button'),
    ).toHaveCount(2);
    await expect(page.getByRole('radio', { name: '繁體中文', exact: true })).toBeVisible();
    await shoot(page, 'account');

    // Choosing English applies at once, and the owner's choice is kept.
    await page.getByRole('radio', { name: 'English', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await page.getByRole('radio', { name: /^Same as this computer/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: '帳號' })).toBeVisible();
  });
});
