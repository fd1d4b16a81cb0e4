import type { Page } from '@playwright/test';
import { test, expect, screenshot } from '../support/app-fixtures';
import { gridOf } from '../support/school-process';
import { signInToWorkspace } from '../support/workspace-flow';

/**
 * Issue #15: every main screen in both languages, at 1024×680, 1280×800 and 1920×1080, light
 * and dark. Each screen must fit its window (no sideways scrolling), and each is kept as a
 * screenshot (e2e/output/screens/gallery-…) to look at. Screens are reached by keyboard
 * (Alt+1 … Alt+5, N) so the walk does not depend on either language's words.
 */
const LANGUAGES = ['en', 'zh-TW'] as const;
const SIZES = [
  { width: 1024, height: 680 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

type Screen = { name: string; open: (page: Page) => Promise<void> };

const area = (digit: number) => async (page: Page) => {
  await page.keyboard.press('Escape');
  await page.keyboard.press(`Alt+Digit${digit}`);
};

const SCREENS: Screen[] = [
  {
    name: 'courses',
    open: async (page) => {
      await area(1)(page);
      await expect(gridOf(page).getByRole('row').nth(1)).toBeVisible();
    },
  },
  {
    name: 'student-open',
    open: async (page) => {
      await area(2)(page);
      await gridOf(page).getByRole('row').nth(1).click();
      await expect(page.locator('.record-panel')).toBeVisible();
    },
  },
  {
    name: 'coupon-new',
    open: async (page) => {
      await area(3)(page);
      await expect(gridOf(page).getByRole('row').nth(1)).toBeVisible();
      await page.locator('body').press('n');
      await expect(page.locator('.record-panel')).toBeVisible();
    },
  },
  {
    name: 'pages',
    open: async (page) => {
      await area(4)(page);
      await expect(gridOf(page).getByRole('row').nth(1)).toBeVisible();
    },
  },
  {
    name: 'account',
    open: async (page) => {
      await area(5)(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
  },
];

/** Chooses the app's language as Account does (saved by main), and reloads. */
async function useLanguage(page: Page, language: string): Promise<void> {
  await page.evaluate(
    (chosen) => window.schooldesk.settings.setLanguage({ language: chosen as 'en' | 'zh-TW' }),
    language,
  );
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** The page fits its window: nothing makes it scroll sideways. */
async function expectFits(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${what} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

/** Every size and scheme of the screen now open. */
async function shoot(page: Page, language: string, name: string, open?: Screen['open']) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      if (open) await open(page);
      const what = `gallery-${language}-${size.width}x${size.height}-${scheme}-${name}`;
      await expectFits(page, what);
      await screenshot(page, what);
    }
  }
}

for (const language of LANGUAGES) {
  test(`every main screen in ${language} fits 1024×680, 1280×800 and 1920×1080, light and dark`, async ({
    page,
    app,
    platform,
  }) => {
    test.setTimeout(240_000);
    await page.goto(app.url);
    await useLanguage(page, language);
    await shoot(page, language, 'connect');

    // Signed in in English (the walk's words), then shown in the language.
    await useLanguage(page, 'en');
    await signInToWorkspace(page, app, platform.url, { preset: 'Everything' });
    await useLanguage(page, language);
    for (const screen of SCREENS) await shoot(page, language, screen.name, screen.open);
  });
}
