import type { CDPSession, Page } from '@playwright/test';
import { cpus, setPriority } from 'node:os';
import {
  cpuPerFrame,
  machineShares,
  processCpuMs,
  sampleChromiumCpu,
  sampleMachine,
} from '../support/browser-cpu';
import { spawnPlatform, type PlatformProcess } from '../support/platform-process';
import { test, expect, screenshot } from '../support/app-fixtures';
import { signInToWorkspace } from '../support/workspace-flow';
import { percentile, timeFirstRows, timeSearch } from '../support/screen-timing';

/**
 * The workspace's performance targets, measured through the web host in Chromium against a
 * stand-in holding 100,000 students (issue #5). Every figure is printed with how it was
 * taken, and each target is asserted so a regression fails the run. Search and scrolling are
 * measured three times, and every one of the three must meet the target.
 *
 * - first rows: from the click on "Students" (a capture-phase listener stamps
 *   performance.now()) to the first animation frame in which a student row with text exists;
 * - search: from the query's input event (pasted into the empty box, screen-timing.ts) to
 *   the first frame in which every visible row matches the query (includes the debounce and the bridge and
 *   platform round trips: the network path);
 * - scrolling: the list's scroller is moved by a fixed step each animation frame until 10,000
 *   rows have passed, three times, each time in a new sort order so no row comes from cache; frame times are the intervals between requestAnimationFrame callbacks,
 *   and long frames are counted from the Long Animation Frames entries of the performance
 *   timeline (PerformanceObserver 'long-animation-frame', frames over 50 ms);
 * - heap: the renderer's JS heap through the DevTools protocol (Runtime.getHeapUsage) right
 *   after the scroll, before and after a forced garbage collection.
 */

const TARGETS = { firstRowsMs: 700, searchMs: 400, maxFrameMs: 50, p95FrameMs: 16.7, heapMb: 200 };
/**
 * requestAnimationFrame timestamps follow the display's vsync (16.67 ms at 60 Hz) with a
 * jitter of a few tenths of a millisecond, so a frame presented on time can measure 16.8 ms.
 * The frame checks allow that much; a frame that misses a vsync measures 33 ms and fails.
 */
const VSYNC_JITTER_MS = 0.5;
/** Scroll speed: rows moved per animation frame (at 60 Hz, 10 rows of 40 px is 24,000 px/s). */
const ROWS_PER_FRAME = Number(process.env['PERF_ROWS_PER_FRAME'] ?? 10);
const STUDENTS = Number(process.env['PERF_STUDENTS'] ?? 100_000);

/**
 * The stand-in runs in its own process at a lower CPU priority: the real platform is a remote
 * server and does not share the owner's CPU, while on our two-core machine its synchronous
 * SQL (a page of 100,000 students sorted by e-mail takes tens of ms) would otherwise take
 * the core the browser needs for its frames. The web host (the app's main side) keeps normal
 * priority in the test's own process.
 */
let platform: PlatformProcess;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  platform = await spawnPlatform(
    ['--port', '0', '--students', String(STUDENTS), '--control', '--rate-limit', 'off'],
    150_000,
  );
  if (platform.pid !== undefined) setPriority(platform.pid, 10);
});
test.afterAll(async () => {
  await platform?.stop();
});

/** A Long Animation Frame entry: when in the pass, and how much of it was script or rendering. */
type LongFrame = {
  duration: number;
  atMs: number;
  scriptMs: number;
  renderMs: number;
  topScript: string;
};

const describeLongFrame = (frame: LongFrame) =>
  `${frame.duration.toFixed(0)} ms at ${(frame.atMs / 1000).toFixed(1)} s: script ${frame.scriptMs.toFixed(0)} ms (longest: ${frame.topScript}), rendering ${frame.renderMs.toFixed(0)} ms`;

