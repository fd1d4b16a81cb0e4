import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { LocalFirstSchoolData } from '../../src/core/data/local-first';
import type { MirrorDatabase } from '../../src/core/store/mirror-database';
import {
  collectionsLine,
  endedChildrenCpuMs,
  machineShares,
  mainThreadSchedule,
  processCpuMs,
  sampleMachine,
  scheduleLine,
  threadCpuMs,
  threadsLine,
  watchCollections,
} from '../support/browser-cpu';
import {
  mintToken,
  databaseFileBytes,
  openCoreSchool,
  rateBetween,
  rawPageLoop,
  sampleMemory,
  SYNC_PAGING,
  tooManyMoments,
  watchReads,
  type Counters,
  memoryLine,
  timed,
  type MainThreadTimings,
  type MemoryPeak,
} from '../support/offline-bench';
import { spawnPlatform, type PlatformProcess } from '../support/platform-process';
import {
  IDLE_BRIDGE_GAP_MS,
  median,
  timeFirstRows,
  timeIdleBridge,
  timeOfflineSave,
  timeRecordOpen,
  timeSearch,
} from '../support/screen-timing';
import { screenshot } from '../support/app-fixtures';
import { readApi, signInToWorkspace } from '../support/workspace-flow';
import { startApp } from '../support/school-process';
import { favourMemoryOverSpeed } from '../../src/core/host-memory';

/**
 * `npm run bench:offline`: the offline figures of issue #12, all on this machine in one run,
 * against a stand-in holding 100,000 students in its own process at a lower CPU priority (the
 * real platform is remote and does not share the owner's CPU). Every figure is printed with
 * how it was taken and its target; the targets are soft assertions, so every figure prints
 * and a missed one still fails the run.
 *
 * 1. First sync, rate limit off: the app's sync path (SchoolSync, pull.ts, the rate limiter
 *    without pacing, reachability, PlatformClient with zod, MirrorDatabase on the school's
 *    encrypted database and its helper processes; see e2e/support/offline-bench.ts) against a
 *    raw loop over the same pages, runs interleaved (raw, sync, raw, sync, ...), medians
 *    compared.
 * 3. From the mirror, in core: searches and record opens through the local-first SchoolData.
 * 2, 4, 5. Through the web host in Chromium, signed in through the UI with the stand-in at
 *    600 reads a minute and the app's limiter at its defaults: the sustained read rate and
 *    429s from the stand-in's counters, the main process's peak memory and the mirror on
 *    disk; then, with the school killed, the Students screen: first rows, search, a record,
 *    a save, and an idle bridge call from the page (the floor under each of those).
 */

const STUDENTS = Number(process.env['PERF_STUDENTS'] ?? 100_000);
/**
 * Raw loops and syncs, each. Five: the stand-in's own CPU time for the same 2,000 pages varies
 * by a third from one run to the next on this machine (5.9-8.9 s), and with three runs one
 * slow pair moved the median ratio by 0.1.
 */
const SYNC_RUNS = Number(process.env['PERF_SYNC_RUNS'] ?? 5);
/** Timed repetitions of each core search and record open (after one untimed, cold one). */
const CORE_REPEATS = 7;
const SCREEN_REPEATS = 3;
/** Idle bridge calls timed after the saves, for the floor under the screen timings. */
const IDLE_BRIDGE_CALLS = 20;
const TARGETS = {
  syncVsRaw: 1.1,
  paceShare: 0.95,
  coreSearchMs: 30,
  coreOpenMs: 50,
  firstRowsMs: 150,
  screenSearchMs: 100,
  offlineSaveMs: 50,
};
/** The platform's read limit, which the stand-in enforces in part 2 (NOTES.md). */
const READS_PER_MINUTE = 600;

/** The business API's entries of the stand-in's counters (sign-in's routes left out). */
const apiRoutes = (counters: Counters | undefined) =>
  Object.fromEntries(
    Object.entries(counters?.byRoute ?? {}).filter(([route]) => route.includes(' /api/v1/')),
  );

