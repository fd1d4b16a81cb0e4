import PQueue from 'p-queue';
import { parseRetryAfter, type ApiRequestInit, type ApiTransport } from '../platform/retry';

/**
 * A school's client-side rate limit, so the app stays inside the platform's own (600 reads
 * and 200 writes a minute per client; beyond that 429) and the screen's reads go before
 * background sync. Built on p-queue's strict (sliding window) mode: no more requests start
 * in any window than the limit allows, which is also safe against a server that counts fixed
 * windows starting at any moment.
 */

/** How fast and how wide one school's requests may go. */
export type RateLimits = {
  /** Reads (GET, HEAD) that may start in any one window; null: no pacing of reads. */
  reads: number | null;
  /** Writes (every other method) that may start in any one window; null: no pacing. */
  writes: number | null;
  /** The platform's window, in ms (a minute). */
  windowMs: number;
  /**
   * Added to the window on our side. The server counts a request when it arrives, so two
   * requests sent exactly one window apart can land inside one window when the first was
   * slower on the way; the margin absorbs that difference in transit time.
   */
  marginMs: number;
  /**
   * Requests of one kind in flight at once. Eight, so a school always has the next pages of
   * a sync to work on while the app stores one (with four, a first sync of 100,000 students
   * took ~5% longer); a sync walks that many pages at once (DEFAULT_PULL).
   */
  concurrency: number;
};

/** The platform's limits (NOTES.md: 600 reads and 200 writes per minute per client). */
export const PLATFORM_RATE_LIMITS: Readonly<RateLimits> = {
  reads: 600,
  writes: 200,
  windowMs: 60_000,
  marginMs: 1_000,
  concurrency: 8,
};

type Kind = 'reads' | 'writes';

/** Screen requests first; p-queue runs higher numbers first. */
const PRIORITY = { screen: 1, background: 0 } as const;

/** What the limiter has waiting and running, for status and tests. */
export type LimiterLoad = { queued: number; running: number; heldUntil: number | undefined };

/**
 * One school's limiter. `wrap` puts it in front of the school's transport; every request of
 * that school (screen, sync, long operations) must go through the same instance.
 */
export class RateLimiter {
  private readonly queues: Record<Kind, PQueue>;
  private readonly held: Record<Kind, { until: number; timer?: ReturnType<typeof setTimeout> }> = {
    reads: { until: 0 },
    writes: { until: 0 },
  };
  private readonly closing = new AbortController();
  readonly limits: Readonly<RateLimits>;

  constructor(
    limits: Partial<RateLimits> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.limits = { ...PLATFORM_RATE_LIMITS, ...limits };
    const queue = (cap: number | null) =>
      new PQueue({
        concurrency: Math.max(1, this.limits.concurrency),
        ...(cap === null
          ? {}
          : {
              intervalCap: Math.max(1, cap),
              interval: this.limits.windowMs + this.limits.marginMs,
              strict: true,
            }),
      });
    this.queues = { reads: queue(this.limits.reads), writes: queue(this.limits.writes) };
  }

  /**
   * A transport that waits for its turn before sending through `transport`. A request whose
   * signal aborts while it waits leaves the queue at once (the abort reason is thrown).
   * A 429 that still comes back holds that kind's queue until its Retry-After has passed:
   * the retry layer (sendWithRetry) waits the same time and sends again, and everything else
   * waits too instead of meeting 429 after 429.
   */
  wrap(transport: ApiTransport): ApiTransport {
    return async (url: URL, init: ApiRequestInit) => {
      const kind = kindOf(init.method);
      const signal = init.signal
        ? AbortSignal.any([init.signal, this.closing.signal])
        : this.closing.signal;
      const response = await this.queues[kind].add(
        async () => {
          const answer = await transport(url, init);
          if (answer.status === 429) {
            const wait = parseRetryAfter(answer.headers.get('Retry-After'), this.now());
            // No Retry-After: hold for a whole window, the longest the server can mean.
            this.hold(kind, wait ?? this.limits.windowMs);
          }
          return answer;
        },
        { priority: PRIORITY[init.priority ?? 'screen'], signal },
      );
      return response;
    };
  }

  /** What waits and runs now, per kind. */
  load(kind: Kind): LimiterLoad {
    const queue = this.queues[kind];
    const until = this.held[kind].until;
    return {
      queued: queue.size,
      running: queue.pending,
      heldUntil: until > this.now() ? until : undefined,
    };
  }

  /** Rejects everything still waiting (with an AbortError) and stops the hold timers. */
  close(): void {
    this.closing.abort(new DOMException('The rate limiter was closed.', 'AbortError'));
    for (const kind of ['reads', 'writes'] as const) clearTimeout(this.held[kind].timer);
  }

  /** Starts nothing of `kind` for `ms` from now (extends an earlier hold, never shortens it). */
  private hold(kind: Kind, ms: number): void {
    const until = this.now() + ms;
    const held = this.held[kind];
    if (until <= held.until) return;
    held.until = until;
    clearTimeout(held.timer);
    this.queues[kind].pause();
    held.timer = setTimeout(() => {
      held.timer = undefined;
      this.queues[kind].start();
    }, ms);
    held.timer.unref?.();
  }
}

/** Reads are the safe methods (as the platform counts them); everything else is a write. */
function kindOf(method: string): Kind {
  const upper = method.toUpperCase();
  return upper === 'GET' || upper === 'HEAD' || upper === 'OPTIONS' ? 'reads' : 'writes';
}

/**
 * A transport whose requests all wait behind the screen's: sync builds its PlatformClient
 * on `withPriority(limited, 'background')`.
 */
export function withPriority(
  transport: ApiTransport,
  priority: NonNullable<ApiRequestInit['priority']>,
): ApiTransport {
  return (url, init) => transport(url, { ...init, priority });
}