/** Scrolls the list through `rows` rows one step per frame; answers frame intervals and LoAFs. */
async function scrollThrough(page: Page, rows: number, rowsPerFrame: number) {
  return page.evaluate(
    async ([rowsToScroll, ROWS_PER_FRAME]) => {
      const firstRow = document.querySelector<HTMLElement>(
        '[role="grid"] [role="row"][aria-rowindex="2"]',
      );
      if (!firstRow) throw new Error('no rows to scroll');
      let scroller: HTMLElement | null = firstRow.parentElement;
      while (
        scroller &&
        !(
          scroller.scrollHeight > scroller.clientHeight + 1 &&
          /(auto|scroll)/.test(getComputedStyle(scroller).overflowY)
        )
      )
        scroller = scroller.parentElement;
      if (!scroller) throw new Error('no scroll container around the rows');
      const rowHeight = firstRow.getBoundingClientRect().height;
      const target = rowsToScroll * rowHeight;
      const step = rowHeight * ROWS_PER_FRAME;
      // Each long frame with where its time went, so a miss says whether the page's script,
      // its rendering or neither (the machine) took the frame.
      type LoafEntry = PerformanceEntry & {
        renderStart: number;
        scripts: { invoker: string; duration: number }[];
      };
      const longFrames: LongFrame[] = [];
      let passStart = performance.now();
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as LoafEntry[]) {
          const end = entry.startTime + entry.duration;
          const top = [...entry.scripts].sort((a, b) => b.duration - a.duration)[0];
          longFrames.push({
            duration: entry.duration,
            atMs: entry.startTime - passStart,
            scriptMs: entry.scripts.reduce((sum, script) => sum + script.duration, 0),
            renderMs: entry.renderStart > 0 ? end - entry.renderStart : 0,
            topScript: top ? `${top.invoker} ${top.duration.toFixed(0)} ms` : 'none',
          });
        }
      });
      observer.observe({ type: 'long-animation-frame', buffered: false });
      const intervals: number[] = [];
      await new Promise<void>((resolve) => {
        let last = performance.now();
        passStart = last;
        const frame = (now: number) => {
          intervals.push(now - last);
          last = now;
          const before = scroller.scrollTop;
          if (before >= target) return resolve();
          scroller.scrollTop += step;
          // The end of the list: nothing more to scroll (only with fewer rows than asked).
          if (scroller.scrollTop === before) return resolve();
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
      // Let the last frames' entries arrive before reading them.
      await new Promise((r) => setTimeout(r, 300));
      observer.disconnect();
      const lastIndex = Number(
        [...document.querySelectorAll('[role="grid"] [role="row"][aria-rowindex]')]
          .at(-1)
          ?.getAttribute('aria-rowindex'),
      );
      return { intervals: intervals.slice(1), longFrames, rowHeight, lastIndex };
    },
    [rows, rowsPerFrame] as const,
  );
}

async function heapMb(cdp: CDPSession, collect: boolean): Promise<number> {
  if (collect) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / 1024 / 1024;
}

