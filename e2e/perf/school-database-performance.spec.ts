import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { build } from 'vite';
import { mainThreadSchedule, sampleMachine } from '../support/browser-cpu';
import { spawnPlatform, type PlatformProcess } from '../support/platform-process';
import { median } from '../support/screen-timing';
import { allowInBrowser, followSignInLink, signInToWorkspace } from '../support/workspace-flow';

/**
 * The school database's figures of issue #21, part of `npm run bench:offline`, measured from
 * outside the host: the web host runs in a process of its own (e2e/support/host-child.ts),
 * bundled first as electron-vite bundles the Electron host (tsx's loader would add its own
 * memory to the figures), on a fresh data folder, and a school of 100,000 students (the stand-in, its limit off, the
 * app's limiter off too, so the first sync runs as fast as it can and loads the host most).
 *
 * Parts 1, 2 and 4 are measured in each of FIRST_SYNC_RUNS first syncs of one school.
 * 1. The host's memory: its kernel high-water mark (VmHWM) from before the sign-in to after
 *    the first sync (the highest of the runs), and its resident memory a little after; then
 *    again with a second such school signed in (in the last run's host).
 * 2. The bridge during the first sync: a cheap call (`settings:language`) every 20 ms through
 *    the host's HTTP bridge, as the renderer makes it; the longest round-trip of each run and
 *    their median, and the p99, from the owner's Allow on the school's page to "Up to date".
 *    The calls before (the host starting while the browser launches, and the sign-in pages)
 *    are reported apart.
 * 3. Opening the school's copy at start: the host restarted on the same folder, from the
 *    first `sync:status` call to its answer (the key unwrapped, the database opened, sync
 *    started).
 * 4. The size on disk: the database, its WAL and key.
 * Each school runs at a lower CPU priority, as in the other benchmarks: a real school is
 * served from its own machines, and on two vCPUs a stand-in serving pages as fast as it can
 * would otherwise take them from the host whose answers are being timed.
 * The figures of the commit before (sql.js, whole-file saves) are in the log of the same
 * benchmark run just before, on this machine: see the closing note of issue #21.
 */

const STUDENTS = Number(process.env['PERF_STUDENTS'] ?? 100_000);
const TARGETS = { hostRssMb: 150, twoSchoolsRssMb: 250, bridgeMs: 100, openMs: 100 };
/**
 * First syncs of one school, each by a new host on a new data folder. The longest round-trip
 * of one sync is a single call, and on this project's shared two-vCPU machine it moved from
 * 56 to 169 ms between runs of the same build (ten in one session). The host's main thread
 * ran at most 65 ms of such a call; the rest of it, the thread waited for a CPU, mostly while
 * the browser's processes drew the workspace (perf sched). So the figure is the median of the
 * runs' longest, as the project's benchmarks take medians, and every run's is printed.
 */
const FIRST_SYNC_RUNS = Number(process.env['PERF_FIRST_SYNC_RUNS'] ?? 3);
const rendererDir = process.env['SCHOOLDESK_OUT_DIR']
  ? join(process.env['SCHOOLDESK_OUT_DIR'], 'renderer')
  : fileURLToPath(new URL('../../out/renderer', import.meta.url));

const schools: PlatformProcess[] = [];
const children = new Set<ChildProcess>();
const dirs: string[] = [];

/**
 * Where the bundled host-child goes (see bundleHost): with the tests' other output, not in
 * out/, whose every file electron-builder packs into the app.
 */
const HOST_BUNDLE = fileURLToPath(new URL('../output/bench-host/host-child.mjs', import.meta.url));

/** Bundles the host-child with Vite (its packages stay in node_modules, as in the app). */
async function bundleHost(): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      ssr: 'e2e/support/host-child.ts',
      outDir: dirname(HOST_BUNDLE),
      emptyOutDir: true,
      target: 'node24.21',
      minify: false,
      rollupOptions: { output: { format: 'es', entryFileNames: basename(HOST_BUNDLE) } },
    },
  });
}

test.beforeAll(async () => {
  test.setTimeout(600_000);
  await bundleHost();
  for (let n = 0; n < 2; n += 1) {
    const school = await spawnPlatform(
      ['--port', '0', '--students', String(STUDENTS), '--control', '--rate-limit', 'off'],
      280_000,
    );
    if (school.pid !== undefined) setPriority(school.pid, 10);
    schools.push(school);
  }
});
test.afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const school of schools) await school.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

type Host = { child: ChildProcess; url: string; secret: string };

