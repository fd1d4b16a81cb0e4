import type { Clock, LogSink } from '../adapters';
import { isNoAnswer } from '../platform/errors';
import type { ApiTransport } from '../platform/retry';

/**
 * Whether a school answers, learned from its own answers: a request that got no answer (a
 * refused or dropped connection, a deadline that passed) or a 5xx marks it unreachable; any
 * other answer, even a 401 or a 404, marks it online. While unreachable, a probe runs with
 * backoff and brings it back. The host's online flag (navigator.onLine, net.isOnline) is a
 * hint only: it can say "online" behind a captive portal and "offline" on a working VPN.
 */

/** What the status shows of a school's reachability (fields of SyncStatus). */
export type ReachabilityState = {
  reachability: 'online' | 'unreachable';
  /** Unix ms of the next probe while unreachable. */
  retryAt?: number;
  /** The host's hint: false means the computer has no network at all. */
  networkHint: boolean;
};

/** The host's own view of the network (navigator.onLine / Electron net.isOnline). */
export type NetworkHint = {
  online(): boolean;
  /** Calls `listener` when the host's view changes; answers the unsubscribe function. */
  onChange(listener: (online: boolean) => void): () => void;
};

/** Timers, injectable so a test can drive the backoff; setTimeout/clearTimeout by default. */
export type Timers = {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export const systemTimers: Timers = {
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    // A pending probe or sync timer must not keep a closing process alive.
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type ReachabilityOptions = {
  /**
   * One cheap request to the school (e.g. a one-row list at background priority). It should
   * go through `reportingTransport` too; what it throws decides the next step either way.
   */
  probe: (signal: AbortSignal) => Promise<unknown>;
  hint?: NetworkHint;
  clock?: Clock;
  timers?: Timers;
  /** First wait before a probe; doubles after each failed probe up to `maxRetryMs`. */
  firstRetryMs?: number;
  maxRetryMs?: number;
  log?: LogSink;
};

/** A 5xx counts as "not answering": the school is there but cannot serve. */
function isServerFailure(error: unknown): boolean {
  const named = error as { code?: unknown; status?: unknown } | null;
  return (
    named?.code === 'server_error' || (typeof named?.status === 'number' && named.status >= 500)
  );
}

/** One school's reachability; `report` feeds it, `subscribe` tells the sync and the status. */
export class Reachability {
  private current: ReachabilityState;
  private readonly listeners = new Set<(state: ReachabilityState) => void>();
  private readonly clock: Clock;
  private readonly timers: Timers;
  private readonly firstRetryMs: number;
  private readonly maxRetryMs: number;
  private nextDelayMs: number;
  private timer: unknown;
  private probing: AbortController | undefined;
  private readonly unhint: () => void;
  private closed = false;

  constructor(private readonly options: ReachabilityOptions) {
    this.clock = options.clock ?? { now: Date.now };
    this.timers = options.timers ?? systemTimers;
    this.firstRetryMs = options.firstRetryMs ?? 2_000;
    this.maxRetryMs = options.maxRetryMs ?? 60_000;
    this.nextDelayMs = this.firstRetryMs;
    // Optimistic at start: the first request tells.
    this.current = { reachability: 'online', networkHint: options.hint?.online() ?? true };
    this.unhint = options.hint?.onChange((online) => this.hinted(online)) ?? (() => undefined);
  }

  get state(): ReachabilityState {
    return this.current;
  }

  isReachable(): boolean {
    return this.current.reachability === 'online';
  }

  /** Calls `listener` on every change; answers the unsubscribe function. */
  subscribe(listener: (state: ReachabilityState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** What one request learned: the school answered, or it did not. */
  report(outcome: 'answered' | 'no_answer'): void {
    if (this.closed) return;
    if (outcome === 'answered') this.markOnline();
    else this.markUnreachable();
  }

  /** Probes now (e.g. "Sync now" while unreachable), without waiting for the backoff. */
  probeNow(): void {
    if (this.closed || this.isReachable() || this.probing) return;
    this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    void this.probe();
  }

  /** Stops the probe and the hint; reports after this are ignored. */
  close(): void {
    this.closed = true;
    this.timers.clearTimeout(this.timer);
    this.probing?.abort();
    this.unhint();
    this.listeners.clear();
  }

  private markOnline(): void {
    this.nextDelayMs = this.firstRetryMs;
    if (this.isReachable()) return;
    this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.set({ reachability: 'online', networkHint: this.current.networkHint });
    this.options.log?.info('sync: the school answers again');
  }

  private markUnreachable(): void {
    // Already waiting for a probe: keep its schedule rather than restart the backoff.
    if (!this.isReachable()) return;
    this.options.log?.warn('sync: the school does not answer; probing with backoff');
    this.schedule(this.firstRetryMs);
  }

  private schedule(delayMs: number): void {
    this.nextDelayMs = Math.min(this.maxRetryMs, delayMs * 2);
    this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      void this.probe();
    }, delayMs);
    this.set({
      reachability: 'unreachable',
      retryAt: this.clock.now() + delayMs,
      networkHint: this.current.networkHint,
    });
  }

  private async probe(): Promise<void> {
    const controller = new AbortController();
    this.probing = controller;
    let answered: boolean;
    try {
      await this.options.probe(controller.signal);
      answered = true;
    } catch (error) {
      // Any answer, even a refusal (401, 403, 404), shows the school is there.
      answered = !isNoAnswer(error) && !isServerFailure(error);
    } finally {
      this.probing = undefined;
    }
    if (this.closed || controller.signal.aborted) return;
    if (answered) this.markOnline();
    // An answer that came meanwhile (another request) may have brought it back already.
    else if (!this.isReachable()) this.schedule(this.nextDelayMs);
  }

  private hinted(online: boolean): void {
    if (this.closed || online === this.current.networkHint) return;
    this.set({ ...this.current, networkHint: online });
    // Back on a network: ask the school now instead of waiting out the backoff. Going
    // offline changes nothing else: only the school's own silence marks it unreachable.
    if (online && !this.isReachable()) {
      this.nextDelayMs = this.firstRetryMs;
      this.probeNow();
    }
  }

  private set(state: ReachabilityState): void {
    this.current = state;
    for (const listener of [...this.listeners]) listener(state);
  }
}

/**
 * A transport that tells `reachability` what each request learned: an answer below 500
 * marks the school online; a 5xx, or no answer at all, marks it unreachable. A request the
 * caller cancelled tells nothing.
 */
export function reportingTransport(
  transport: ApiTransport,
  reachability: Pick<Reachability, 'report'>,
): ApiTransport {
  return async (url, init) => {
    let response: Response;
    try {
      response = await transport(url, init);
    } catch (error) {
      if (isNoAnswer(error, init.signal)) reachability.report('no_answer');
      throw error;
    }
    reachability.report(response.status >= 500 ? 'no_answer' : 'answered');
    return response;
  };
}
