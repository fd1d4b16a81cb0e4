import { afterEach, describe, expect, it } from 'vitest';
import {
  allSynced,
  startSyncHarness,
  type SyncHarness,
} from '../../../e2e/support/harness/sync-harness';
import {
  startClientHarness,
  type ClientHarness,
  type Counters,
} from '../../../e2e/support/harness/client-harness';
import { PlatformClient } from '../platform/platform-client';
import type { ApiTransport } from '../platform/retry';
import { RateLimiter, withPriority } from './rate-limiter';

let sync: SyncHarness | undefined;
let client: ClientHarness | undefined;
afterEach(async () => {
  await sync?.close();
  await client?.close();
  sync = client = undefined;
});

/** The harness transport, noting when each request really left (behind the limiter). */
function timed(transport: ApiTransport, log: { at: number; path: string }[]): ApiTransport {
  return (url, init) => {
    log.push({ at: performance.now(), path: url.pathname + url.search });
    return transport(url, init);
  };
}

describe('rate limiter', () => {
  it('keeps a full sync within the stand-in limit: zero 429s, and near the allowed rate', async () => {
    // 30 reads per 4 s on both sides, so the test takes seconds instead of minutes. A permit
    // comes back a window after its request's answer, so `reads` requests take a window plus
    // a request's time: 4 s keeps that time (up to ~300 ms on a loaded machine) inside the
    // 10% allowed below, as a minute keeps it inside 1% in the app.
    const reads = 30;
    const windowMs = 4_000;
    sync = await startSyncHarness({
      students: 300,
      rateLimit: { reads, writes: 10 },
      rateWindowMs: windowMs,
    });
    const sent: { at: number; path: string }[] = [];
    const opened = await sync.open({
      transport: timed(sync.client.transport, sent),
      limits: { reads, writes: 10, windowMs, marginMs: 100 },
      // Small pages make enough requests for several windows.
      pull: { perPage: 3 },
    });
    await opened.until(allSynced, 60_000);
    const counters = await sync.client.control<Counters>('/counters', undefined, 'GET');
    expect(counters.byStatus['429'] ?? 0).toBe(0);

    expect(sent.length).toBeGreaterThan(3 * reads);
    // The time each run of `reads` consecutive requests took: never under a window (never
    // more than the limit in any window), and on average close to one window.
    const spans = sent.slice(reads).map((s, i) => s.at - sent[i]!.at);
    expect(Math.min(...spans)).toBeGreaterThanOrEqual(windowMs);
    const mean = spans.reduce((a, b) => a + b, 0) / spans.length;
    const rate = reads / mean;
    const allowed = reads / windowMs;
    expect(rate).toBeGreaterThanOrEqual(0.9 * allowed);
  }, 60_000);

  it('sends the screen’s requests before queued background ones', async () => {
    client = await startClientHarness({ students: 20 });
    const sent: string[] = [];
    const limiter = new RateLimiter({ reads: null, concurrency: 1 });
    const limited = limiter.wrap((url, init) => {
      sent.push(init.priority ?? 'screen');
      return client!.transport(url, init);
    });
    const background = new PlatformClient({
      apiBaseUrl: client.apiBaseUrl,
      transport: withPriority(limited, 'background'),
    });
    const screen = new PlatformClient({ apiBaseUrl: client.apiBaseUrl, transport: limited });
    const queued = Array.from({ length: 8 }, (_, i) =>
      background.page('students', { page: i + 1, perPage: 1 }),
    );
    const seen = screen.list('courses', { limit: 5 });
    await Promise.all([...queued, seen]);
    // The first background request was already on its way; the screen's went next.
    expect(sent.slice(0, 3)).toEqual(['background', 'screen', 'background']);
    limiter.close();
  });

  it('holds the queue for Retry-After after a 429 instead of meeting 429 after 429', async () => {
    // The server allows 5 reads per 2 s; the client does not pace, so the server refuses.
    client = await startClientHarness({ rateLimit: { reads: 5, writes: 5 }, rateWindowMs: 2_000 });
    const limiter = new RateLimiter({ reads: null, concurrency: 2 });
    const api = new PlatformClient({
      apiBaseUrl: client.apiBaseUrl,
      transport: limiter.wrap(client.transport),
      retry: { maxRetries: 6 },
    });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => api.page('students', { page: i + 1, perPage: 1 })),
    );
    expect(answers).toHaveLength(12);
    const counters = await client.control<Counters>('/counters', undefined, 'GET');
    // Without the hold, every request waiting meanwhile would have met a 429 too.
    expect(counters.byStatus['429'] ?? 0).toBeLessThanOrEqual(4);
    limiter.close();
  }, 30_000);

  it('meets no 429 when the first window’s requests reach the school late', async () => {
    // 10 reads per second on both sides. The first ten requests leave 300 ms after their
    // turn (a stalled event loop at sign-in, or a school slow to read them): the school's
    // window then starts 300 ms after ours, and a limiter that counted its window from the
    // turns sent the eleventh into the school's first window.
    const reads = 10;
    const windowMs = 1_000;
    client = await startClientHarness({ rateLimit: { reads, writes: 10 }, rateWindowMs: windowMs });
    const limiter = new RateLimiter({ reads, windowMs, marginMs: 50 });
    let turns = 0;
    const api = new PlatformClient({
      apiBaseUrl: client.apiBaseUrl,
      transport: limiter.wrap(async (url, init) => {
        turns += 1;
        if (turns <= reads) await new Promise((resolve) => setTimeout(resolve, 300));
        return client!.transport(url, init);
      }),
      retry: { maxRetries: 6 },
    });
    await Promise.all(
      Array.from({ length: 2 * reads + 5 }, (_, i) =>
        api.page('students', { page: i + 1, perPage: 1 }),
      ),
    );
    const counters = await client.control<Counters>('/counters', undefined, 'GET');
    expect(counters.byStatus['429'] ?? 0).toBe(0);
    limiter.close();
  }, 30_000);

  it('keeps a request’s permit for the window when the request is given up on the way', async () => {
    const limiter = new RateLimiter({ reads: 2, windowMs: 60_000 });
    const sent: string[] = [];
    const transport = limiter.wrap((url, init) => {
      sent.push(url.pathname);
      // "/slow" never answers: only its signal ends it.
      if (url.pathname !== '/slow') return Promise.resolve(new Response('{}'));
      return new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new Error('given up'))),
      );
    });
    const get = (path: string, signal?: AbortSignal) =>
      transport(new URL(`http://127.0.0.1${path}`), {
        method: 'GET',
        headers: new Headers(),
        ...(signal ? { signal } : {}),
      });
    await get('/a');
    const giveUp = new AbortController();
    const slow = get('/slow', giveUp.signal);
    await expect.poll(() => sent).toEqual(['/a', '/slow']);
    giveUp.abort();
    await expect(slow).rejects.toBeDefined();
    // It may have reached the school: the window's two permits stay taken.
    const third = get('/c');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent).toEqual(['/a', '/slow']);
    limiter.close();
    await expect(third).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects what still waits when closed', async () => {
    const limiter = new RateLimiter({ reads: 1, windowMs: 60_000 });
    let sent = 0;
    const transport = limiter.wrap(() => {
      sent += 1;
      return Promise.resolve(new Response('{}'));
    });
    const init = { method: 'GET', headers: new Headers() };
    await transport(new URL('http://127.0.0.1/a'), init);
    const waiting = transport(new URL('http://127.0.0.1/b'), init);
    limiter.close();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(sent).toBe(1);
  });
});
