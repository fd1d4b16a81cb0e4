import type { Page } from '@playwright/test';
import { test, expect, screenshot, type App } from '../support/app-fixtures';
import { OWNER } from '../support/oauth-flow';
import { allowInBrowser, signInToWorkspace } from '../support/workspace-flow';

/** Fills Connect and presses Sign in; answers the second page where the sign-in link opened. */
async function startSignIn(page: Page, app: App, school: string, scopes: string[] = []) {
  await page.goto(app.url);
  await page.getByLabel('School address').fill(school);
  for (const scope of scopes)
    await page.getByRole('checkbox', { name: scope, exact: true }).check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  const link = page.getByRole('link', { name: 'Open the sign-in page' });
  await expect(link).toBeVisible();
  const [signInPage] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  return signInPage;
}

/** The workspace opens on an area's list; who is signed in shows in the Account area. */
async function openAccountArea(page: Page) {
  await page
    .getByRole('navigation', { name: 'Areas' })
    .getByRole('link', { name: 'Account' })
    .click();
}

async function introspect(platformUrl: string, clientId: string, token: string): Promise<boolean> {
  const response = await fetch(`${platformUrl}/api/oauth/introspect`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, client_id: clientId }),
  });
  return ((await response.json()) as { active: boolean }).active;
}

test.describe('signing in through the web host', () => {
  test('connect, choose scopes, sign in through the link, see who you are, sign out', async ({
    page,
    app,
    platform,
  }) => {
    await page.goto(app.url);
    await expect(page.getByLabel('School address')).toBeVisible();
    await screenshot(page, '1-connect');
    const signInPage = await startSignIn(page, app, platform.url, [
      'Courses: Write',
      'Coupons: Read',
    ]);
    await screenshot(page, '2-waiting');
    await allowInBrowser(signInPage);

    await openAccountArea(page);
    await expect(page.getByRole('main').getByText('Olivia Owner')).toBeVisible();
    await expect(page.getByText('owner@demo.school')).toBeVisible();
    // The school by its name, its address beside it.
    await expect(
      page.getByText(`Demo School (${platform.url.replace(/^https?:\/\//, '')})`),
    ).toBeVisible();
    await expect(page.getByText('courses:write').first()).toBeVisible();
    await screenshot(page, '3-signed-in');

    const { accessToken, refreshToken, clientId } = await app.tokens();
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await screenshot(page, '5-sign-out');
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByLabel('School address')).toBeVisible();
    expect(await introspect(platform.url, clientId, refreshToken!)).toBe(false);
    expect(await introspect(platform.url, clientId, accessToken)).toBe(false);
  });

  test('a scope declined at consent is shown as declined', async ({ page, app, platform }) => {
    const signInPage = await startSignIn(page, app, platform.url, ['Coupons: Read']);
    await allowInBrowser(signInPage, OWNER, ['coupons:read']);
    await openAccountArea(page);
    await expect(page.getByRole('main').getByText('Olivia Owner')).toBeVisible();
    await expect(page.getByText(/Not granted/)).toBeVisible();
    await expect(page.getByText('coupons:read').first()).toBeVisible();
  });

  test('Deny shows the reason and a way forward', async ({ page, app, platform }) => {
    const signInPage = await startSignIn(page, app, platform.url);
    await signInPage.getByLabel('Email', { exact: true }).fill(OWNER.email);
    await signInPage.getByLabel('Password').fill(OWNER.password);
    await signInPage.getByRole('button', { name: 'Sign in' }).click();
    await signInPage.getByRole('button', { name: 'Deny' }).click();
    await expect(page.getByRole('alert')).toContainText('Access was not allowed');
    await screenshot(page, '4-failure');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByLabel('School address')).toHaveValue(platform.url);
  });

  test('Cancel while waiting returns to Connect', async ({ page, app, platform }) => {
    await startSignIn(page, app, platform.url);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByLabel('School address')).toBeVisible();
  });

  test('a school address that is not one is refused in plain words', async ({ page, app }) => {
    await page.goto(app.url);
    await page.getByLabel('School address').fill('ftp://school.example');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('does not look like a school address');
  });

  test('an address on this computer typed without http:// signs in all the same', async ({
    page,
    app,
    platform,
  }) => {
    const typed = platform.url.replace(/^http:\/\//, '');
    expect(typed).toMatch(/^127\.0\.0\.1:\d+$/);
    await signInToWorkspace(page, app, typed, { preset: 'Everything' });
    await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  });
});

test.describe('the waiting screen says the browser opened only when it did', () => {
  const start = async (page: Page, app: App, school: string) => {
    await page.goto(app.url);
    await page.getByLabel('School address').fill(school);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('link', { name: 'Open the sign-in page' })).toBeVisible();
  };

  test('opened', async ({ page, app, platform }) => {
    await start(page, app, platform.url);
    await expect(page.getByText(/opened your school’s sign-in page in your browser/)).toBeVisible();
  });

  test.describe('no browser could be opened', () => {
    test.use({ browserOpens: false });
    test('points at the link instead', async ({ page, app, platform }) => {
      await start(page, app, platform.url);
      await expect(page.getByRole('alert')).toHaveText(/could not open your browser/);
      await expect(page.getByText(/opened your school’s sign-in page/)).toHaveCount(0);
    });
  });
});
