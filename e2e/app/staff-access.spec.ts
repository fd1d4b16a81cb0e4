import { test, expect, screenshot } from '../support/app-fixtures';
import { allowSpeaking, signInSpeaking, speaking } from '../support/language-flow';
import { STAFF } from '../support/oauth-flow';
import { createCourse } from '../support/records-flow';

/**
 * Issue #22 §2: a staff account was told to "choose Allow with it ticked" for access its role
 * can never grant (the school's consent page offers it greyed out). Once the school has
 * refused a scope twice (at sign-in, then through Grant access), the app says the account's
 * role may not allow it and to ask an owner; and Account → "Not granted" keeps every scope
 * refused at sign-in, not only the ones asked for again.
 */
const WORDS = {
  en: {
    role: /role at the school may not allow/,
    owner: /owner/,
    tickAgain: 'choose Allow with it ticked',
  },
  'zh-TW': { role: /角色可能不允許/, owner: /擁有者/, tickAgain: '勾選這項權限後選擇「允許」' },
} as const;

for (const language of ['en', 'zh-TW'] as const) {
  test.describe(language, () => {
    test.use({ locale: language });

    test('a scope refused twice is put down to the account’s role; Not granted lists every refusal', async ({
      page,
      app,
      platform,
    }) => {
      const { words, areaLink } = speaking(language);
      const say = WORDS[language];
      const course = await createCourse(platform.url, 'Staff');
      // Staff may grant only read scopes: both write scopes are refused at sign-in.
      await signInSpeaking(
        page,
        app,
        platform.url,
        language,
        [
          ['courses', 'read'],
          ['courses', 'write'],
          ['coupons', 'write'],
        ],
        STAFF,
      );

      const notGranted = page.getByRole('region', { name: words('account:declined.heading') });
      await areaLink(page, 'account').click();
      await expect(notGranted).toContainText('courses:write');
      await expect(notGranted).toContainText('coupons:write');

      // Grant access for Courses: Write: the school refuses it a second time.
      await areaLink(page, 'courses').click();
      await page.getByRole('searchbox', { name: words('lists:search.courses') }).fill(course.name);
      await page.getByRole('grid').getByText(course.name).click();
      const panel = page.locator('.record-panel');
      // The course's own lock comes first; the curriculum's, below it, asks for another scope.
      await panel
        .getByRole('button', { name: words('records:locked.grant') })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: words('operations:stepUp.title') });
      const link = dialog.getByRole('link', { name: words('operations:stepUp.openPage') });
      const [signInPage] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
      await allowSpeaking(signInPage, language, STAFF);

      const alert = dialog.getByRole('alert');
      await expect(alert).toHaveText(say.role);
      await expect(alert).toHaveText(say.owner);
      await expect(alert).not.toContainText(say.tickAgain);
      await screenshot(page, `staff-refused-twice-${language}`);
      await dialog.getByRole('button', { name: words('common:close') }).click();

      // Every scope refused at sign-in is still listed, not only the one asked for again.
      await areaLink(page, 'account').click();
      await expect(notGranted).toContainText('courses:write');
      await expect(notGranted).toContainText('coupons:write');
    });
  });
}
