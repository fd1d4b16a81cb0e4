import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, screenshot } from '../support/app-fixtures';
import { signInToWorkspace } from '../support/workspace-flow';

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

/**
 * Runs axe (WCAG 2 A and AA) on the page as it is, saves a screenshot to look at, and fails on
 * any serious or critical violation, listing each with the elements it found.
 */
async function checkScreen(page: Page, screen: string, theme: Theme): Promise<void> {
  await screenshot(page, `ws-${screen}-${theme}`);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect(serious, `${screen} in ${theme}`).toEqual([]);
}

const areas = (page: Page) => page.getByRole('navigation', { name: 'Areas' });
const loadedRows = (page: Page) =>
  page.getByRole('grid').locator('[role="row"]:not([aria-rowindex="1"]):not(.loading)');

test.describe('accessibility (axe: no serious or critical WCAG 2 A/AA violations)', () => {
  test('connect and waiting, light and dark', async ({ page, app, platform }) => {
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(app.url);
      await expect(page.getByLabel('School address')).toBeVisible();
      await checkScreen(page, 'connect', theme);
      await page.getByLabel('School address').fill(platform.url);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('link', { name: 'Open the sign-in page' })).toBeVisible();
      await checkScreen(page, 'waiting', theme);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByLabel('School address')).toBeVisible();
    }
  });

  test('the workspace: lists, locked area, step-up, palette, shortcuts, account', async ({
    page,
    app,
    platform,
  }) => {
    // Sixteen axe runs over large pages take a while on a two-core machine.
    test.setTimeout(180_000);
    // Pages is left out so its area is locked.
    await signInToWorkspace(page, app, platform.url, {
      scopes: ['Courses: Write', 'Students: Write', 'Coupons: Read'],
    });
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      for (const area of ['Courses', 'Students', 'Coupons'] as const) {
        await areas(page).getByRole('link', { name: area, exact: true }).click();
        await expect(page.getByRole('heading', { level: 1, name: area })).toBeVisible();
        await expect(loadedRows(page).first()).toBeVisible();
        await checkScreen(page, area.toLowerCase(), theme);
      }

      await areas(page).getByRole('link', { name: 'Pages (locked)' }).click();
      await expect(page.getByRole('heading', { level: 1, name: /Pages/ })).toBeVisible();
      await checkScreen(page, 'locked', theme);

      await page.getByRole('button', { name: 'Grant access' }).click();
      const stepUp = page.getByRole('dialog', { name: 'Grant access' });
      await expect(stepUp.getByRole('link', { name: 'Open the sign-in page' })).toBeVisible();
      await checkScreen(page, 'step-up', theme);
      await stepUp.getByRole('button', { name: 'Cancel' }).click();
      await expect(stepUp).toBeHidden();

      await page.keyboard.press('Control+k');
      const palette = page.getByRole('dialog', { name: 'Command palette' });
      await palette.getByRole('combobox').fill('Lovelace');
      await expect(palette.getByRole('option', { name: /Ada Lovelace/ })).toBeVisible();
      await checkScreen(page, 'palette', theme);
      await page.keyboard.press('Escape');
      await expect(palette).toBeHidden();

      await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
      const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await expect(sheet).toBeVisible();
      await checkScreen(page, 'shortcuts', theme);
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();

      await areas(page).getByRole('link', { name: 'Account' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
      await checkScreen(page, 'account', theme);
    }
  });
});
