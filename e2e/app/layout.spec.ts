import type { Locator, Page } from '@playwright/test';
import { expect, screenshot } from '../support/app-fixtures';
import { measureList, test, useLanguage } from '../support/list-layout';
import { createCourse, writeApi } from '../support/records-flow';
import { signInToWorkspace } from '../support/workspace-flow';

/**
 * The workspace at the window sizes owners use, in both languages: the header never wraps,
 * no list cuts a header or a set word short (with a record open or not; a long name may end
 * in an ellipsis), each column header stays above its cells when the list shows a scrollbar, and the conflict view and a coupon form get their
 * room. Screenshots of each list with a record open, the conflict view and a coupon form are
 * saved as layout-<what>-<language>-<width>-<theme> for people to look at.
 */

const SIZES = [
  { width: 1024, height: 680 },
  { width: 1280, height: 800 },
] as const;
const THEMES = ['light', 'dark'] as const;
/** The four lists, by the Alt+digit that opens each (the same in both languages). */
const LISTS = [
  { area: 'courses', key: '1' },
  { area: 'students', key: '2' },
  { area: 'coupons', key: '3' },
  { area: 'pages', key: '4' },
] as const;

const grid = (page: Page) => page.getByRole('grid');
const bodyRows = (page: Page) => grid(page).locator('[role="row"]:not([aria-rowindex="1"])');
const panel = (page: Page) => page.locator('.record-panel');

/** Texts in `container` that wrap onto a second line, or a container wider than its box. */
const wrapped = (container: Locator) =>
  container.evaluate((element) => {
    const found: string[] = [];
    if (element.scrollWidth > element.clientWidth + 1) found.push('(overflows sideways)');
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) found.push(node.textContent.trim());
    }
    return found;
  });

/** Whether the controls of `toolbar` sit on one line, within the toolbar's width. */
const onOneLine = (toolbar: Locator) =>
  toolbar.evaluate((element) => {
    const right = element.getBoundingClientRect().right;
    const boxes = [...element.children].map((c) => c.getBoundingClientRect());
    const bottoms = new Set(boxes.map((box) => Math.round(box.bottom)));
    return bottoms.size <= 1 && boxes.every((box) => box.right <= right + 1);
  });