test('students list with 100,000 students meets the performance targets', async ({ page, app }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInToWorkspace(page, app, platform.url, { preset: 'Everything' });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  const browserCdp = await page.context().browser()!.newBrowserCDPSession();
  const processIds = (await browserCdp.send('SystemInfo.getProcessInfo')).processInfo.map(
    (process) => process.id,
  );

  const firstRowsMs = await timeFirstRows(page);
  await expect(page.getByText(`${STUDENTS.toLocaleString('en-US')} students`)).toBeVisible();
  await screenshot(page, 'perf-students-100k');

  // Partial e-mails that each match a handful of the 100,000 students.
  const searches: { query: string; ms: number }[] = [];
  for (const rowIndex of [2, 3, 4]) {
    const email = await page
      .locator(`[role="grid"] [role="row"][aria-rowindex="${rowIndex}"] [role="gridcell"]`)
      .filter({ hasText: '@' })
      .first()
      .innerText();
    const query = email.slice(0, Math.max(6, email.indexOf('@'))).toLowerCase();
    searches.push({ query, ms: await timeSearch(page, query) });
    await page.getByRole('searchbox', { name: /search students/i }).fill('');
    await expect(page.getByText(`${STUDENTS.toLocaleString('en-US')} students`)).toBeVisible();
  }

  // Three passes, each in a new order so every row is fetched afresh (nothing cached).
  // Where the machine's CPU went during a pass: the browser's threads, the web host (this
  // process), the stand-in, and the share the hypervisor took.
  const sampleCpu = () => ({
    chromium: sampleChromiumCpu(processIds),
    machine: sampleMachine(),
    webHostMs: processCpuMs(process.pid),
    standInMs: processCpuMs(platform.pid ?? NaN),
  });
  const passes: (Awaited<ReturnType<typeof scrollThrough>> & {
    order: string;
    cpu: ReturnType<typeof cpuPerFrame>;
    machine: ReturnType<typeof machineShares>;
    webHostMs: number;
    standInMs: number;
  })[] = [];
  for (const order of ['Name', 'Email', 'Created']) {
    await page.getByRole('columnheader', { name: order }).getByRole('button').click();
    await expect(page.locator('[role="grid"] [role="row"][aria-rowindex="2"]')).toContainText('@');
    const before = sampleCpu();
    const pass = await scrollThrough(page, 10_000, ROWS_PER_FRAME);
    const after = sampleCpu();
    const frames = pass.intervals.length;
    passes.push({
      order,
      ...pass,
      cpu: cpuPerFrame(before.chromium, after.chromium, frames),
      machine: machineShares(before.machine, after.machine),
      webHostMs: (after.webHostMs - before.webHostMs) / frames,
      standInMs: (after.standInMs - before.standInMs) / frames,
    });
  }
  const heapBeforeGc = await heapMb(cdp, false);
  const heapAfterGc = await heapMb(cdp, true);
  const measured = passes.map((pass) => ({
    ...pass,
    p95: percentile(pass.intervals, 95),
    max: Math.max(...pass.intervals),
    median: percentile(pass.intervals, 50),
  }));
  const searchMs = Math.max(...searches.map((x) => x.ms));
  const p95 = Math.max(...measured.map((x) => x.p95));
  const max = Math.max(...measured.map((x) => x.max));
  const longFrames = Math.max(...measured.map((x) => x.longFrames.length));

  console.log(
    [
      'Students list performance (web host, Debian Chromium, 1280x800, stand-in with 100,000 students on loopback):',
      `  first rows after opening Students: ${firstRowsMs.toFixed(0)} ms (target < ${TARGETS.firstRowsMs} ms)`,
      `  search, the query pasted to matching rows: ${searches.map((x) => `"${x.query}" ${x.ms.toFixed(0)} ms`).join(', ')}; slowest ${searchMs.toFixed(0)} ms (target < ${TARGETS.searchMs} ms)`,
      `  scroll through 10,000 rows, ${ROWS_PER_FRAME} rows of ${measured[0]?.rowHeight}px per frame, three passes in new sort orders:`,
      ...measured.flatMap((x) => [
        `    by ${x.order}: ${x.intervals.length} frames to row ${x.lastIndex}; frame interval median ${x.median.toFixed(1)} ms, p95 ${x.p95.toFixed(1)} ms, max ${x.max.toFixed(1)} ms; long animation frames (> 50 ms): ${x.longFrames.length}`,
        ...x.longFrames.map((frame) => `      long frame ${describeLongFrame(frame)}`),
        `      CPU per frame (/proc, Chromium threads): ${x.cpu.map((t) => `${t.key} ${t.msPerFrame.toFixed(1)} ms`).join(', ') || 'not available'}`,
        `      other processes per frame: web host and test runner ${x.webHostMs.toFixed(1)} ms, stand-in ${x.standInMs.toFixed(1)} ms; machine (${cpus().length} vCPUs) ${x.machine.busyPercent.toFixed(0)}% busy, ${x.machine.stealPercent.toFixed(1)}% stolen by the hypervisor`,
      ]),
      `    worst of the three passes: p95 ${p95.toFixed(1)} ms (target < ${TARGETS.p95FrameMs}), max ${max.toFixed(1)} ms (target <= ${TARGETS.maxFrameMs}), long animation frames ${longFrames} (target 0)`,
      `  renderer JS heap after the scrolls: ${heapBeforeGc.toFixed(1)} MB, after a forced GC ${heapAfterGc.toFixed(1)} MB (target < ${TARGETS.heapMb} MB)`,
    ].join('\n'),
  );

  expect(firstRowsMs).toBeLessThan(TARGETS.firstRowsMs);
  expect(searchMs).toBeLessThan(TARGETS.searchMs);
  for (const pass of measured) expect(pass.lastIndex).toBeGreaterThan(10_000);
  expect(p95).toBeLessThan(TARGETS.p95FrameMs + VSYNC_JITTER_MS);
  expect(max).toBeLessThan(TARGETS.maxFrameMs + VSYNC_JITTER_MS);
  expect(longFrames).toBe(0);
  expect(heapBeforeGc).toBeLessThan(TARGETS.heapMb);
});
