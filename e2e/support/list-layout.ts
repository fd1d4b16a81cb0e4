import { expect, type Locator, type Page } from '@playwright/test';
import { test as appTest } from './app-fixtures';

/*
 * Measuring a list's layout as an owner sees it: which header stands over which cells, which
 * label is cut, and what lies outside the list's visible box. Shared by the layout specs.
 */

/**
 * The app fixtures with scrollbars that take room, as on a desktop: headless Chromium hides
 * them by default, and then a header could never be pushed out of line by one.
 */
export const test = appTest.extend({
  launchOptions: [
    async ({ launchOptions }, use) =>
      use({
        ...launchOptions,
        ignoreDefaultArgs: [
          ...(Array.isArray(launchOptions.ignoreDefaultArgs)
            ? launchOptions.ignoreDefaultArgs
            : []),
          '--hide-scrollbars',
        ],
      }),
    { scope: 'worker' },
  ],
});

/** Chooses the app's language through the bridge (as Account does) and reloads into it. */
export async function useLanguage(page: Page, language: 'en' | 'zh-TW' | null): Promise<void> {
  await page.evaluate(
    (chosen) => window.schooldesk.settings.setLanguage({ language: chosen }),
    language,
  );
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', language ?? /.+/);
}

/** What a list looks like at one moment, measured from the boxes on screen. */
export type ListMeasure = {
  /** Columns whose header is not exactly over the cells of some row. */
  misaligned: string[];
  /** Header labels that do not show their whole text within their own box. */
  cutLabels: string[];
  /**
   * Cells of set words or dates that do not show their whole text. Free text (a name, an
   * e-mail: the cells the layout lets shrink) may end in an ellipsis when room is short.
   */
  cutCells: string[];
  /** Headers that lie partly or wholly outside the list's visible box. */
  outOfView: string[];
  /** Whether the rows are wider than the room the list shows them in. */
  wider: boolean;
};

/** Measures the list grid on `page` (see {@link ListMeasure}). */
export const measureList = (grid: Locator): Promise<ListMeasure> =>
  grid.evaluate((element) => {
    /** The part of `box` left visible by every ancestor that clips it (a scroller, say). */
    const visibleSpan = (box: Element) => {
      const rect = box.getBoundingClientRect();
      let left = rect.left;
      let right = rect.right;
      for (let a = box.parentElement; a; a = a.parentElement) {
        if (getComputedStyle(a).overflowX === 'visible') continue;
        const inner = a.getBoundingClientRect().left + a.clientLeft;
        left = Math.max(left, inner);
        right = Math.min(right, inner + a.clientWidth);
      }
      return { left, right, width: rect.width, full: rect };
    };
    const name = (cell: Element) => cell.textContent?.trim() || '(tick box)';
    const rows = [...element.querySelectorAll('[role="row"]')];
    const headers = [...(rows[0]?.querySelectorAll('[role="columnheader"]') ?? [])];
    const misaligned: string[] = [];
    for (const row of rows.slice(1)) {
      const cells = [...row.querySelectorAll('[role="gridcell"]')];
      headers.forEach((header, i) => {
        const a = header.getBoundingClientRect();
        const b = cells[i]?.getBoundingClientRect();
        if (b && Math.abs(a.left - b.left) <= 1 && Math.abs(a.right - b.right) <= 1) return;
        const where = `row ${row.getAttribute('aria-rowindex')}`;
        const line = `${name(header)}: ${a.left}–${a.right} vs ${where} ${b?.left}–${b?.right}`;
        if (!misaligned.some((m) => m.startsWith(`${name(header)}:`))) misaligned.push(line);
      });
    }
    const cutLabels = headers.flatMap((header) =>
      [header, ...header.querySelectorAll('*')]
        .filter(
          (box) =>
            !box.classList.contains('visually-hidden') &&
            !box.closest('.visually-hidden') &&
            getComputedStyle(box).display !== 'inline' &&
            box.scrollWidth > box.clientWidth,
        )
        .map((box) => `${name(header)} (${box.scrollWidth} > ${box.clientWidth})`),
    );
    const cutCells = [...element.querySelectorAll('[role="gridcell"]')]
      .filter((cell) => getComputedStyle(cell).flexShrink === '0')
      .filter((cell) => cell.scrollWidth > cell.clientWidth)
      .map((cell) => `${name(cell)} (${cell.scrollWidth} > ${cell.clientWidth})`);
    const outOfView = headers.flatMap((header) => {
      const span = visibleSpan(header);
      return span.right - span.left >= span.width - 1 ? [] : [name(header)];
    });
    const headRow = rows[0];
    const rowSpan = headRow ? visibleSpan(headRow) : undefined;
    const lastHeader = headers[headers.length - 1]?.getBoundingClientRect();
    const firstHeader = headers[0]?.getBoundingClientRect();
    const wider =
      !!rowSpan &&
      !!lastHeader &&
      !!firstHeader &&
      lastHeader.right - firstHeader.left > rowSpan.right - rowSpan.left + 1;
    return { misaligned, cutLabels, cutCells, outOfView, wider };
  });

/**
 * Checks a list as an owner reads it: every header over its cells, no label cut, and when
 * the rows are wider than the list, the list scrolls sideways as one piece (by the wheel, as
 * a trackpad does) until its last column is in view, headers still over their cells.
 * Answers whether the rows were wider than the list (and so scrolled).
 */
export async function expectReadableList(
  page: Page,
  grid: Locator,
  what: string,
): Promise<boolean> {
  const start = await measureList(grid);
  expect(start.misaligned, `${what}: headers over other cells`).toEqual([]);
  expect(start.cutLabels, `${what}: cut header labels`).toEqual([]);
  expect(start.cutCells, `${what}: cut cells`).toEqual([]);
  if (!start.wider) {
    expect(start.outOfView, `${what}: headers out of view`).toEqual([]);
    return false;
  }
  // Wider than the list: it must scroll sideways to its last column, header and rows together.
  const rows = grid.locator('[role="row"]:not([aria-rowindex="1"])');
  await rows.first().hover();
  await page.mouse.wheel(5000, 0);
  await expect
    .poll(async () => (await measureList(grid)).outOfView, {
      message: `${what}: the last column in view after scrolling sideways`,
    })
    .not.toContain(await lastHeaderName(grid));
  const end = await measureList(grid);
  expect(end.misaligned, `${what}: headers over other cells, scrolled sideways`).toEqual([]);
  await page.mouse.wheel(-5000, 0);
  await expect
    .poll(async () => (await measureList(grid)).outOfView, {
      message: `${what}: the first column in view after scrolling back`,
    })
    .not.toContain(await firstHeaderName(grid));
  return true;
}

const headerNames = (grid: Locator) =>
  grid
    .locator('[role="columnheader"]')
    .evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim() || '(tick box)'));
const lastHeaderName = async (grid: Locator) => (await headerNames(grid)).at(-1) ?? '';
const firstHeaderName = async (grid: Locator) => (await headerNames(grid))[0] ?? '';
