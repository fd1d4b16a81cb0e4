/**
 * Measures the stand-in with a large school, as the foundation issue asks:
 * - start-up time with `--students <n>` on a fresh data folder (spawn → ready line);
 * - peak memory (VmHWM of the platform process, read from /proc after the run);
 * - p50 / p95 of `GET /api/v1/students?perPage=50` over sequential requests on loopback.
 *
 * Usage: npm run bench:platform -- [--students 100000] [--requests 300]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { spawnPlatform } from '../e2e/support/platform-process';
import { exitUnlessNodeIsCurrent } from '../src/core/node-runtime';

exitUnlessNodeIsCurrent();

const { values } = parseArgs({
  options: {
    students: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '300' },
  },
});
const students = Number(values.students);
const requests = Number(values.requests);

const dataDir = mkdtempSync(join(tmpdir(), 'platform-bench-'));
try {
  const started = performance.now();
  const platform = await spawnPlatform(
    [
      '--port',
      '0',
      '--data',
      dataDir,
      '--students',
      String(students),
      '--control',
      '--rate-limit',
      'off',
    ],
    120_000,
  );
  const startupMs = performance.now() - started;

  const minted = await fetch(`${platform.url}/__control/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      accountId: '6f1c2a7e-3b1d-4c1e-9d1a-0a0000000001',
      scopes: ['students:read'],
    }),
  });
  const { accessToken } = (await minted.json()) as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}` };

  const first = (await (
    await fetch(`${platform.url}/api/v1/students?perPage=50`, { headers })
  ).json()) as {
    totalPages: number;
    totalCount: number;
  };
  const timings: number[] = [];
  for (let i = 0; i < requests; i += 1) {
    // Spread pages over the whole list so deep offsets count too.
    const page = 1 + Math.floor((i * 7919) % first.totalPages);
    const t0 = performance.now();
    const response = await fetch(`${platform.url}/api/v1/students?perPage=50&page=${page}`, {
      headers,
    });
    const body = (await response.json()) as { nodes: unknown[] };
    timings.push(performance.now() - t0);
    if (response.status !== 200 || body.nodes.length === 0)
      throw new Error(`page ${page} answered ${response.status}`);
  }
  const searchTimings: number[] = [];
  for (const q of ['ada', 'smith', 'example.com', 'zz', 'lee']) {
    const t0 = performance.now();
    await (await fetch(`${platform.url}/api/v1/students?perPage=50&q=${q}`, { headers })).json();
    searchTimings.push(performance.now() - t0);
  }
  const pid = platform.pid;
  let peak = 'unavailable (no /proc on this system)';
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]);
    peak = `${(kb / 1024).toFixed(0)} MiB (VmHWM of the platform process)`;
  } catch {
    // keep the "unavailable" text
  }
  await platform.stop();

  timings.sort((a, b) => a - b);
  const pct = (p: number) =>
    timings[Math.min(timings.length - 1, Math.floor((p / 100) * timings.length))]!;
  console.log(`students generated:      ${first.totalCount}`);
  console.log(
    `start-up (spawn → ready): ${(startupMs / 1000).toFixed(1)} s, fresh data folder, includes seeding`,
  );
  console.log(`peak memory:             ${peak}`);
  console.log(
    `GET /api/v1/students?perPage=50: p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms ` +
      `over ${timings.length} sequential requests on loopback (pages spread over the list, client-side wall time)`,
  );
  console.log(`search (q=…, perPage=50): ${searchTimings.map((t) => t.toFixed(0)).join(', ')} ms`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
