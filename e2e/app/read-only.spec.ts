import type { Page } from '@playwright/test';
import { test, expect, screenshot } from '../support/app-fixtures';
import { STAFF } from '../support/oauth-flow';
import { requestCounts, signInToWorkspace } from '../support/workspace-flow';

/** Names of controls that would change something at the school. */
const WRITE_CONTROL =
  /^(new|save|delete|import|generate|enroll|bulk enroll|deactivate|activate|remove|expire|extend|create|publish|unpublish|duplicate)\b/i;

/** Every button on screen that would write is absent or disabled (locked ones are text). */
async function expectNoUsableWriteControl(page: Page): Promise<void> {
  const buttons = page.getByRole('main').getByRole('button');
  for (const button of await buttons.all()) {
    const name = ((await button.getAttribute('aria-label')) ?? (await button.innerText())).trim();
    if (WRITE_CONTROL.test(name)) {
      expect.soft(await button.isDisabled(), `"${name}" should not be usable`).toBe(true);
    }
  }
}

const areas = (page: Page) => page.getByRole('navigation', { name: 'Areas' });

test('a read-only session can look everywhere and writes nothing', async ({
  page,
  app,
  platform,
}) => {
  await fetch(`${platform.url}/__control/reset`, { method: 'POST' });
  await signInToWorkspace(page, app, platform.url, { preset: 'Read only', account: STAFF });

  for (const [area, singular] of [
    ['Courses', 'course'],
    ['Students', 'student'],
    ['Coupons', 'coupon'],
    ['Pages', 'page'],
  ] as const) {
    await areas(page).getByRole('link', { name: area, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: area })).toBeVisible();
    const rows = page.getByRole('grid').locator('[role="row"]:not([aria-rowindex="1"])');
    await expect(rows.first()).not.toHaveClass(/loading/);

    // "New …" is locked, with "Grant access" beside it.
    await expect(page.getByRole('button', { name: `New ${singular}` })).toHaveCount(0);
    await expect(page.getByText(`New ${singular} (locked)`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Grant access' }).first()).toBeVisible();
    await expectNoUsableWriteControl(page);

    // Open a record: its form offers nothing that writes either.
    await rows.first().click();
    const panel = page.getByRole('complementary');
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { level: 2 }).first()).not.toHaveText(
      /^(Courses|Students|Coupons|Pages)$/,
    );
    await expect(panel.getByRole('button', { name: 'Grant access' }).first()).toBeVisible();
    await expectNoUsableWriteControl(page);
    await screenshot(page, `ws-read-only-${singular}`);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  }
  await areas(page).getByRole('link', { name: 'Account' }).click();
  await expect(page.getByText('staff@demo.school')).toBeVisible();

  const counts = await requestCounts(platform.url);
  const writes = Object.entries(counts).filter(([route]) =>
    /^(POST|PUT|PATCH|DELETE) \/api\/v1\//.test(route),
  );
  expect(writes).toEqual([]);
  // The session did read through the API, so the counters saw it.
  expect(Object.keys(counts).some((route) => route.startsWith('GET /api/v1/'))).toBe(true);
});