async function startHost(dataDir: string): Promise<Host> {
  const child = spawn(process.execPath, [HOST_BUNDLE, dataDir, rendererDir, 'unpaced'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.add(child);
  const lines = createInterface({ input: child.stdout });
  const line = await new Promise<string>((resolve) => lines.once('line', resolve));
  return { child, ...(JSON.parse(line) as { url: string; secret: string }) };
}

async function stopHost(host: Host): Promise<void> {
  const exited = once(host.child, 'exit');
  host.child.stdin!.end();
  await exited;
  children.delete(host.child);
}

/** A bridge call as the renderer makes it (its origin, the secret); answers its data. */
async function bridgeCall<T>(host: Host, channel: string, request: unknown): Promise<T> {
  const response = await fetch(`${host.url}/bridge/${channel}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: host.url,
      'x-schooldesk-secret': host.secret,
    },
    body: JSON.stringify(request),
  });
  const result = (await response.json()) as { ok: boolean; data?: T };
  if (!result.ok) throw new Error(`${channel} answered ${JSON.stringify(result)}`);
  return result.data!;
}

/** One bridge call from outside; answers its round-trip in ms. */
async function call(host: Host, channel: string, request: unknown): Promise<number> {
  const started = performance.now();
  await bridgeCall(host, channel, request);
  return performance.now() - started;
}

/** A process's memory in MiB from /proc: its resident set now and its high-water mark. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/**
 * The processes the host starts while it runs (its database helpers, src/core/store/helper-process.ts),
 * sampled every 20 ms until stopped: how many there were, the largest peak (VmHWM) and
 * anonymous memory (RssAnon: what is the helper's own, not the executable's pages it shares
 * with the host) of one, and the largest sum of the host's and their resident memory at once.
 */
function watchChildren(pid: number) {
  const seen = new Map<number, { hwm: number; anon: number }>();
  let together = 0;
  const kib = (status: string, field: string) =>
    Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  const sample = () => {
    let sum = memoryOf(pid).rss;
    const list = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    for (const child of list ? list.split(' ').map(Number) : []) {
      try {
        const status = readFileSync(`/proc/${child}/status`, 'utf8');
        const last = seen.get(child) ?? { hwm: 0, anon: 0 };
        seen.set(child, {
          hwm: Math.max(last.hwm, kib(status, 'VmHWM')),
          anon: Math.max(last.anon, kib(status, 'RssAnon')),
        });
        sum += kib(status, 'VmRSS');
      } catch {
        // Gone between the list and its status.
      }
    }
    together = Math.max(together, sum);
  };
  const timer = setInterval(sample, 20);
  return () => {
    clearInterval(timer);
    const peaks = [...seen.values()];
    return {
      count: peaks.length,
      hwm: Math.max(0, ...peaks.map((p) => p.hwm)),
      anon: Math.max(0, ...peaks.map((p) => p.anon)),
      together,
    };
  };
}

/**
 * How the host's main thread spent a call's round-trip (/proc schedstat): running, and waiting
 * for a CPU while it could run; and the CPU time the hypervisor took from the machine's vCPUs
 * meanwhile (/proc/stat, in 10 ms ticks, all vCPUs summed). The rest of a round-trip is the
 * way there and back, a wait on the disk, or a vCPU taken while the thread was on it.
 */
type CallSchedule = { ranMs: number; waitedMs: number; stolenMs: number };

/** Round-trip statistics of bridge calls, in ms. */
function roundTrips(times: readonly number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    count: times.length,
    max: sorted.at(-1) ?? NaN,
    p99: sorted[Math.floor(sorted.length * 0.99)] ?? NaN,
    median: median(times),
  };
}

/**
 * Round-trips of a cheap call every 20 ms until stopped, each with when it was sent
 * (performance.now()). The first call is timed apart: it is the host's first answer since it
 * started (its modules still loading) over the probe's new connection (100-170 ms in five
 * runs on this project's machine).
 */
function probeBridge(host: Host) {
  const calls: ({ at: number; ms: number } & CallSchedule)[] = [];
  let running = true;
  let first = NaN;
  const pid = host.child.pid!;
  const loop = (async () => {
    first = await call(host, 'settings:language', {});
    while (running) {
      const at = performance.now();
      const before = { thread: mainThreadSchedule(pid), machine: sampleMachine() };
      const ms = await call(host, 'settings:language', {});
      const thread = mainThreadSchedule(pid);
      calls.push({
        at,
        ms,
        ranMs: thread.runMs - before.thread.runMs,
        waitedMs: thread.waitMs - before.thread.waitMs,
        stolenMs: sampleMachine().stealMs - before.machine.stealMs,
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    /**
     * Stops; answers the first call's round-trip, then the later calls sent before `split` and
     * from it on, and the five longest from it on.
     */
    async stop(split: number) {
      running = false;
      await loop;
      const before = calls.filter((c) => c.at < split).map((c) => c.ms);
      const after = calls.filter((c) => c.at >= split);
      // Where the longest waits fall: the sign-in's end and the workspace loading, or the sync.
      const slowest = [...after]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 5)
        .map((c) => ({ ...c, after: c.at - split }));
      return {
        first,
        before: roundTrips(before),
        after: roundTrips(after.map((c) => c.ms)),
        slowest,
        windowMs: (calls.at(-1)?.at ?? split) - split,
      };
    },
  };
}

/**
 * Signs in and waits for the first sync's end. Answers when the owner pressed Allow on the
 * school's page: from then on the host exchanges the code, opens the school's new database
 * and syncs, while the renderer loads the workspace. Before it, the host was starting, the
 * browser launching and the stand-in's sign-in pages loading: not the sync.
 */
async function firstSync(page: Page, host: Host, school: string): Promise<number> {
  let allowed = NaN;
  await signInToWorkspace(page, { url: `${host.url}/#${host.secret}` }, school, {
    preset: 'Everything',
    onAllow: () => (allowed = performance.now()),
  });
  await expect(page.getByRole('status', { name: 'Sync status' })).toHaveText(/Up to date/, {
    timeout: 15 * 60_000,
  });
  return allowed;
}

function tripsLine(trips: ReturnType<typeof roundTrips>): string {
  return `${trips.count} calls, median ${trips.median.toFixed(1)} ms, p99 ${trips.p99.toFixed(1)} ms, max ${trips.max.toFixed(1)} ms`;
}

function bytesOnDisk(dataDir: string): number {
  const folder = join(dataDir, 'schools');
  return readdirSync(folder).reduce((sum, name) => sum + statSync(join(folder, name)).size, 0);
}

/** What one first sync of one school measured (part 1, 2 and 4 of the module comment). */
type OneSchool = {
  syncSeconds: number;
  before: { rss: number; hwm: number };
  after: { rss: number; hwm: number };
  helpers: ReturnType<ReturnType<typeof watchChildren>>;
  bridge: Awaited<ReturnType<ReturnType<typeof probeBridge>['stop']>>;
  size: number;
};

/**
 * A host started on a fresh data folder, signed in to the first school, through its first
 * sync and 5 s after it; the host is left running.
 */
async function oneSchool(page: Page): Promise<{ host: Host; dataDir: string; run: OneSchool }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-db-bench-'));
  dirs.push(dataDir);
  const host = await startHost(dataDir);
  const pid = host.child.pid!;
  const before = memoryOf(pid);
  const stopWatching = watchChildren(pid);
  const probe = probeBridge(host);
  const started = performance.now();
  const allowed = await firstSync(page, host, schools[0]!.url);
  const syncSeconds = (performance.now() - started) / 1000;
  const bridge = await probe.stop(allowed);
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const after = memoryOf(pid);
  const helpers = stopWatching();
  return {
    host,
    dataDir,
    run: { syncSeconds, before, after, helpers, bridge, size: bytesOnDisk(dataDir) },
  };
}

