import { test, expect, screenshot } from '../support/app-fixtures';

/**
 * The web host's address without its secret (a bookmark of the bare address, or one from
 * before --new-secret): the page says in plain words, in the browser's language, how to open
 * Schooldesk and that the address is printed in the terminal. Never "Refused: missing secret".
 */
test.describe('in Chinese', () => {
  test.use({ locale: 'zh-TW' });

  test('the address without its secret leads to the page that says how to open Schooldesk', async ({
    page,
    app,
  }) => {
    await page.goto(app.host.url);
    await expect(page).toHaveURL(`${app.host.url}/how-to-open`);
    await expect(page.getByRole('heading', { name: '請用完整網址開啟 Schooldesk' })).toBeVisible();
    await expect(page.getByText('找到正在執行 Schooldesk 的終端機')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
    await expect(page.getByText(/Refused|missing secret/i)).toHaveCount(0);
    await screenshot(page, 'web-host-how-to-open-zh-TW');
  });
});

test('in English, and for a secret the host no longer knows', async ({ page, app }) => {
  // A bookmark from before --new-secret: the page loads, the first bridge call is refused.
  const stale = 'A'.repeat(app.host.secret.length);
  await page.goto(`${app.host.url}/#${stale}`);
  await expect(page).toHaveURL(`${app.host.url}/how-to-open`);
  await expect(
    page.getByRole('heading', { name: 'Open Schooldesk with its full address' }),
  ).toBeVisible();
  await expect(page.getByText('printed', { exact: false }).first()).toBeVisible();
  await expect(page.getByText(/Refused|missing secret/i)).toHaveCount(0);
  await screenshot(page, 'web-host-how-to-open-en');

  // The full address still opens the app (the stale secret was forgotten, not kept).
  await page.goto(app.url);
  await expect(page).toHaveURL(`${app.host.url}/`);
  await expect(page.getByRole('textbox').first()).toBeVisible();
});
