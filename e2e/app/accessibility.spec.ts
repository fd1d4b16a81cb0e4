import type { Page } from '@playwright/test';
import { test, expect, screenshot } from '../support/app-fixtures';
import { LANGUAGES, say } from '../support/catalog-words';
import { signInSpeaking } from '../support/language-flow';
import { axeOn, seriousViolations, wcagIn, type Theme } from '../support/axe';

const THEMES: readonly Theme[] = ['light', 'dark'];

/**
 * Runs axe (WCAG 2 A and AA; in the dark theme, its colour rules: see wcagIn) on the page as
 * it is, saves a screenshot to look at, and fails on any serious or critical violation,
 * listing each with the elements it found.
 */
async function checkScreen(page: Page, screen: string, theme: Theme): Promise<void> {
  await screenshot(page, `ws-${screen}-${theme}`);
  const serious = await seriousViolations(wcagIn(await axeOn(page), theme));
  expect(serious, `${screen} in ${theme}`).toEqual([]);
}

const loadedRows = (page: Page) =>
  page.getByRole('grid').locator('[role="row"]:not([aria-rowindex="1"]):not(.loading)');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Both languages: each screen in English and in Traditional Chinese (the browser's locale
// picks the app's language), every control found by its name in that language.
for (const language of LANGUAGES) {
  const t = (key: string, values: Record<string, string | number> = {}) =>
    say(language, key, values);
  /** Screenshots of the English screens keep their names; the Chinese ones add `zh`. */
  const named = (screen: string) => (language === 'en' ? screen : `zh-${screen}`);
  const areas = (page: Page) => page.getByRole('navigation', { name: t('shell:nav.label') });

  test.describe(`accessibility in ${language} (axe: no serious or critical WCAG 2 A/AA violations)`, () => {
    test.use({ locale: language });

    test('connect and waiting, light and dark', async ({ page, app, platform }) => {
      const address = page.getByLabel(t('connect:address.label'));
      for (const theme of THEMES) {
        await page.emulateMedia({ colorScheme: theme });
        await page.goto(app.url);
        await expect(address).toBeVisible();
        await checkScreen(page, named('connect'), theme);
        await address.fill(platform.url);
        await page.getByRole('button', { name: t('connect:signIn'), exact: true }).click();
        await expect(page.getByRole('link', { name: t('connect:waiting.openLink') })).toBeVisible();
        await checkScreen(page, named('waiting'), theme);
        await page.getByRole('button', { name: t('common:cancel') }).click();
        await expect(address).toBeVisible();
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
      await signInSpeaking(page, app, platform.url, language, [
        ['courses', 'write'],
        ['students', 'write'],
        ['coupons', 'read'],
      ]);
      for (const theme of THEMES) {
        await page.emulateMedia({ colorScheme: theme });
        for (const area of ['courses', 'students', 'coupons'] as const) {
          const name = t(`shell:areas.${area}.label`);
          await areas(page).getByRole('link', { name, exact: true }).click();
          await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
          await expect(loadedRows(page).first()).toBeVisible();
          await checkScreen(page, named(area), theme);
        }

        const pages = t('shell:areas.pages.label');
        await areas(page)
          .getByRole('link', {
            name: new RegExp(`${escape(pages)}.*${escape(t('shell:nav.locked'))}`),
          })
          .click();
        await expect(
          page.getByRole('heading', { level: 1, name: new RegExp(escape(pages)) }),
        ).toBeVisible();
        await checkScreen(page, named('locked'), theme);

        await page.getByRole('button', { name: t('shell:locked.grant') }).click();
        const stepUp = page.getByRole('dialog', { name: t('operations:stepUp.title') });
        await expect(
          stepUp.getByRole('link', { name: t('operations:stepUp.openPage') }),
        ).toBeVisible();
        await checkScreen(page, named('step-up'), theme);
        await stepUp.getByRole('button', { name: t('common:cancel') }).click();
        await expect(stepUp).toBeHidden();

        await page.keyboard.press('Control+k');
        const palette = page.getByRole('dialog', { name: t('shell:palette.heading') });
        await palette.getByRole('combobox').fill('Lovelace');
        await expect(palette.getByRole('option', { name: /Ada Lovelace/ })).toBeVisible();
        await checkScreen(page, named('palette'), theme);
        await page.keyboard.press('Escape');
        await expect(palette).toBeHidden();

        await page.getByRole('button', { name: t('shell:header.shortcuts') }).click();
        const sheet = page.getByRole('dialog', { name: t('shell:shortcuts.heading') });
        await expect(sheet).toBeVisible();
        await checkScreen(page, named('shortcuts'), theme);
        await page.keyboard.press('Escape');
        await expect(sheet).toBeHidden();

        const account = t('shell:areas.account.label');
        await areas(page).getByRole('link', { name: account }).click();
        await expect(
          page.getByRole('heading', { level: 1, name: t('account:heading') }),
        ).toBeVisible();
        await checkScreen(page, named('account'), theme);
      }
    });
  });
}