const ms = (value: number) => `${value.toFixed(0)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
let platform: PlatformProcess;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'schooldesk-bench-'));
  dirs.push(dir);
  return dir;
};

test.beforeAll(async () => {
  test.setTimeout(300_000);
  // This process stands in for the host in the core runs, so it runs with the hosts' V8
  // setting, the raw loop's runs too (the same conditions for both).
  favourMemoryOverSpeed();
  platform = await spawnPlatform(
    ['--port', '0', '--students', String(STUDENTS), '--control', '--rate-limit', 'off'],
    280_000,
  );
  if (platform.pid !== undefined) setPriority(platform.pid, 10);
});
test.afterAll(async () => {
  await platform?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

test('core: first sync against a raw page loop, then search and open from the mirror', async () => {
  test.setTimeout(30 * 60_000);
  const token = await mintToken(platform.url, ['students:read']);
  const apiBaseUrl = `${platform.url}/api/v1`;
  const pid = platform.pid ?? NaN;
  const lines = [
    `Offline performance (issue #12), stand-in with ${STUDENTS.toLocaleString('en-US')} students on loopback at nice 10; ${cpus().length} vCPUs, load average at start ${loadavg()[0]!.toFixed(2)}`,
    `1. First sync of students, stand-in rate limit off: ${SYNC_RUNS} runs each, interleaved raw, sync, raw, sync, ...`,
    `   raw: ${SYNC_PAGING.concurrency} concurrent GETs of ${SYNC_PAGING.perPage} per page, sort=createdAt, fetch + JSON.parse only`,
    `   sync: SchoolSync.open on an empty data folder (students:read) until the area is synced, the limiter without pacing; its final save timed apart; its database helper processes (src/core/store/helper-process.ts) store the batches and build the index`,
    `   both in this process, with the hosts' V8 setting (--optimize-for-size, src/core/host-memory.ts)`,
    `   this process per run: CPU ms by thread (/proc; V8Worker: V8's background threads, which collect garbage beside the main thread) and its garbage collections with the main thread's pauses (perf_hooks)`,
    `   the stand-in's main thread per run (/proc schedstat): ran, waited for a CPU (the machine's two are shared with this process, its helpers and their collectors), and idle (no request to work on)`,
  ];
  const raws: number[] = [];
  const syncs: number[] = [];
  let coreDir = '';
  /** The core school of these runs: students only, the limiter without pacing. */
  const coreSchool = () => ({
    platformUrl: platform.url,
    token,
    dataDir: coreDir,
    scopes: ['students:read'],
    limits: { reads: null, writes: null },
  });
  let syncPeak: MemoryPeak | undefined;
  let fileBytes = 0;
  const collections = watchCollections();
  /** This process's own work so far: CPU by thread, and garbage collections. */
  const own = () => ({ threads: threadCpuMs(process.pid), gc: collections.now() });
  /** This process's own work since `before`, as one line. */
  const ownWork = async (before: ReturnType<typeof own>) => {
    // The last collection's entry arrives a turn after it.
    await new Promise((resolve) => setTimeout(resolve, 10));
    const after = own();
    return `by thread ${threadsLine(before.threads, after.threads)}; ${collectionsLine(before.gc, after.gc)}`;
  };
  for (let run = 1; run <= SYNC_RUNS; run += 1) {
    let cpu = { self: processCpuMs(process.pid), standIn: processCpuMs(pid), m: sampleMachine() };
    let ownBefore = own();
    let standIn = mainThreadSchedule(pid);
    let started = performance.now();
    const raw = await rawPageLoop({ apiBaseUrl, token, area: 'students', ...SYNC_PAGING });
    const rawMs = performance.now() - started;
    const rawShares = machineShares(cpu.m, sampleMachine());
    const rawCpu = [processCpuMs(process.pid) - cpu.self, processCpuMs(pid) - cpu.standIn];
    const rawStandIn = scheduleLine(standIn, mainThreadSchedule(pid), rawMs);
    const rawOwn = await ownWork(ownBefore);
    expect(raw.records).toBe(STUDENTS);
    raws.push(rawMs);

    coreDir = tempDir();
    const timings: MainThreadTimings = {};
    const memory = sampleMemory();
    cpu = { self: processCpuMs(process.pid), standIn: processCpuMs(pid), m: sampleMachine() };
    const helpersBefore = endedChildrenCpuMs(process.pid);
    ownBefore = own();
    standIn = mainThreadSchedule(pid);
    started = performance.now();
    const school = await openCoreSchool({ ...coreSchool(), timings });
    const status = await school.until(
      (s) => s.areas.students.state === 'synced' && s.lastSyncedAt !== undefined,
    );
    const syncMs = performance.now() - started;
    const syncShares = machineShares(cpu.m, sampleMachine());
    const syncCpu = [processCpuMs(process.pid) - cpu.self, processCpuMs(pid) - cpu.standIn];
    const syncStandIn = scheduleLine(standIn, mainThreadSchedule(pid), syncMs);
    const helpersCpu = endedChildrenCpuMs(process.pid) - helpersBefore;
    const syncOwn = await ownWork(ownBefore);
    const closing = performance.now();
    await school.close();
    const saveMs = performance.now() - closing;
    syncPeak = memory.stop();
    fileBytes = school.fileBytes();
    expect(status.areas.students.rows).toBe(STUDENTS);
    syncs.push(syncMs);
    const parts = Object.entries(timings)
      .map(([name, total]) => `${name} ${ms(total)}`)
      .join(', ');
    lines.push(
      `   run ${run}: raw ${ms(rawMs)} (${raw.pages} pages; CPU ms: this process ${rawCpu[0]}, stand-in ${rawCpu[1]}; machine ${rawShares.busyPercent.toFixed(0)}% busy, ${rawShares.stealPercent.toFixed(1)}% stolen)`,
      `          sync ${ms(syncMs)}, ${(syncMs / rawMs).toFixed(2)} x this run's raw (CPU ms: this process ${syncCpu[0]}, its helper processes ${helpersCpu}, stand-in ${syncCpu[1]}; machine ${syncShares.busyPercent.toFixed(0)}% busy, ${syncShares.stealPercent.toFixed(1)}% stolen); close ${ms(saveMs)}`,
      `          this process during raw: ${rawOwn}`,
      `          this process during sync: ${syncOwn}`,
      `          stand-in's main thread: during raw ${rawStandIn}; during sync ${syncStandIn}`,
      `          sync's main-thread time in the mirror: ${parts}`,
    );
  }
  collections.stop();
  const ratio = median(syncs) / median(raws);
  lines.push(
    `   median raw ${ms(median(raws))}, median sync ${ms(median(syncs))}: sync = ${ratio.toFixed(2)} x raw (target <= ${TARGETS.syncVsRaw})`,
    `5. Mirror of ${STUDENTS.toLocaleString('en-US')} students on disk (encrypted database and WAL, students only): ${fileBytes.toLocaleString('en-US')} bytes (${mb(fileBytes)})`,
    `   this process during the last core sync: ${syncPeak ? memoryLine(syncPeak) : 'not measured'}`,
  );

  // 3. The saved mirror, opened as the app opens it at start (school up, nothing changed).
  const opening = performance.now();
  const school = await openCoreSchool(coreSchool());
  const openMs = performance.now() - opening;
  await school.until((s) => s.lastSyncedAt !== undefined && s.activity === undefined);
  const mirror: MirrorDatabase = school.sync.copy;
  const data = new LocalFirstSchoolData(school.screenClient, school.sync);
  const sample = (offset: number) =>
    mirror.list('students', { sort: 'createdAt', offset, limit: 1 }).rows[0] as {
      id: string;
      email: string;
    };
  const local = (email: string) => email.slice(0, email.indexOf('@'));
  const queries = [
    'a',
    'an',
    'example.org',
    local(sample(Math.floor(STUDENTS / 3)).email),
    local(sample(Math.floor((STUDENTS * 2) / 3)).email),
    'zqxjw',
  ];
  lines.push(
    `3. From the mirror in core (the school's database opened in ${ms(openMs)}: key unwrapped, database opened, sync started):`,
    `   search through LocalFirstSchoolData.list, first window of 50 rows (the renderer's chunk), ${CORE_REPEATS} timed runs after a cold one:`,
  );
  const searchMedians: number[] = [];
  for (const sort of [undefined, 'name', '-email'] as const) {
    for (const q of queries) {
      let total = 0;
      const time = await timed(CORE_REPEATS, async () => {
        total = (await data.list('students', { q, sort, offset: 0, limit: 50 })).totalCount;
      });
      searchMedians.push(time.median);
      lines.push(
        `     q "${q}" sort ${sort ?? '-createdAt (default)'}: ${total.toLocaleString('en-US')} matches; median ${ms(time.median)}, max ${ms(time.max)}, cold ${ms(time.cold)}`,
      );
    }
  }
  const ids = Array.from({ length: 20 }, (_, i) => sample(Math.floor((i * STUDENTS) / 20)).id);
  const gets = await timed(CORE_REPEATS, () => ids.map((id) => mirror.get('students', id)));
  const getMedian = gets.median / ids.length;
  let next = 0;
  const network = await timed(CORE_REPEATS, () => data.get('students', ids[next++ % ids.length]!));
  lines.push(
    `   slowest search median ${ms(Math.max(...searchMedians))} (target <= ${TARGETS.coreSearchMs} ms each)`,
    `   opening a record, MirrorDatabase.get (20 ids spread over the table): median ${(gets.median / ids.length).toFixed(2)} ms a record, max ${(gets.max / ids.length).toFixed(2)} (target <= ${TARGETS.coreOpenMs} ms)`,
    `   LocalFirstSchoolData.get with the school up: median ${ms(network.median)}, max ${ms(network.max)}; a synced row has no ETag, so it asks the school (the offline open is in part 4)`,
  );
  await school.close();
  console.log(lines.join('\n'));

  expect.soft(ratio, 'sync vs raw').toBeLessThanOrEqual(TARGETS.syncVsRaw);
  for (const value of searchMedians)
    expect.soft(value, 'core search').toBeLessThanOrEqual(TARGETS.coreSearchMs);
  expect.soft(getMedian, 'core open').toBeLessThanOrEqual(TARGETS.coreOpenMs);
});