/** Part 1, 2 and 4 of one run, as lines. */
function oneSchoolLines(run: OneSchool, n: number): string[] {
  const { bridge, helpers } = run;
  return [
    `   run ${n}: first sync (every area, sign-in included) ${run.syncSeconds.toFixed(1)} s`,
    `      host memory: before ${run.before.rss.toFixed(0)} MiB; peak (VmHWM) during and after the sync ${run.after.hwm.toFixed(0)} MiB; 5 s after ${run.after.rss.toFixed(0)} MiB`,
    `      processes the host started (database helpers): ${helpers.count}; the largest peaked at ${helpers.hwm.toFixed(0)} MiB (VmHWM), ${helpers.anon.toFixed(0)} MiB of it its own (RssAnon; the rest is the executable's pages, shared with the host); host and helpers at once, sampled every 20 ms: at most ${helpers.together.toFixed(0)} MiB`,
    `      bridge from the owner's Allow to "Up to date" (the code exchange, the database's creation, the workspace loading, the first sync): ${tripsLine(bridge.after)}`,
    `      its five longest, each at its time after the Allow (the last call ${(bridge.windowMs / 1000).toFixed(1)} s after it), with how the host's main thread spent it (ran, waited for a CPU) and what the hypervisor took from the machine meanwhile: ${bridge.slowest.map((c) => `${c.ms.toFixed(0)} ms at ${(c.after / 1000).toFixed(1)} s (ran ${c.ranMs.toFixed(0)}, waited ${c.waitedMs.toFixed(0)}, stolen ${c.stolenMs.toFixed(0)})`).join(', ')}`,
    `      bridge before it (the host starting, the browser launching, the sign-in pages): ${tripsLine(bridge.before)}, after a first call of ${bridge.first.toFixed(0)} ms (the host's first answer)`,
    `      on disk (database, WAL, key): ${(run.size / 1024 / 1024).toFixed(1)} MiB`,
  ];
}