/** A list laid out as it should be: nothing cut, headers aligned, its toolbar on one line. */
async function expectWholeList(page: Page, what: string): Promise<void> {
  await expect(bodyRows(page).first()).not.toHaveClass(/loading/);
  const list = await measureList(grid(page));
  expect(list.cutCells, `${what}: cut cells`).toEqual([]);
  expect(list.cutLabels, `${what}: cut headers`).toEqual([]);
  expect(list.misaligned, `${what}: headers out of line`).toEqual([]);
  expect(await onOneLine(page.locator('.list-toolbar')), `${what}: toolbar wraps`).toBe(true);
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await screenshot(page, `${name}-${theme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

for (const language of ['en', 'zh-TW'] as const) {
  test.describe(`layout in ${language}`, () => {
    // The browser speaks the language too, so its date fields use the language's format.
    test.use({ locale: language });
    test.describe.configure({ timeout: 240_000 });

    for (const size of SIZES) {
      test(`at ${size.width}×${size.height}: header, four lists, conflict and coupon form`, async ({
        page,
        app,
        platform,
      }) => {
        const tag = `${language}-${size.width}`;
        await page.setViewportSize(size);
        // Records with Chinese names, as Taiwanese schools have, and a course to conflict on.
        const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
        const chinese = await writeApi<{ name: string; slug: string }>(
          platform.url,
          'POST',
          'courses',
          {
            name: '零基礎水彩入門：從調色到完成第一幅作品',
            slug: `watercolour-${unique}`,
          },
        );
        await writeApi(platform.url, 'POST', 'students', {
          name: '陳怡君',
          email: `yijun.chen.${unique}@example.com`,
        });
        const conflicted = await createCourse(platform.url, 'Layout', {
          description: 'The original description.',
        });

        // Sign in in English (the sign-in helper reads English), then speak the language.
        await page.goto(app.url);
        await useLanguage(page, 'en');
        await signInToWorkspace(page, app, platform.url, { preset: 'Everything' });
        if (language !== 'en') await useLanguage(page, language);

        // The header: one line, whatever the language and width.
        await expect(grid(page)).toBeVisible();
        expect(await wrapped(page.locator('.workspace-header')), 'header wraps').toEqual([]);

        for (const { area, key } of LISTS) {
          await page.keyboard.press(`Alt+${key}`);
          await expect(grid(page)).toHaveAttribute('aria-rowcount', /\d+/);
          await expectWholeList(page, `${area}, no record open`);
          if (area === 'courses')
            // Dates read as the language's date field shows them: 2027/03/31, 03/31/2027.
            await expect(bodyRows(page).first().getByRole('gridcell').last()).toHaveText(
              language === 'en' ? /^\d\d\/\d\d\/\d{4}$/ : /^\d{4}\/\d\d\/\d\d$/,
            );
          await bodyRows(page).first().click();
          await expect(panel(page).locator('h2')).toBeVisible();
          await expect(panel(page).locator('form.record-form')).toBeVisible();
          await expectWholeList(page, `${area}, a record open`);
          if (area === 'courses') {
            // The panel's edge resizes it from the keyboard too: left widens, right narrows.
            const edge = panel(page).getByRole('separator');
            const width = async () => Number(await edge.getAttribute('aria-valuenow'));
            await expect(edge).toHaveAttribute('aria-valuenow', /^\d+$/);
            const before = await width();
            await edge.focus();
            await page.keyboard.press('ArrowLeft');
            await expect.poll(width).toBeGreaterThan(before);
            await page.keyboard.press('ArrowRight');
            await page.keyboard.press('ArrowRight');
            await expect.poll(width).toBeLessThan(before);
            await expectWholeList(page, `${area}, the record panel resized`);
          }
          await shoot(page, `layout-${area}-${tag}`);
          await panel(page).locator('.record-panel-header button').click();
          await expect(panel(page)).toHaveCount(0);
        }

        // A Chinese name is whole in the list, beside its record too.
        await page.keyboard.press('Alt+1');
        await page.locator('[data-list-search]').fill(chinese.slug);
        await expect(bodyRows(page)).toHaveCount(1);
        await grid(page).getByText(chinese.name).click();
        await expect(panel(page).locator('h2')).toHaveText(chinese.name);
        await expectWholeList(page, 'a Chinese course name');
        const nameCell = grid(page).getByRole('gridcell', { name: chinese.name });
        expect(
          await nameCell.evaluate((cell) => cell.scrollWidth <= cell.clientWidth),
          'the Chinese name whole',
        ).toBe(true);
        await panel(page).locator('.record-panel-header button').click();

        // The conflict view takes the content area, not the side panel.
        await page.locator('[data-list-search]').fill(conflicted.slug);
        await grid(page).getByText(conflicted.name).click();
        await expect(panel(page).locator('h2')).toHaveText(conflicted.name);
        await panel(page).locator('textarea').first().fill('Mine: washes and glazes.');
        const edit = await fetch(`${platform.url}/__control/records/courses/${conflicted.id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Server name', description: 'The platform’s words.' }),
        });
        expect(edit.ok).toBe(true);
        await panel(page).locator('form.record-form button[type="submit"]').click();
        const conflict = panel(page).locator('.conflict');
        await expect(conflict).toBeVisible();
        await expect(grid(page)).toBeHidden();
        const room = await conflict.evaluate((element) => element.getBoundingClientRect().width);
        expect(room).toBeGreaterThan(size.width * 0.6);
        await shoot(page, `layout-conflict-${tag}`);
        await conflict.locator('.actions button').nth(1).click();
        await expect(conflict).toHaveCount(0);
        await expect(grid(page)).toBeVisible();
        await panel(page).locator('.record-panel-header button').click();

        // A new coupon: in New Taiwan dollars; a percentage asks for no currency.
        await page.keyboard.press('Alt+3');
        await page.locator('.list-action-buttons button.primary').click();
        const form = panel(page).locator('form.record-form');
        const currency = form.locator('select[id$="-currency"]');
        await expect(currency).toHaveValue('TWD');
        await form.locator('select[id$="-couponType"]').selectOption('percentage');
        await expect(currency).toHaveCount(0);
        await form.locator('select[id$="-couponType"]').selectOption('fixed_amount');
        await expect(currency).toHaveValue('TWD');
        // The date field reads as the lists do, whatever the browser's own date format.
        const expires = form.locator('input[id$="-expiredAt"]');
        await expires.fill('2027-03-31');
        await expires.blur();
        await expect(expires).toHaveValue(language === 'en' ? '03/31/2027' : '2027/03/31');
        await shoot(page, `layout-coupon-form-${tag}`);
      });
    }
  });
}