test('web host: paced sync, then the Students screen with the school killed', async ({ page }) => {
  test.setTimeout(20 * 60_000);
  const appDir = tempDir();
  // The app as an owner runs it, with the platform's rate limits (the `app` fixture turns its
  // pacing off, to match the worker's unlimited stand-in).
  const app = await startApp(appDir);
  try {
    await screenAndPace(page, app, appDir);
  } finally {
    await app.host.close();
  }
});

async function screenAndPace(page: Page, app: { url: string }, appDir: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  const status = page.getByRole('status', { name: 'Sync status' });
  const nav = page.getByRole('navigation', { name: 'Areas' });
  // Totals the screen must show for the common searches, from the school itself (before the
  // counters are reset: these reads are not the app's).
  const common = ['an', 'example.org'];
  const totals = new Map<string, number>();
  for (const q of common) {
    const answer = await readApi<{ totalCount: number }>(platform.url, `students?q=${q}&perPage=1`);
    totals.set(q, answer.totalCount);
  }
  await fetch(`${platform.url}/__control/reset`, { method: 'POST' });
  await fetch(`${platform.url}/__control/rate-limit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ reads: READS_PER_MINUTE, writes: 200 }),
  });

  const loadAtStart = loadavg()[0]!;
  const machineAtStart = sampleMachine();
  const standInAtStart = processCpuMs(platform.pid ?? NaN);
  const memory = sampleMemory(250);
  const reads = watchReads(platform.url);
  const started = performance.now();
  await signInToWorkspace(page, app, platform.url, { preset: 'Everything' });
  await expect(status).toHaveText(/Syncing students/, { timeout: 120_000 });
  await screenshot(page, 'offline-bench-sync-progress');
  await expect(status).toHaveText(/Up to date/, { timeout: 15 * 60_000 });
  const syncedSeconds = (performance.now() - started) / 1000;
  const peak = memory.stop();
  const counters = await reads.stop();
  const machine = machineShares(machineAtStart, sampleMachine());
  const standInCpu = processCpuMs(platform.pid ?? NaN) - standInAtStart;
  const folder = join(appDir, 'schools');
  // Every page is committed as it arrives; wait until the files stop growing (a checkpoint).
  let lastBytes = -1;
  await expect
    .poll(
      () => {
        const bytes = databaseFileBytes(folder);
        const settled = bytes > 0 && bytes === lastBytes;
        lastBytes = bytes;
        return settled;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(true);

  // From the first read of the limiter's second window to the first of its last one.
  const total = reads.series.at(-1)?.reads ?? 0;
  const lastWindow = Math.floor((total - 1) / READS_PER_MINUTE);
  const rate =
    lastWindow >= 3
      ? rateBetween(reads.series, READS_PER_MINUTE, READS_PER_MINUTE * lastWindow)
      : undefined;
  const share = rate ? rate.perMinute / READS_PER_MINUTE : NaN;
  const tooMany = counters?.byStatus['429'] ?? 0;
  const moments = tooManyMoments(reads.series);

  // The school goes away; "Sync now" makes the app find out, as an owner's click would.
  process.kill(platform.pid!, 'SIGKILL');
  await platform.stop();
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Sync now' }).click();
  await expect(status).toHaveText(/Can.t reach the school|Offline/, { timeout: 60_000 });

  const firstRows: number[] = [];
  for (let run = 0; run < SCREEN_REPEATS; run += 1) {
    // A reload empties the renderer's query cache, so the rows come from the mirror again.
    if (run > 0) await page.reload();
    await nav.getByRole('link', { name: 'Courses' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
    firstRows.push(await timeFirstRows(page));
  }
  const everyone = `${STUDENTS.toLocaleString('en-US')} students`;
  await expect(page.getByText(everyone)).toBeVisible();
  const searches: { query: string; ms: number }[] = [];
  const rare: string[] = [];
  for (const rowIndex of [2, 3]) {
    const email = await page
      .locator(`[role="grid"] [role="row"][aria-rowindex="${rowIndex}"] [role="gridcell"]`)
      .filter({ hasText: '@' })
      .first()
      .innerText();
    rare.push(email.slice(0, Math.max(6, email.indexOf('@'))).toLowerCase());
  }
  for (const query of [...rare, ...common]) {
    searches.push({ query, ms: await timeSearch(page, query, { totalCount: totals.get(query) }) });
    await page.getByRole('searchbox', { name: /search students/i }).fill('');
    await expect(page.getByText(everyone)).toBeVisible();
  }
  const opens: number[] = [];
  for (const rowIndex of [2, 3, 4]) {
    opens.push(await timeRecordOpen(page, rowIndex));
    await page.keyboard.press('Escape');
    await expect(page.locator('.record-panel')).toHaveCount(0);
  }
  await screenshot(page, 'offline-bench-students-offline');
  // Saving a change with the school away (issue #13): it waits in the outbox, on disk.
  await page.locator('[role="grid"] [role="row"][aria-rowindex="2"]').click();
  await expect(page.locator('.record-panel')).toBeVisible();
  const saves: number[] = [];
  for (const n of [1, 2, 3, 4, 5]) saves.push(await timeOfflineSave(page, `Offline Bench ${n}`));
  const idleTrips = await timeIdleBridge(page, IDLE_BRIDGE_CALLS);

  const searchMedian = median(searches.map((s) => s.ms));
  console.log(
    [
      `2. Paced sync through the web host (sign-in through the UI, Everything), stand-in at ${READS_PER_MINUTE} reads/min, the app's limiter at its defaults:`,
      `   "Up to date" ${syncedSeconds.toFixed(0)} s after opening the app; ${total} API reads served by the stand-in (load average ${loadAtStart.toFixed(2)} at the start; machine ${machine.busyPercent.toFixed(0)}% busy meanwhile, the stand-in used ${(standInCpu / 1000).toFixed(1)} s of CPU)`,
      rate
        ? `   sustained rate from read ${READS_PER_MINUTE + 1} to read ${READS_PER_MINUTE * lastWindow + 1} (2xx/3xx answers; whole limiter windows after the first, from its counters polled every 250 ms): ${rate.reads} reads in ${rate.seconds.toFixed(1)} s = ${rate.perMinute.toFixed(0)}/min = ${(share * 100).toFixed(1)}% of ${READS_PER_MINUTE}/min (target >= ${TARGETS.paceShare * 100}%)`
        : `   sustained rate not measured: fewer than ${READS_PER_MINUTE * 3} reads`,
      `   429 answers: ${tooMany} (target 0)${moments.length > 0 ? `: ${moments.join('; ')}` : ''}`,
      `   API requests by route and status: ${JSON.stringify(apiRoutes(counters))}`,
      `5. Web host (the app's main side, in this test process) from sign-in to "Up to date": ${memoryLine(peak)}`,
      `   mirror on disk, every area: ${lastBytes.toLocaleString('en-US')} bytes (${mb(lastBytes)})`,
      `4. The Students screen in Chromium (1280x800), the school killed (SIGKILL) and the app showing it:`,
      `   first rows after the click on Students: ${firstRows.map(ms).join(', ')} (a reload before each but the first); median ${ms(median(firstRows))} (target <= ${TARGETS.firstRowsMs} ms)`,
      `   search, the query pasted into the empty box, its input event to the frame where every row matches and the count is the school's: ${searches.map((s) => `"${s.query}" ${ms(s.ms)}`).join(', ')}; median ${ms(searchMedian)} (target <= ${TARGETS.screenSearchMs} ms)`,
      `      each query comes after a pause, which a synced area searches at once (useDebounced's leading edge); keys typed closer together than LOCAL_SEARCH_DEBOUNCE_MS wait for a pause`,
      `   opening a record, click to the frame with its e-mail in the form: ${opens.map(ms).join(', ')}; median ${ms(median(opens))} (no screen target; core's is 50 ms)`,
      `   saving a student's name with the school away, Ctrl+S keydown to the frame that says "Saved on this computer" (the outbox table: one encrypted SQLite commit, fsynced; the copy updated): ${saves.map(ms).join(', ')}; median ${ms(median(saves))} (target <= ${TARGETS.offlineSaveMs} ms)`,
      `   the floor under each of these, an idle bridge call from the page (settings:language through window.schooldesk, ${IDLE_BRIDGE_CALLS} calls ${IDLE_BRIDGE_GAP_MS} ms apart): median ${ms(median(idleTrips))}, fastest ${ms(Math.min(...idleTrips))}; in the web host each call is the browser's fetch to the host, which Electron's IPC does not make`,
    ].join('\n'),
  );

  expect.soft(share, 'paced read rate share').toBeGreaterThanOrEqual(TARGETS.paceShare);
  expect.soft(tooMany, '429 answers').toBe(0);
  expect.soft(median(firstRows), 'first rows').toBeLessThanOrEqual(TARGETS.firstRowsMs);
  expect.soft(searchMedian, 'screen search').toBeLessThanOrEqual(TARGETS.screenSearchMs);
  expect.soft(median(saves), 'offline save').toBeLessThanOrEqual(TARGETS.offlineSaveMs);
}