test('the host in its own process: memory, the bridge during a first sync, opening', async ({
  page,
}) => {
  test.setTimeout(30 * 60_000);
  const lines = [
    `School database, the host in its own process, ${STUDENTS.toLocaleString('en-US')} students a school:`,
    `1, 2, 4. a first sync of one school, ${FIRST_SYNC_RUNS} times, each by a new host on a new data folder:`,
  ];
  const runs: OneSchool[] = [];
  let last: { host: Host; dataDir: string } | undefined;
  for (let n = 1; n <= FIRST_SYNC_RUNS; n += 1) {
    if (last) {
      await page.goto('about:blank');
      await stopHost(last.host);
    }
    const { run, ...running } = await oneSchool(page);
    last = running;
    runs.push(run);
    lines.push(...oneSchoolLines(run, n));
  }
  const peak = Math.max(...runs.map((r) => r.after.hwm));
  const longest = runs.map((r) => r.bridge.after.max);
  const ran = Math.max(...runs.flatMap((r) => r.bridge.slowest.map((c) => c.ranMs)));
  lines.push(
    `   host peak memory, the highest of the runs: ${peak.toFixed(0)} MiB (target <= ${TARGETS.hostRssMb})`,
    `   longest bridge round-trip of each run: ${longest.map((v) => v.toFixed(1)).join(', ')} ms; median ${median(longest).toFixed(1)} ms (target <= ${TARGETS.bridgeMs}); the most the host's main thread ran during one of the five longest calls of a run: ${ran.toFixed(0)} ms`,
  );
  let { host } = last!;
  const { dataDir } = last!;
  const pid = host.child.pid!;

  // A second school of the same size, signed in beside the first.
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Add another school' }).click();
  await page.getByLabel('School address').fill(schools[1]!.url);
  await page.getByRole('button', { name: 'Everything' }).click();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await allowInBrowser(await followSignInLink(page));
  await expect(page.getByRole('status', { name: 'Sync status' })).toHaveText(/Up to date/, {
    timeout: 15 * 60_000,
  });
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const two = memoryOf(pid);
  lines.push(
    `   with a second such school (the last run's host): peak (VmHWM) ${two.hwm.toFixed(0)} MiB (target <= ${TARGETS.twoSchoolsRssMb}); now ${two.rss.toFixed(0)} MiB`,
  );

  // Opening at start: the host restarted on the same folder, both schools signed in.
  await page.goto('about:blank');
  await stopHost(host);
  const opens: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    host = await startHost(dataDir);
    const schoolId = await firstSchoolId(host);
    opens.push(await call(host, 'sync:status', { schoolId }));
    await stopHost(host);
  }
  lines.push(
    `3. opening a school's copy at start (host restarted, the first sync:status): ${opens.map((v) => v.toFixed(0)).join(', ')} ms; median ${median(opens).toFixed(0)} ms (target <= ${TARGETS.openMs})`,
  );
  console.log(lines.join('\n'));

  expect.soft(peak, 'host peak memory').toBeLessThanOrEqual(TARGETS.hostRssMb);
  expect.soft(two.hwm, 'two schools').toBeLessThanOrEqual(TARGETS.twoSchoolsRssMb);
  expect.soft(median(longest), 'bridge round-trip').toBeLessThanOrEqual(TARGETS.bridgeMs);
  expect.soft(median(opens), 'opening').toBeLessThanOrEqual(TARGETS.openMs);
});

/** The schoolId of a signed-in school (from the session the host answers). */
async function firstSchoolId(host: Host): Promise<string> {
  const { sessions } = await bridgeCall<{ sessions: { schoolId: string }[] }>(
    host,
    'session:current',
    {},
  );
  return sessions[0]!.schoolId;
}
