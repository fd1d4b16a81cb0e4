import type { Page } from '@playwright/test';
import { test, expect, screenshot } from '../support/app-fixtures';
import type { Language } from '../support/catalog-words';
import { signInSpeaking, speaking } from '../support/language-flow';

/**
 * Unsaved edits are never thrown away without a word: every step away from a form that holds
 * them (Close, Escape, another row, another area, sign-out, Cancel on a new record) asks
 * "Keep editing" / "Discard changes" first, by keyboard too, in the owner's language.
 */

const grid = (page: Page) => page.getByRole('grid');
const panel = (page: Page) => page.locator('.record-panel');

for (const language of ['en', 'zh-TW'] as const satisfies readonly Language[]) {
  test.describe(`unsaved edits (${language})`, () => {
    test.use({ locale: language, viewport: { width: 1280, height: 800 } });
    const { words, areaLink } = speaking(language);
    const question = (page: Page) =>
      page.getByRole('alertdialog', { name: words('common:unsaved.title') });
    /** The question is asked, and the owner keeps editing. */
    const keepEditing = async (page: Page) => {
      await expect(question(page)).toBeVisible();
      await question(page)
        .getByRole('button', { name: words('common:unsaved.keepEditing') })
        .click();
    };

    test('every step away from them asks first, and only Discard changes lets them go', async ({
      page,
      app,
      platform,
    }) => {
      await signInSpeaking(page, app, platform.url, language);
      await expect(grid(page).getByRole('row').nth(1)).toBeVisible();
      await grid(page).getByRole('row').nth(1).click();
      const name = panel(page).getByLabel(words('records:fields.courses.name'), { exact: true });
      const original = await name.inputValue();
      await name.fill(`${original} (typed)`);

      // Close asks; focus starts on Keep editing, so Enter keeps the edits.
      await panel(page)
        .getByRole('button', { name: words('common:close') })
        .click();
      await expect(question(page)).toBeVisible();
      await expect(
        question(page).getByRole('button', { name: words('common:unsaved.keepEditing') }),
      ).toBeFocused();
      await screenshot(page, `unsaved-edits-question-${language}`);
      await page.keyboard.press('Enter');
      await expect(question(page)).toBeHidden();
      await expect(name).toHaveValue(`${original} (typed)`);

      // Escape in the panel asks too, and Escape on the question keeps editing.
      await name.press('Escape');
      await expect(question(page)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(question(page)).toBeHidden();
      await expect(name).toHaveValue(`${original} (typed)`);

      // Another row, another area, signing out: each asks, and keeping leaves all as it was.
      await grid(page).getByRole('row').nth(2).click();
      await keepEditing(page);
      await expect(name).toHaveValue(`${original} (typed)`);
      await areaLink(page, 'students').click();
      await keepEditing(page);
      await page.getByRole('button', { name: words('shell:header.account') }).click();
      await page.getByRole('menuitem', { name: words('shell:header.signOut') }).click();
      await keepEditing(page);
      await expect(name).toHaveValue(`${original} (typed)`);

      // Discard changes lets the step happen; nothing of the edit reached the school.
      await areaLink(page, 'students').click();
      await question(page)
        .getByRole('button', { name: words('common:unsaved.discard') })
        .click();
      await expect(
        page.getByRole('heading', { level: 1, name: words('shell:areas.students.label') }),
      ).toBeVisible();
      await areaLink(page, 'courses').click();
      await expect(grid(page).getByText(`${original} (typed)`)).toHaveCount(0);

      // A new record's form asks on Cancel once something is typed, and not before.
      await page.getByRole('button', { name: words('lists:new.courses') }).click();
      await panel(page)
        .getByRole('button', { name: words('common:cancel') })
        .click();
      await expect(panel(page)).toBeHidden();
      await page.getByRole('button', { name: words('lists:new.courses') }).click();
      await panel(page)
        .getByLabel(words('records:fields.courses.name'), { exact: true })
        .fill('Half-typed course');
      await panel(page)
        .getByRole('button', { name: words('common:cancel') })
        .click();
      await expect(question(page)).toBeVisible();
      await question(page)
        .getByRole('button', { name: words('common:unsaved.discard') })
        .click();
      await expect(panel(page)).toBeHidden();

      // A dialog of a long operation asks too before what was filled in goes.
      await areaLink(page, 'coupons').click();
      await page.getByRole('button', { name: words('operations:actions.generate') }).click();
      const generate = page.getByRole('dialog', { name: words('operations:generate.title') });
      await generate.getByLabel(words('operations:generate.name'), { exact: true }).fill('Spring');
      await page.keyboard.press('Escape');
      const inDialog = generate.getByRole('alertdialog', { name: words('common:unsaved.title') });
      await expect(inDialog).toBeVisible();
      await expect(
        inDialog.getByRole('button', { name: words('common:unsaved.keepEditing') }),
      ).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(inDialog).toBeHidden();
      await expect(
        generate.getByLabel(words('operations:generate.name'), { exact: true }),
      ).toHaveValue('Spring');
      await generate
        .getByRole('button', { name: words('common:close'), exact: false })
        .first()
        .click();
      await inDialog.getByRole('button', { name: words('common:unsaved.discard') }).click();
      await expect(generate).toBeHidden();
      await areaLink(page, 'courses').click();

      // Saved edits leave without a question.
      await grid(page).getByRole('row').nth(1).click();
      await expect(name).toBeVisible();
      await panel(page)
        .getByRole('button', { name: words('common:close') })
        .click();
      await expect(panel(page)).toBeHidden();
      await expect(question(page)).toHaveCount(0);
    });
  });
}
