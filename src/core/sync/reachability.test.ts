import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startPlatform, type RunningPlatform } from '../../../e2e/platform/server';
import {
  startClientHarness,
  type ClientHarness,
} from '../../../e2e/support/harness/client-harness';
import { PlatformClient } from '../platform/platform-client';
import { isNoAnswer } from '../platform/errors';
import type { NetworkHint, ReachabilityState } from './reachability';
import { linkSchool, type SchoolLink } from './school-link';

let harness: ClientHarness | undefined;
let restarted: RunningPlatform | undefined;
let link: SchoolLink | undefined;
const folders: string[] = [];
afterEach(async () => {
  link?.close();
  await restarted?.close();
  await harness?.close().catch(() => undefined);
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  harness = restarted = link = undefined;
});

/** Resolves with the first state change that satisfies `test`. */
function next(
  school: SchoolLink,
  test: (state: ReachabilityState) => boolean,
): Promise<ReachabilityState> {
  return new Promise((resolve) => {
    const stop = school.reachability.subscribe((state) => {
      if (!test(state)) return;
      stop();
      resolve(state);
    });
  });
}

/** A school link over the harness transport, its probe a one-row list at background priority. */
function linked(
  h: ClientHarness,
  hint?: NetworkHint,
  firstRetryMs = 50,
): {
  school: SchoolLink;
  api: PlatformClient;
} {
  const school = linkSchool(h.transport, {
    limits: { reads: null, writes: null },
    firstRetryMs,
    maxRetryMs: 400,
    hint,
  });
  const retry = { baseDelayMs: 5, maxDelayMs: 20 };
  // No retries on the test's own requests: each shows what one request teaches.
  const api = new PlatformClient({
    apiBaseUrl: h.apiBaseUrl,
    transport: school.screen,
    retry: { ...retry, maxRetries: 0 },
  });
  const background = new PlatformClient({
    apiBaseUrl: h.apiBaseUrl,
    transport: school.background,
    retry,
  });
  school.setProbe((signal) => background.page('courses', { page: 1, perPage: 1, signal }));
  link = school;
  return { school, api };
}

/** A host hint a test can flip. */
function switchableHint(initial: boolean): NetworkHint & { set(online: boolean): void } {
  let online = initial;
  const listeners = new Set<(online: boolean) => void>();
  return {
    online: () => online,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(value) {
      online = value;
      for (const listener of listeners) listener(value);
    },
  };
}

describe('reachability', () => {
  it('marks a stopped school unreachable, and a probe brings it back once it restarts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-reach-'));
    folders.push(dataDir);
    harness = await startClientHarness({ dataDir });
    const { port } = harness.platform;
    const { school, api } = linked(harness);
    await api.list('courses', { limit: 1 });
    expect(school.reachability.state.reachability).toBe('online');

    await harness.platform.close();
    const down = next(school, (s) => s.reachability === 'unreachable');
    const failure = await api.list('courses', { limit: 1 }).catch((error: unknown) => error);
    expect(isNoAnswer(failure)).toBe(true);
    const state = await down;
    expect(state.retryAt).toBeGreaterThan(Date.now() - 1000);
    expect(school.reachability.isReachable()).toBe(false);

    // Probes keep failing while it is down; the same folder and port bring it back.
    await next(school, (s) => s.reachability === 'unreachable' && s.retryAt !== state.retryAt);
    const up = next(school, (s) => s.reachability === 'online');
    restarted = await startPlatform({ port, dataDir, control: true, rateLimit: null });
    expect((await up).reachability).toBe('online');
    expect((await api.list('courses', { limit: 1 })).rows).toHaveLength(1);
  });

  it('a 5xx marks the school unreachable; any other answer marks it online', async () => {
    harness = await startClientHarness();
    const { school, api } = linked(harness);
    await harness.control('/faults', { rate: 1, kind: '503', pathPrefix: '/api/v1/students' });
    const down = next(school, (s) => s.reachability === 'unreachable');
    await expect(api.list('students', { limit: 1 })).rejects.toMatchObject({
      code: 'server_error',
    });
    await down;
    // A 404 is an answer: the school is there.
    await harness.control('/faults', { off: true });
    const up = next(school, (s) => s.reachability === 'online');
    await expect(api.get('courses', '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      code: 'not_found',
    });
    await up;
  });

  it('takes the host’s hint as a hint: online probes at once, offline marks nothing', async () => {
    harness = await startClientHarness();
    const hint = switchableHint(true);
    // A minute before the first probe: only the hint can bring it back sooner.
    const { school, api } = linked(harness, hint, 60_000);
    await api.list('courses', { limit: 1 });

    hint.set(false);
    expect(school.reachability.state).toMatchObject({ reachability: 'online', networkHint: false });

    await harness.control('/faults', {
      rate: 1,
      kind: '500',
      pathPrefix: '/api/v1/courses',
      count: 5,
    });
    await api.list('courses', { limit: 1 }).catch(() => undefined);
    expect(school.reachability.state.reachability).toBe('unreachable');
    await harness.control('/faults', { off: true });
    const up = next(school, (s) => s.reachability === 'online');
    hint.set(true);
    expect((await up).networkHint).toBe(true);
  });

  it('a caller’s own cancel says nothing about the school', () => {
    const controller = new AbortController();
    controller.abort();
    expect(isNoAnswer(new DOMException('stop', 'AbortError'), controller.signal)).toBe(false);
    // A connection torn down because the caller gave up is not the school's silence.
    expect(isNoAnswer(new TypeError('terminated'), controller.signal)).toBe(false);
    const timedOut = AbortSignal.abort(new DOMException('late', 'TimeoutError'));
    expect(isNoAnswer(new DOMException('late', 'TimeoutError'), timedOut)).toBe(true);
    expect(isNoAnswer(new TypeError('fetch failed'))).toBe(true);
    expect(isNoAnswer({ code: 'no_answer' })).toBe(true);
    expect(isNoAnswer({ code: 'not_found' })).toBe(false);
  });
});
