import type { Page } from '@playwright/test';

/**
 * Timings taken inside the page, for the performance specs (e2e/perf). Each one stamps
 * performance.now() in a capture-phase listener of the user's own input (a click, a keydown)
 * and polls once per animation frame for the DOM state the user waits for, so the figure runs
 * from the input to the first frame that shows the answer: the bridge, core and React are all
 * inside it, and the Playwright round trips are not.
 */

/** The p-th percentile (nearest rank) of `values`; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** The median of `values` (nearest rank, the lower middle one for an even count). */
export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/**
 * Clicks the Students area and answers the ms between the click and the first animation
 * frame in which the grid's first student row shows an e-mail.
 */
export async function timeFirstRows(page: Page): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { perfMark?: number; perfFirstRows?: Promise<number> };
    w.perfFirstRows = new Promise<number>((resolve) => {
      document.addEventListener(
        'click',
        () => {
          w.perfMark = performance.now();
          const poll = () => {
            const row = document.querySelector('[role="grid"] [role="row"][aria-rowindex="2"]');
            if (row && /@/.test(row.textContent ?? '')) resolve(performance.now() - w.perfMark!);
            else requestAnimationFrame(poll);
          };
          requestAnimationFrame(poll);
        },
        { capture: true, once: true },
      );
    });
  });
  await page
    .getByRole('navigation', { name: 'Areas' })
    .getByText('Students', { exact: true })
    .click();
  return page.evaluate(
    () => (window as unknown as { perfFirstRows: Promise<number> }).perfFirstRows,
  );
}

/**
 * Types `query` (lowercase) into the students search box and answers the ms from its last
 * keydown to the first frame in which the box holds the whole query and every visible row
 * contains it. With `totalCount`, the list's count must also read that number: a common
 * substring can match every row of the unfiltered list, which would otherwise count as
 * answered before the search ran. The figure includes the renderer's search debounce.
 */
export async function timeSearch(
  page: Page,
  query: string,
  options: { totalCount?: number } = {},
): Promise<number> {
  const box = page.getByRole('searchbox', { name: /search students/i });
  await box.click();
  await page.evaluate(
    ([q, totalCount]) => {
      const w = window as unknown as { perfLastKey?: number; perfSearch?: Promise<number> };
      const onKey = () => (w.perfLastKey = performance.now());
      document.addEventListener('keydown', onKey, { capture: true });
      const countShown = () => {
        if (totalCount === null) return true;
        const text = document.querySelector('.list-count')?.textContent ?? '';
        const digits = /\d[\d,. ]*/.exec(text)?.[0].replace(/\D/g, '');
        return digits !== undefined && Number(digits) === totalCount;
      };
      w.perfSearch = new Promise<number>((resolve) => {
        const poll = () => {
          const rows = [
            ...document.querySelectorAll('[role="grid"] [role="row"][aria-rowindex]'),
          ].filter((r) => r.getAttribute('aria-rowindex') !== '1');
          const typed = (document.activeElement as HTMLInputElement | null)?.value ?? '';
          if (
            typed === q &&
            rows.length > 0 &&
            rows.every((r) => (r.textContent ?? '').toLowerCase().includes(q)) &&
            countShown()
          ) {
            document.removeEventListener('keydown', onKey, { capture: true });
            resolve(performance.now() - w.perfLastKey!);
          } else requestAnimationFrame(poll);
        };
        requestAnimationFrame(poll);
      });
    },
    [query, options.totalCount ?? null] as const,
  );
  await page.keyboard.type(query, { delay: 60 });
  return page.evaluate(() => (window as unknown as { perfSearch: Promise<number> }).perfSearch);
}

/**
 * Clicks the grid row at `rowIndex` (aria-rowindex; 2 is the first record) and answers the ms
 * from the click to the first frame in which the record panel's form holds that row's e-mail.
 */
export async function timeRecordOpen(page: Page, rowIndex: number): Promise<number> {
  const row = page.locator(`[role="grid"] [role="row"][aria-rowindex="${rowIndex}"]`);
  const email = await row.locator('[role="gridcell"]').filter({ hasText: '@' }).first().innerText();
  await page.evaluate((expected) => {
    const w = window as unknown as { perfOpen?: Promise<number> };
    w.perfOpen = new Promise<number>((resolve) => {
      document.addEventListener(
        'click',
        () => {
          const clickedAt = performance.now();
          const poll = () => {
            const inputs = document.querySelectorAll<HTMLInputElement>('.record-panel input');
            if ([...inputs].some((input) => input.value === expected))
              resolve(performance.now() - clickedAt);
            else requestAnimationFrame(poll);
          };
          requestAnimationFrame(poll);
        },
        { capture: true, once: true },
      );
    });
  }, email.trim());
  await row.click();
  return page.evaluate(() => (window as unknown as { perfOpen: Promise<number> }).perfOpen);
}

/**
 * With a record open, types `name` into its Name field and answers the ms from the Ctrl+S
 * keydown to the first frame that says the change is saved on this computer (the school
 * being away): the bridge, the outbox's encrypted, fsynced commit and the copy's
 * update are all inside it.
 */
export async function timeOfflineSave(page: Page, name: string): Promise<number> {
  const panel = page.locator('.record-panel');
  await panel.getByLabel('Name').fill(name);
  await page.evaluate(() => {
    const w = window as unknown as { perfSave?: Promise<number> };
    const before = document.body.innerText.split('Saved on this computer').length;
    w.perfSave = new Promise<number>((resolve) => {
      document.addEventListener(
        'keydown',
        () => {
          const pressedAt = performance.now();
          const poll = () => {
            if (document.body.innerText.split('Saved on this computer').length > before)
              resolve(performance.now() - pressedAt);
            else requestAnimationFrame(poll);
          };
          requestAnimationFrame(poll);
        },
        { capture: true, once: true },
      );
    });
  });
  await page.keyboard.press('Control+s');
  return page.evaluate(() => (window as unknown as { perfSave: Promise<number> }).perfSave);
}
