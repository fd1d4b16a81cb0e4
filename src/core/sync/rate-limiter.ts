import PQueue from 'p-queue';
import { parseRetryAfter, type ApiRequestInit, type ApiTransport } from '../platform/retry';

/**
 * A school's client-side rate limit, so the app stays inside the platform's own (600 reads
 * and 200 writes a minute per client; beyond that 429) and the screen's reads go before
 * background sync. Built on p-queue: one queue hands out the window's permits (600 reads),
 * another runs the requests (eight at once), both in priority order.
 *
 * A permit comes back a window after its request ended, not after its start. The school
 * counts a request when it arrives, which is after we send it and before its answer, however
 * long the way there took (a stalled event loop, a school slow to read). So a request started
 * on a returned permit arrives more than a window after the one that held it, and only the
 * requests whose permits are still held can share a window of the school's with it: never
 * more than the limit, whether the school counts fixed windows from any moment or a sliding
 * one.
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
   * Added to the window on our side: a request's arrival is before its answer, so no transit
   * time needs covering, only the school's clock and ours not ticking exactly alike.
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
  marginMs: 200,
  concurrency: 8,
};

type Kind = 'reads' | 'writes';

/** Screen requests first; p-queue runs higher numbers first. */
const PRIORITY = { screen: 1, background: 0 } as const;

/** One kind's queues: the window's permits (none when unpaced), then the requests running. */
type Lane = { permits: PQueue | undefined; sending: PQueue };

/**
 * One school's limiter. `wrap` puts it in front of the school's transport; every request of
 * that school (screen, sync, long operations) must go through the same instance.
 */
export class RateLimiter {
  private readonly lanes: Record<Kind, Lane>;
  private readonly held: Record<Kind, { until: number; timer?: ReturnType<typeof setTimeout> }> = {
    reads: { until: 0 },
    writes: { until: 0 },
  };
  private readonly closing = new AbortController();
  /** The permits waiting out their window, woken at once by `close`. */
  private readonly sleepers = new Set<() => void>();
  readonly limits: Readonly<RateLimits>;

  constructor(
    limits: Partial<RateLimits> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.limits = { ...PLATFORM_RATE_LIMITS, ...limits };
    const lane = (cap: number | null): Lane => ({
      permits: cap === null ? undefined : new PQueue({ concurrency: Math.max(1, cap) }),
      sending: new PQueue({ concurrency: Math.max(1, this.limits.concurrency) }),
    });
    this.lanes = { reads: lane(this.limits.reads), writes: lane(this.limits.writes) };
  }

  /**
   * A transport that waits for its turn before sending through `transport`. A request whose
   * signal aborts while it waits leaves the queue at once (the abort reason is thrown).
   * A 429 that still comes back holds that kind's queue until its Retry-After has passed:
   * the retry layer (sendWithRetry) waits the same time and sends again, and everything else
   * waits too instead of meeting 429 after 429.
   */
  wrap(transport: ApiTransport): ApiTransport {
    return (url: URL, init: ApiRequestInit) => {
      const kind = kindOf(init.method);
      const signal = init.signal
        ? AbortSignal.any([init.signal, this.closing.signal])
        : this.closing.signal;
      const priority = PRIORITY[init.priority ?? 'screen'];
      const send = (sent: () => void) =>
        this.lanes[kind].sending.add(
          async () => {
            sent();
            const answer = await transport(url, init);
            if (answer.status === 429) {
              const wait = parseRetryAfter(answer.headers.get('Retry-After'), this.now());
              // No Retry-After: hold for a whole window, the longest the server can mean.
              this.hold(kind, wait ?? this.limits.windowMs);
            }
            return answer;
          },
          { priority, signal },
        );
      const permits = this.lanes[kind].permits;
      return permits ? this.withPermit(permits, send, { priority, signal }) : send(() => {});
    };
  }

  /**
   * Runs `send` holding one of the window's permits. The permit comes back a window after the
   * request ended, answered or not; at once when it never left (aborted or closed while it
   * waited its turn). The request's own signal ends only the wait for a permit: a permit
   * held is kept for its window whatever happens to the request. (A request given up on may
   * still reach a school slow to read it later than that; a 429 then holds the queue.)
   */
  private withPermit(
    permits: PQueue,
    send: (sent: () => void) => Promise<Response>,
    options: { priority: number; signal: AbortSignal },
  ): Promise<Response> {
    const { priority, signal } = options;
    const waiting = new AbortController();
    const stopWaiting = () => waiting.abort(signal.reason);
    signal.addEventListener('abort', stopWaiting, { once: true });
    if (signal.aborted) stopWaiting();
    return new Promise<Response>((resolve, reject) => {
      permits
        .add(
          async () => {
            signal.removeEventListener('abort', stopWaiting);
            let left = false;
            await send(() => (left = true)).then(resolve, reject);
            if (left) await this.sleep(this.limits.windowMs + this.limits.marginMs);
          },
          { priority, signal: waiting.signal },
        )
        .catch(reject);
    });
  }

  /** Resolves after `ms`, or at once when the limiter is closed. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.closing.signal.aborted) return resolve();
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      timer.unref?.();
      this.sleepers.add(wake);
    });
  }

  /** Rejects everything still waiting (with an AbortError) and stops the hold timers. */
  close(): void {
    this.closing.abort(new DOMException('The rate limiter was closed.', 'AbortError'));
    for (const wake of [...this.sleepers]) wake();
    for (const kind of ['reads', 'writes'] as const) clearTimeout(this.held[kind].timer);
  }

  /** Starts nothing of `kind` for `ms` from now (extends an earlier hold, never shortens it). */
  private hold(kind: Kind, ms: number): void {
    const until = this.now() + ms;
    const held = this.held[kind];
    if (until <= held.until) return;
    held.until = until;
    clearTimeout(held.timer);
    const { sending } = this.lanes[kind];
    sending.pause();
    held.timer = setTimeout(() => {
      held.timer = undefined;
      sending.start();
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
