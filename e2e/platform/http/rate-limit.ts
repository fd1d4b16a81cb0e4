import type { Context, Next } from 'koa';
import { authOf } from './auth-context';
import { ApiError } from './errors';

/** Requests per window for each kind; null turns limiting off. */
export type RateLimits = { reads: number; writes: number } | null;
export type RequestKind = 'reads' | 'writes';

/** The default length of one rate-limit window, as the platform's "per minute". */
export const WINDOW_MS = 60_000;

/** The outcome of counting one request. */
export type RateDecision = {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window of this caller resets (at least 1). */
  resetSeconds: number;
};

type Window = { startedAt: number; count: number };

/**
 * Fixed windows (one minute unless `windowMs` says otherwise, so tests of pacing need not
 * wait minutes) per caller and kind, started by the caller's first request.
 * Fixed windows (not sliding) make the behaviour exact and testable: the 201st write of a
 * minute is refused, and `Retry-After` says precisely when the next one will pass.
 * Only allowed requests are counted, so a client hammering through a 429 does not push its
 * own reset further away.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private limits: RateLimits,
    private readonly now: () => number = Date.now,
    /** Length of one window in ms. */
    readonly windowMs: number = WINDOW_MS,
  ) {}

  /** The limits in force. */
  get current(): RateLimits {
    return this.limits;
  }

  /** Changes the limits and starts every caller on a fresh window. */
  setLimits(limits: RateLimits): void {
    this.limits = limits;
    this.windows.clear();
  }

  /** Forgets every caller's count. */
  reset(): void {
    this.windows.clear();
  }

  /** Counts one request of `caller`, or refuses it; undefined when limiting is off. */
  take(caller: string, kind: RequestKind): RateDecision | undefined {
    if (!this.limits) return undefined;
    const limit = this.limits[kind];
    const now = this.now();
    const key = `${kind}:${caller}`;
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs) {
      if (this.windows.size > 10_000) this.prune(now);
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    const resetSeconds = Math.max(1, Math.ceil((window.startedAt + this.windowMs - now) / 1000));
    if (window.count >= limit) return { allowed: false, limit, remaining: 0, resetSeconds };
    window.count += 1;
    return { allowed: true, limit, remaining: limit - window.count, resetSeconds };
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= this.windowMs) this.windows.delete(key);
    }
  }
}

/** "a minute" for the platform's own window; a test's shorter window says its length. */
function per(windowMs: number): string {
  return windowMs === WINDOW_MS ? 'a minute' : `per ${windowMs / 1000} s`;
}

/** Reads are the safe methods; everything else counts against the write budget. */
export function kindOf(method: string): RequestKind {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? 'reads' : 'writes';
}

/**
 * Rate-limit middleware: per OAuth client, anonymous callers per remote address. Sends the
 * `RateLimit-*` headers of draft-ietf-httpapi-ratelimit-headers on every answer and 429 with
 * `Retry-After` beyond the limit.
 */
export function rateLimitMiddleware(limiter: RateLimiter) {
  return async function limitRate(ctx: Context, next: Next): Promise<void> {
    const auth = authOf(ctx);
    const caller = auth ? `client:${auth.clientId}` : `ip:${ctx.ip}`;
    const kind = kindOf(ctx.method);
    const decision = limiter.take(caller, kind);
    if (decision) {
      ctx.set('RateLimit-Limit', String(decision.limit));
      ctx.set('RateLimit-Remaining', String(decision.remaining));
      ctx.set('RateLimit-Reset', String(decision.resetSeconds));
      ctx.set('RateLimit-Policy', `${decision.limit};w=${Math.ceil(limiter.windowMs / 1000)}`);
      if (!decision.allowed) {
        throw new ApiError(
          429,
          'rate_limited',
          `Too many ${kind === 'reads' ? 'reads' : 'writes'}: at most ${decision.limit} ${per(limiter.windowMs)}. Retry after ${decision.resetSeconds} s.`,
          {
            headers: { 'Retry-After': String(decision.resetSeconds) },
          },
        );
      }
    }
    await next();
  };
}
