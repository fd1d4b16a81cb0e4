import type { Page } from '@playwright/test';
import { test, expect, screenshot } from '../support/app-fixtures';
import { allowSpeaking, signInSpeaking, speaking } from '../support/language-flow';

/**
 * Issue #22 §2: schools were listed as "demo" and "second" (their subdomains) and the sign-out
 * question named the URL. The app shows the school's own name, the one its resource metadata
 * gives (RFC 9728 `resource_name`), with its address beside it: in the header's switcher, in
 * Account's list of schools and in the sign-out question.
 */
for (const language of ['en', 'zh-TW'] as const) {
  test.describe(language, () => {
    test.use({ locale: language });

    test('schools go by their own names with the address beside them', async ({
      page,
      app,
      platform,
    }) => {
      const { words, areaLink } = speaking(language);
      const second = await platform.enableSecondSchool();
      const firstAddress = platform.url.replace(/^https?:\/\//, '');
      const secondAddress = second.replace(/^https?:\/\//, '');
      const switcher = (p: Page) =>
        p.getByRole('button', { name: new RegExp(`^${words('shell:header.schoolPrefix')}`) });

      // The switcher's name: its prefix ("School: ", "學校：") and the school's name alone.
      const named = (school: string) =>
        new RegExp(`^${words('shell:header.schoolPrefix').trim()}\\s*${school}$`);

      await signInSpeaking(page, app, platform.url, language);
      await expect(switcher(page)).toHaveAccessibleName(named('Demo School'));

      // Add the second school from the switcher.
      await switcher(page).click();
      await page.getByRole('menuitem', { name: words('shell:header.addSchool') }).click();
      await page.getByLabel(words('connect:address.label')).fill(second);
      await page.getByRole('button', { name: words('connect:scopes.preset.everything') }).click();
      await page.getByRole('button', { name: words('connect:signIn'), exact: true }).click();
      const link = page.getByRole('link', { name: words('connect:waiting.openLink') });
      const [signInPage] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
      await allowSpeaking(signInPage, language);
      await expect(switcher(page)).toHaveAccessibleName(named('Second School'));

      // The switcher's menu: each school by name, its address beside it.
      await switcher(page).click();
      const menu = page.getByRole('menu', { name: words('shell:header.schoolMenu') });
      await expect(
        menu.getByRole('menuitemradio', { name: `Demo School ${firstAddress}` }),
      ).toBeVisible();
      await expect(
        menu.getByRole('menuitemradio', { name: `Second School ${secondAddress}` }),
      ).toBeVisible();
      await screenshot(page, `school-names-menu-${language}`);
      await page.keyboard.press('Escape');

      // Account: the list of schools, and who the owner is at this one.
      await areaLink(page, 'account').click();
      const schools = page.getByRole('navigation', { name: words('account:schools.heading') });
      await expect(schools.getByRole('button', { name: /Demo School/ })).toContainText(
        firstAddress,
      );
      await expect(schools.getByRole('button', { name: /Second School/ })).toContainText(
        secondAddress,
      );
      await expect(page.getByRole('definition').filter({ hasText: 'Second School' })).toContainText(
        secondAddress,
      );

      // The sign-out question names the school, its address beside it.
      await page.getByRole('button', { name: words('account:signOutHere') }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toHaveAccessibleName(/Second School/);
      await expect(dialog.getByRole('heading')).toContainText(secondAddress);
      await expect(dialog.getByRole('heading')).not.toContainText('http://');
      await screenshot(page, `school-names-sign-out-${language}`);
    });
  });
}
