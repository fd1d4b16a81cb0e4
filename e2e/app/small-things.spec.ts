import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, screenshot } from '../support/app-fixtures';
import type { Language } from '../support/catalog-words';
import { signInSpeaking, speaking } from '../support/language-flow';
import { writeApi } from '../support/records-flow';

/**
 * Small things owners expect (#22 §4), in both languages: a new course's slug follows its
 * name until the owner types one; a list keeps its sort when the owner comes back to its area;
 * the palette says when an area has more matches than it shows and opens them all; ↓ in a
 * list's search box moves into the first result; a phone number is found however it is typed,
 * exported as it is written, and a file imported back names what became of every row.
 */

const grid = (page: Page) => page.getByRole('grid');
/** `count` random digits, so a spec's phone numbers are its own among the seed's. */
const randomDigits = (count: number) =>
  Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');

/** A pattern that finds `text` as it is, case included (hasText alone ignores case). */
const exactly = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

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

    test('phone numbers: found as typed, exported as written, re-imported with every row named', async ({
      page,
      app,
      platform,
    }, testInfo) => {
      // Two students of this test's own, their numbers written with separators.
      const [a, b] = [randomDigits(7), randomDigits(6)];
      const domain = `p${randomDigits(9)}.example`;
      const albany = { name: `Albany ${a}`, email: `albany@${domain}` };
      const taipei = { name: `Taipei ${b}`, email: `taipei@${domain}` };
      const albanyPhone = `+1 518-${a.slice(0, 3)}-${a.slice(3)}`;
      await writeApi(platform.url, 'POST', 'students', { ...albany, phoneNumber: albanyPhone });
      await writeApi(platform.url, 'POST', 'students', {
        ...taipei,
        phoneNumber: `0912-${b.slice(0, 3)}-${b.slice(3)}`,
      });
      await signInSpeaking(page, app, platform.url, language);
      await areaLink(page, 'students').click();
      const search = page.getByRole('searchbox', { name: words('lists:search.students') });
      const count = page.locator('.list-count');
      const found = async (q: string, names: string[]) => {
        await search.fill(q);
        await expect(count).toHaveText(words('lists:count.students', { count: names.length }));
        // Each name in a row of its own, in any order (two made in one second tie on the sort).
        for (const name of names)
          await expect(grid(page).getByRole('row').filter({ hasText: name })).toHaveCount(1);
      };
      // Without the separators, with other ones, and a local number by its start.
      await found(`+1518${a}`, [albany.name]);
      await found(`(518) ${a.slice(0, 3)}.${a.slice(3)}`, [albany.name]);
      await found(`0912${b}`, [taipei.name]);
      await found(`0912 ${b.slice(0, 3)} ${b.slice(3)}`, [taipei.name]);
      await screenshot(page, `small-things-phone-search-${language}`);

      // The export keeps the field names as headers and the phone number as it was written.
      await found(domain, [taipei.name, albany.name]);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: words('operations:export.button') }).click(),
      ]);
      const file = testInfo.outputPath(`phones-${language}.csv`);
      await download.saveAs(file);
      const lines = readFileSync(file, 'utf8')
        .replace(/^\uFEFF/, '')
        .split('\r\n');
      expect(lines[0]).toBe('name,email,phoneNumber,createdAt');
      expect(lines).toContainEqual(
        expect.stringMatching(`^${albany.name},${albany.email},\\${albanyPhone},`),
      );

      // The owner adds rows to the file and imports it back: every row says what became of it.
      const added = { name: `Added ${b}`, email: `added@${domain}` };
      lines.push(`${added.name},${added.email},+886 912 ${b}`, `No Email,not-an-email,`);
      lines.push(`${albany.name},${albany.email.toUpperCase()},`);
      writeFileSync(file, lines.filter(Boolean).join('\r\n'), 'utf8');
      await page.getByRole('button', { name: words('operations:actions.import') }).click();
      const dialog = page.getByRole('dialog', { name: words('operations:import.title') });
      await dialog.getByLabel(words('operations:import.fileLabel')).setInputFiles(file);
      await dialog
        .getByRole('button', { name: words('operations:import.submit', { count: 3 }) })
        .click();
      const everyRow = dialog.getByRole('region', { name: words('operations:results.everyRow') });
      await expect(everyRow).toBeVisible();
      const outcomeOf = async (value: string, outcome: string) =>
        expect(everyRow.getByRole('row').filter({ hasText: exactly(value) })).toContainText(
          words(`operations:outcome.${outcome}`),
        );
      await outcomeOf(albany.email, 'existing');
      await outcomeOf(taipei.email, 'existing');
      await outcomeOf(added.email, 'created');
      await outcomeOf('not-an-email', 'skipped');
      await outcomeOf(albany.email.toUpperCase(), 'skipped');
      // Problems come first: the two skipped rows, then the file's rows in order.
      await expect(everyRow.getByRole('row').nth(1)).toContainText('not-an-email');
      await screenshot(page, `small-things-import-every-row-${language}`);
    });
  });
}
