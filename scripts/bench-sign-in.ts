/**
 * Measures the machine's part of signing in, as the sign-in core issue asks, against the
 * stand-in on loopback (the user's clicks in the browser are excluded):
 * - cold: discovery + registration + listener ready (fresh data folder);
 * - warm: cached metadata and registration, listener ready (same data folder);
 * - callback → tokens stored: from the validated callback to the encrypted save (token
 *   exchange, userinfo, encryption, write).
 * Each is the median over N runs (default 20), timed with performance.now() from the
 * progress events AuthService reports.
 *
 * Usage: npm run bench:sign-in -- [--runs 20]
 */
import { parseArgs } from 'node:util';
import type { SignInProgress } from '../src/core/auth/deps';
import { startAuthHarness } from '../e2e/support/harness/auth-harness';
import { signInAndAllow } from '../e2e/support/harness/chromium-opener';
import { exitUnlessNodeIsCurrent } from '../src/core/node-runtime';

exitUnlessNodeIsCurrent();

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const runs = Number(values.runs);

const h = await startAuthHarness({ students: 0 });
h.browser.behaviour = signInAndAllow();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** One sign-in; answers ms from start to "waiting for browser" and from callback to stored. */
async function timedSignIn(
  dataDir?: string,
): Promise<{ ready: number; stored: number; dataDir: string }> {
  const marks = new Map<SignInProgress['step'], number>();
  const service = h.service({
    ...(dataDir ? { dataDir } : {}),
    onProgress: (event) => marks.set(event.step, performance.now()),
  });
  const start = performance.now();
  await service.auth.signIn(h.platform.url, ['courses:read']);
  return {
    ready: marks.get('waiting_for_browser')! - start,
    stored: marks.get('signed_in')! - marks.get('exchanging')!,
    dataDir: service.dataDir,
  };
}

try {
  const cold: number[] = [];
  const warm: number[] = [];
  const stored: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const first = await timedSignIn();
    cold.push(first.ready);
    stored.push(first.stored);
    const second = await timedSignIn(first.dataDir);
    warm.push(second.ready);
    stored.push(second.stored);
  }
  console.log(`runs: ${runs} cold and ${runs} warm sign-ins against the stand-in on loopback`);
  console.log(
    `cold (discovery + registration + listener ready): median ${median(cold).toFixed(1)} ms`,
  );
  console.log(
    `warm (cached metadata and registration, listener ready): median ${median(warm).toFixed(1)} ms`,
  );
  console.log(
    `callback → tokens stored (exchange, userinfo, encrypt, write): median ${median(stored).toFixed(1)} ms over ${stored.length}`,
  );
} finally {
  await h.close();
}
