import { expect, type Page } from '@playwright/test';
import type { App } from './app-fixtures';
import { say, type Language } from './catalog-words';
import { OWNER } from './oauth-flow';

/**
 * Signing in as workspace-flow.ts does, in either language: every control of the app is
 * found by its name in `language` (the browser context's locale must match it). The
 * school's own login and consent pages are the platform's, in English, and the app's
 * final page in the browser speaks the browser's language.
 */
export async function signInSpeaking(
  page: Page,
  app: Pick<App, 'url'>,
  school: string,
  language: Language,
  /** Scope checkboxes to tick, by area and access ("courses", "write"); "Everything" if none. */
  scopes: readonly (readonly [area: string, access: 'read' | 'write'])[] = [],
  account: { email: string; password: string } = OWNER,
): Promise<void> {
  const t = (key: string, values?: Record<string, string>) => say(language, key, values);
  await page.goto(app.url);
  await page.getByLabel(t('connect:address.label')).fill(school);
  if (scopes.length === 0) {
    await page.getByRole('button', { name: t('connect:scopes.preset.everything') }).click();
  } else {
    for (const [area, access] of scopes) {
      const name = t(access === 'read' ? 'connect:scopes.readScope' : 'connect:scopes.writeScope', {
        area: t(`connect:scopes.area.${area}.label`),
      });
      await page.getByRole('checkbox', { name, exact: true }).check();
    }
  }
  await page.getByRole('button', { name: t('connect:signIn'), exact: true }).click();
  const link = page.getByRole('link', { name: t('connect:waiting.openLink') });
  await expect(link).toBeVisible();
  const [signInPage] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await allowSpeaking(signInPage, language, account);
  await expect(page.getByRole('button', { name: t('shell:header.account') })).toBeVisible();
}

/** Logs in and allows on the school's pages; the app's last page answers in `language`. */
export async function allowSpeaking(
  signInPage: Page,
  language: Language,
  account: { email: string; password: string } = OWNER,
): Promise<void> {
  const email = signInPage.getByLabel('Email', { exact: true });
  const allow = signInPage.getByRole('button', { name: 'Allow' });
  await expect(email.or(allow)).toBeVisible();
  if (await email.isVisible()) {
    await email.fill(account.email);
    await signInPage.getByLabel('Password').fill(account.password);
    await signInPage.getByRole('button', { name: 'Sign in' }).click();
  }
  await allow.click();
  await expect(signInPage.getByText(say(language, 'host:signIn.success'))).toBeVisible();
  await signInPage.close();
}

/**
 * The catalog's words in `language`, and the link of an area in the app's navigation by its
 * name in that language: what a spec run in both languages finds controls with.
 */
export function speaking(language: Language) {
  const words = (key: string, values?: Record<string, string | number>) =>
    say(language, key, values);
  const areaLink = (page: Page, area: string) =>
    page
      .getByRole('navigation', { name: words('shell:nav.label') })
      .getByRole('link', { name: words(`shell:areas.${area}.label`), exact: true });
  return { words, areaLink };
}
