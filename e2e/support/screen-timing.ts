import type { Page } from '@playwright/test';

/**
 * Timings taken inside the page, for the performance specs (e2e/perf). Each one stamps
 * performance.now() in a capture-phase listener of the user's own input (a click, a keydown)
 * and polls once per animation frame for the DOM state the user waits for, so the figure runs
 * from the input to the first frame that shows the answer: the bridge, core and React are all
 * inside it, and the Playwright round trips are not.
 */

/**
 * How long a timed screen may take before its measurement fails: a frame that never comes
 * (the DOM never reaches the state polled for) then fails the spec with a sentence, rather
 * than holding it until the spec's own timeout, twenty minutes later.
 */
const SHOWN_WITHIN_MS = 30_000;

/**
 * `timing`, or an error naming `what` once SHOWN_WITHIN_MS have passed without it, with the
 * page's toasts and status lines of that moment (what the owner would have seen instead).
 */
async function shownWithin(page: Page, what: string, timing: Promise<number>): Promise<number> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const onScreen = page
        .locator('.toast, [role="status"]')
        .allInnerTexts()
        .catch(() => ['(the page could not be read)']);
      void onScreen.then((texts) =>
        reject(
          new Error(
            `${what} did not show within ${SHOWN_WITHIN_MS / 1000} s; on screen: ${JSON.stringify(texts)}`,
          ),
        ),
      );
    }, SHOWN_WITHIN_MS);
  });
  try {
    return await Promise.race([timing, late]);
  } finally {
    clearTimeout(timer);
  }
}

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
  return shownWithin(
    page,
    'the first student row',
    page.evaluate(() => (window as unknown as { perfFirstRows: Promise<number> }).perfFirstRows),
  );
}

/**
 * Pastes `query` (lowercase) into the empty students search box and answers the ms from its
 * input event to the first frame in which the box holds the query and every visible row
 * contains it. Pasted, not typed: typed a letter at a time, each pause past the renderer's
 * debounce searched a prefix, and a rare query's prefix already shows the one row that
 * matches, so the last key "answered" in a few ms, before its own search ran. With
 * `totalCount`, the list's count must also read that number: a common substring can match
 * every row of the unfiltered list. The figure includes the renderer's search debounce.
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
      const w = window as unknown as { perfInput?: number; perfSearch?: Promise<number> };
      const onInput = () => (w.perfInput = performance.now());
      document.addEventListener('input', onInput, { capture: true, once: true });
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
            w.perfInput !== undefined &&
            typed === q &&
            rows.length > 0 &&
            rows.every((r) => (r.textContent ?? '').toLowerCase().includes(q)) &&
            countShown()
          ) {
            resolve(performance.now() - w.perfInput);
          } else requestAnimationFrame(poll);
        };
        requestAnimationFrame(poll);
      });
    },
    [query, options.totalCount ?? null] as const,
  );
  await page.keyboard.insertText(query);
  return shownWithin(
    page,
    `the rows of a search for "${query}"`,
    page.evaluate(() => (window as unknown as { perfSearch: Promise<number> }).perfSearch),
  );
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
  return shownWithin(
    page,
    'the opened record',
    page.evaluate(() => (window as unknown as { perfOpen: Promise<number> }).perfOpen),
  );
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
    // A new toast, not more of the words on screen: at most three toasts show, so a fourth
    // save's replaces the oldest and the count of the words can stay the same.
    const before = new Set(document.querySelectorAll('.toast'));
    w.perfSave = new Promise<number>((resolve) => {
      document.addEventListener(
        'keydown',
        () => {
          const pressedAt = performance.now();
          const poll = () => {
            const toasts = [...document.querySelectorAll('.toast')];
            if (
              toasts.some(
                (toast) =>
                  !before.has(toast) &&
                  (toast.textContent ?? '').includes('Saved on this computer'),
              )
            )
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
  return shownWithin(
    page,
    'A toast "Saved on this computer"',
    page.evaluate(() => (window as unknown as { perfSave: Promise<number> }).perfSave),
  );
}

/** The pause between timeIdleBridge's calls, so each meets an idle host. */
export const IDLE_BRIDGE_GAP_MS = 30;

/**
 * The round trips of `calls` idle bridge calls made as the renderer makes them (the cheapest
 * channel, settings:language, through `window.schooldesk`), IDLE_BRIDGE_GAP_MS apart: the
 * floor under every screen timing above. In the web host each is a fetch from the page to
 * the host, and Chromium's own share of that is most of it (a bare Node server with one
 * route answered the same page's fetch in 6-8 ms on this project's machine).
 */
export async function timeIdleBridge(page: Page, calls: number): Promise<number[]> {
  return page.evaluate(
    async ({ count, gapMs }) => {
      const trips: number[] = [];
      for (let call = 0; call < count; call += 1) {
        const sent = performance.now();
        const answer = await window.schooldesk.settings.language();
        // A refused call (the host stopped) is no round trip of an idle host.
        if (!answer.ok) throw new Error(`settings:language answered ${answer.error.code}`);
        trips.push(performance.now() - sent);
        await new Promise((resolve) => setTimeout(resolve, gapMs));
      }
      return trips;
    },
    { count: calls, gapMs: IDLE_BRIDGE_GAP_MS },
  );
}
