import { expect, type Page } from '@playwright/test';
import type { App } from './app-fixtures';
import { OWNER } from './oauth-flow';
import { hostText } from '../../src/core/i18n/host-text';
import { LANGUAGES } from '../../src/shared/languages';

type Account = { email: string; password: string };

/** What the workspace specs sign in with: a preset or exact scope checkboxes, and who. */
export type WorkspaceSignIn = {
  /** A preset button on Connect ("Everything", "Read only", ...); wins over `scopes`. */
  preset?: 'Everything' | 'Read only' | 'Manage courses and students';
  /** Scope checkboxes to tick, by accessible name ("Courses: Write"). */
  scopes?: string[];
  account?: Account;
  /** Scopes to untick on the consent page (by scope name, "courses:write"). */
  decline?: string[];
  /** Called just before Allow is pressed on the consent page (a benchmark's clock starts). */
  onAllow?: () => void;
};

/**
 * Logs in and allows on the school's consent page that the app's sign-in link opened, as the
 * owner would in their browser; the page is left showing the loopback's final message.
 */
export async function allowInBrowser(
  signInPage: Page,
  account: Account = OWNER,
  decline: string[] = [],
  onAllow?: () => void,
): Promise<void> {
  // A step-up on an existing browser session may skip the login form.
  const email = signInPage.getByLabel('Email', { exact: true });
  const allow = signInPage.getByRole('button', { name: 'Allow' });
  await expect(email.or(allow)).toBeVisible();
  if (await email.isVisible()) {
    await email.fill(account.email);
    await signInPage.getByLabel('Password').fill(account.password);
    await signInPage.getByRole('button', { name: 'Sign in' }).click();
  }
  for (const scope of decline) await signInPage.getByLabel(scope, { exact: true }).uncheck();
  onAllow?.();
  await signInPage.getByRole('button', { name: 'Allow' }).click();
  // The loopback page speaks the browser's language.
  const done = LANGUAGES.map((language) =>
    signInPage.getByText(hostText(language).t('signIn.success')),
  );
  await expect(done.reduce((either, next) => either.or(next))).toBeVisible();
  await signInPage.close();
}

/** Clicks the app's "Open the sign-in page" link and answers the page it opened. */
export async function followSignInLink(page: Page): Promise<Page> {
  const link = page.getByRole('link', { name: 'Open the sign-in page' });
  await expect(link).toBeVisible();
  const [signInPage] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  return signInPage;
}

/**
 * Opens the app, signs in to `school` with the chosen scopes through the consent page, and
 * waits until the app is signed in (the account menu is there).
 */
export async function signInToWorkspace(
  page: Page,
  app: Pick<App, 'url'>,
  school: string,
  options: WorkspaceSignIn = {},
): Promise<void> {
  await page.goto(app.url);
  await page.getByLabel('School address').fill(school);
  if (options.preset) {
    await page.getByRole('button', { name: options.preset }).click();
  } else {
    for (const scope of options.scopes ?? [])
      await page.getByRole('checkbox', { name: scope, exact: true }).check();
  }
  await page.getByRole('button', { name: 'Sign in' }).click();
  const signInPage = await followSignInLink(page);
  await allowInBrowser(
    signInPage,
    options.account ?? OWNER,
    options.decline ?? [],
    options.onAllow,
  );
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
}

/** Counts of the stand-in's requests since its counters were reset, by `METHOD /route`. */
export async function requestCounts(platformUrl: string): Promise<Record<string, number>> {
  const response = await fetch(`${platformUrl}/__control/counters`);
  const counters = (await response.json()) as { byRoute: Record<string, { total: number }> };
  return Object.fromEntries(Object.entries(counters.byRoute).map(([k, v]) => [k, v.total]));
}

/** The demo owner's account id on the stand-in. */
export const OWNER_ACCOUNT_ID = '6f1c2a7e-3b1d-4c1e-9d1a-0a0000000001';

/**
 * Calls the stand-in's API as the owner with a token minted through the control API for
 * `scopes`, so a spec reaches the server itself rather than going through the app.
 */
export async function ownerFetch(
  platformUrl: string,
  path: string,
  scopes: string[],
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Response> {
  const minted = await fetch(`${platformUrl}/__control/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountId: OWNER_ACCOUNT_ID, scopes }),
  });
  const { accessToken } = (await minted.json()) as { accessToken: string };
  return fetch(`${platformUrl}/api/v1/${path.replace(/^\//, '')}`, {
    ...init,
    headers: {
      authorization: `Bearer ${accessToken}`,
      accept: 'application/json',
      ...init.headers,
    },
  });
}

/**
 * Reads the stand-in's API as the owner, so a test checks what really reached the server
 * rather than what the app shows.
 */
export async function readApi<T = unknown>(platformUrl: string, path: string): Promise<T> {
  const response = await ownerFetch(platformUrl, path, [
    'courses:read',
    'students:read',
    'coupons:read',
    'pages:read',
  ]);
  return (await response.json()) as T;
}
