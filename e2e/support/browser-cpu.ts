import { readdirSync, readFileSync } from 'node:fs';
import { constants, PerformanceObserver } from 'node:perf_hooks';

/** CPU time (ms) used so far by each thread kind of the Chromium processes on this machine. */
export type CpuSample = Map<string, number>;

/** Linux clock ticks per second, as /proc reports times in them (USER_HZ is 100 on Linux). */
const TICK_MS = 10;

/**
 * Reads /proc for the given Chromium processes (the ids of one browser's processes, from the
 * DevTools protocol's SystemInfo.getProcessInfo) and sums user+system time per process type
 * and thread ("renderer main", "renderer Compositor", …). Answers an empty map where /proc is
 * missing. The performance spec takes one before and one after a scroll pass: the renderer
 * main thread's CPU per frame is the page's own cost, whatever else the machine was doing.
 */
export function sampleChromiumCpu(processIds: readonly number[]): CpuSample {
  const sample: CpuSample = new Map();
  for (const pid of processIds) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const type = /--type=([a-z-]+)/.exec(command)?.[1] ?? 'browser';
      for (const [name, ms] of threadCpuMs(pid)) {
        const key = `${type} ${name}`;
        sample.set(key, (sample.get(key) ?? 0) + ms);
      }
    } catch {
      // The process ended between listing and reading: it used no more CPU in this pass.
    }
  }
  return sample;
}

/**
 * CPU ms used so far by each thread kind of one process: `main`, and the others by name
 * (V8's `V8Worker`, libuv's `libuv-worker`, …), summed. Empty where /proc is missing.
 */
export function threadCpuMs(pid: number): CpuSample {
  const sample: CpuSample = new Map();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return sample;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name =
        tid === String(pid) ? 'main' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      sample.set(name, (sample.get(name) ?? 0) + cpuMsOfStat(stat));
    } catch {
      // The thread ended between listing and reading.
    }
  }
  return sample;
}

/** CPU ms per thread kind between two threadCpuMs samples, busiest first, as one line. */
export function threadsLine(before: CpuSample, after: CpuSample): string {
  return [...after]
    .map(([name, ms]) => [name, ms - (before.get(name) ?? 0)] as const)
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([name, ms]) => `${name} ${ms}`)
    .join(', ');
}

/** This process's garbage collections so far, with the main thread's pauses for them. */
export type Collections = {
  scavenges: number;
  scavengeMs: number;
  markCompacts: number;
  markCompactMs: number;
};

/**
 * Counts this process's garbage collections from now on (perf_hooks' `gc` entries): young
 * generation scavenges and full mark-compacts. Entries arrive a turn after each collection.
 */
export function watchCollections(): { now(): Collections; stop(): void } {
  const tally: Collections = { scavenges: 0, scavengeMs: 0, markCompacts: 0, markCompactMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // Node's gc entries carry the collection's kind in `detail`.
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) {
        tally.scavenges += 1;
        tally.scavengeMs += entry.duration;
      } else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        tally.markCompacts += 1;
        tally.markCompactMs += entry.duration;
      }
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return { now: () => ({ ...tally }), stop: () => observer.disconnect() };
}

/** The collections between two tallies, as one line. */
export function collectionsLine(before: Collections, after: Collections): string {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  return (
    `${after.scavenges - before.scavenges} scavenges (${ms(after.scavengeMs - before.scavengeMs)}), ` +
    `${after.markCompacts - before.markCompacts} mark-compacts (${ms(after.markCompactMs - before.markCompactMs)})`
  );
}

/** CPU ms per frame between two samples, per thread kind, busiest first (over 0.2 ms only). */
export function cpuPerFrame(before: CpuSample, after: CpuSample, frames: number) {
  return [...after]
    .map(([key, ms]) => ({ key, msPerFrame: (ms - (before.get(key) ?? 0)) / frames }))
    .filter((x) => x.msPerFrame > 0.2)
    .sort((a, b) => b.msPerFrame - a.msPerFrame);
}

/** User plus system CPU ms of a /proc `stat` line (a process's or one thread's). */
function cpuMsOfStat(stat: string): number {
  // Fields after the name: state is the 1st, utime the 12th and stime the 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** CPU ms used so far by a whole process (all its threads), or NaN where /proc is missing. */
export function processCpuMs(pid: number): number {
  try {
    return cpuMsOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return NaN;
  }
}

/**
 * CPU ms used so far by the processes `pid` started that have ended (its helper processes,
 * once reaped), or NaN where /proc is missing.
 */
export function endedChildrenCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // cutime is the 14th field after the name, cstime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) * TICK_MS;
  } catch {
    return NaN;
  }
}

/**
 * How a process's main thread has spent its time so far, in ms (from /proc's schedstat):
 * running, and waiting for a CPU while it could run; NaN where /proc is missing.
 */
export type ThreadSchedule = { runMs: number; waitMs: number };

export function mainThreadSchedule(pid: number): ThreadSchedule {
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ');
    return { runMs: Number(run) / 1e6, waitMs: Number(wait) / 1e6 };
  } catch {
    return { runMs: NaN, waitMs: NaN };
  }
}

/**
 * What a main thread did over `wallMs` between two samples: ran, waited for a CPU, and the
 * rest, when it had nothing to do (idle).
 */
export function scheduleLine(before: ThreadSchedule, after: ThreadSchedule, wallMs: number) {
  const ran = after.runMs - before.runMs;
  const waited = after.waitMs - before.waitMs;
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  return `ran ${ms(ran)}, waited for a CPU ${ms(waited)}, idle ${ms(wallMs - ran - waited)}`;
}

/** The machine's CPU time so far, all cores summed: busy, and stolen by the hypervisor. */
export type MachineSample = { busyMs: number; stealMs: number; totalMs: number };

export function sampleMachine(): MachineSample {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    // cpu user nice system idle iowait irq softirq steal …
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map((x) => Number(x) * TICK_MS) as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const busyMs = user + nice + system + irq + softirq;
    return { busyMs, stealMs: steal, totalMs: busyMs + idle + iowait + steal };
  } catch {
    return { busyMs: NaN, stealMs: NaN, totalMs: NaN };
  }
}

/** Shares of the machine's CPU time between two samples: busy and stolen, in percent. */
export function machineShares(before: MachineSample, after: MachineSample) {
  const total = after.totalMs - before.totalMs;
  return {
    busyPercent: (100 * (after.busyMs - before.busyMs)) / total,
    stealPercent: (100 * (after.stealMs - before.stealMs)) / total,
  };
}
