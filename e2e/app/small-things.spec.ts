import type { Page } from '@playwright/test';
import { test, expect, screenshot } from '../support/app-fixtures';
import type { Language } from '../support/catalog-words';
import { signInSpeaking, speaking } from '../support/language-flow';
import { writeApi } from '../support/records-flow';

/**
 * Small things owners expect (#22 §4), in both languages: a new course's slug follows its
 * name until the owner types one; a list keeps its sort when the owner comes back to its area;
 * the palette says when an area has more matches than it shows and opens them all; ↓ in a
 * list's search box moves into the first result; a phone number is found however it is typed.
 */

const grid = (page: Page) => page.getByRole('grid');
/** `count` random digits, so a spec's phone numbers are its own among the seed's. */
const randomDigits = (count: number) =>
  Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');

/** The number a catalog message is formatted with where a spec cannot know the count. */
const SOME_COUNT = 987_654;
/** A catalog message formatted with SOME_COUNT, as a pattern that takes any count there. */
const anyCount = (message: string) =>
  new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('987,654', '[\\d,]+'));

for (const language of ['en', 'zh-TW'] as const satisfies readonly Language[]) {
  test.describe(`small things owners expect (${language})`, () => {
    test.use({ locale: language, viewport: { width: 1280, height: 800 } });
    const { words, areaLink } = speaking(language);

    test('slug from the name, kept sort, more matches in the palette, ↓ from search', async ({
      page,
      app,
      platform,
    }) => {
      await signInSpeaking(page, app, platform.url, language);
      await expect(grid(page).getByRole('row').nth(1)).toBeVisible();

      // The slug follows the name, accents folded, a Chinese name spelled in pinyin.
      await page.getByRole('button', { name: words('lists:new.courses') }).click();
      const form = page.getByRole('form', { name: words('records:form.newTitle.courses') });
      const name = form.getByLabel(words('records:fields.courses.name'), { exact: true });
      const slug = form.getByLabel(words('records:fields.courses.slug'), { exact: true });
      await name.fill('Café Crème Basics');
      await expect(slug).toHaveValue('cafe-creme-basics');
      await name.fill('週末瑜伽');
      await expect(slug).toHaveValue('zhou-mo-yu-jia');
      await screenshot(page, `small-things-slug-${language}`);
      // Once the owner types a slug, the name no longer changes it.
      await slug.fill('japanese-kana');
      await name.fill('週末瑜伽 進階');
      await expect(slug).toHaveValue('japanese-kana');
      await form.getByRole('button', { name: words('common:cancel') }).click();
      await page
        .getByRole('alertdialog', { name: words('common:unsaved.title') })
        .getByRole('button', { name: words('common:unsaved.discard') })
        .click();
      await expect(form).toBeHidden();

      // The courses' sort survives a visit to another area.
      const nameHeader = grid(page).getByRole('columnheader', {
        name: words('records:fields.courses.name'),
      });
      await nameHeader.getByRole('button').click();
      await nameHeader.getByRole('button').click();
      await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
      await areaLink(page, 'students').click();
      await expect(
        page.getByRole('heading', { level: 1, name: words('shell:areas.students.label') }),
      ).toBeVisible();
      await areaLink(page, 'courses').click();
      await expect(
        grid(page).getByRole('columnheader', { name: words('records:fields.courses.name') }),
      ).toHaveAttribute('aria-sort', 'descending');

      // The palette shows five students of hundreds, says so, and opens them all.
      await page.keyboard.press('Control+k');
      const palette = page.getByRole('dialog', { name: words('shell:palette.heading') });
      await palette.getByRole('combobox').fill('example');
      const students = words('shell:areas.students.label');
      const all = palette.getByRole('option', {
        name: anyCount(words('shell:palette.allMatches', { count: SOME_COUNT, area: students })),
      });
      await expect(all).toBeVisible();
      await expect(all).toContainText(
        anyCount(words('shell:palette.shownOf', { shown: 5, count: SOME_COUNT })),
      );
      await screenshot(page, `small-things-palette-${language}`);
      const label = (await all.locator('span').first().textContent())!;
      const count = Number(/[\d,]+/.exec(label)![0].replaceAll(',', ''));
      expect(count).toBeGreaterThan(5);
      await all.click();
      await expect(palette).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: students })).toBeVisible();
      const search = page.getByRole('searchbox', { name: words('lists:search.students') });
      await expect(search).toHaveValue('example');
      await expect(page.locator('.list-count')).toHaveText(
        words('lists:count.students', { count }),
      );

      // ↓ in the search box moves into the first result.
      await search.focus();
      await page.keyboard.press('ArrowDown');
      await expect(grid(page).locator('[role="row"][aria-rowindex="2"]')).toBeFocused();
    });

    test('phone numbers are found as the owner types them', async ({ page, app, platform }) => {
      // Two students of this test's own, their numbers written with separators.
      const [a, b] = [randomDigits(7), randomDigits(6)];
      const albany = `Albany ${a}`;
      const taipei = `Taipei ${b}`;
      await writeApi(platform.url, 'POST', 'students', {
        name: albany,
        email: `albany.${a}@example.com`,
        phoneNumber: `+1 518-${a.slice(0, 3)}-${a.slice(3)}`,
      });
      await writeApi(platform.url, 'POST', 'students', {
        name: taipei,
        email: `taipei.${b}@example.com`,
        phoneNumber: `0912-${b.slice(0, 3)}-${b.slice(3)}`,
      });
      await signInSpeaking(page, app, platform.url, language);
      await areaLink(page, 'students').click();
      const search = page.getByRole('searchbox', { name: words('lists:search.students') });
      const count = page.locator('.list-count');
      const foundOnly = async (q: string, name: string) => {
        await search.fill(q);
        await expect(count).toHaveText(words('lists:count.students', { count: 1 }));
        await expect(grid(page).getByRole('row').nth(1)).toContainText(name);
      };
      // Without the separators, with other ones, and a local number by its start.
      await foundOnly(`+1518${a}`, albany);
      await foundOnly(`(518) ${a.slice(0, 3)}.${a.slice(3)}`, albany);
      await foundOnly(`0912${b}`, taipei);
      await foundOnly(`0912 ${b.slice(0, 3)} ${b.slice(3)}`, taipei);
      await screenshot(page, `small-things-phone-search-${language}`);
    });
  });
}
