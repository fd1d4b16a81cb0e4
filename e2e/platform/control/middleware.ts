import { setTimeout as sleep } from 'node:timers/promises';
import type { Context, Next } from 'koa';
import { errorUri } from '../http/auth-context';
import { kindOf } from '../http/rate-limit';
import { answerShapeMiddleware } from './answer-shape';
import type { ControlState } from '../http/control-state';

/** The prefix of the control API; its own requests are never delayed, failed or counted. */
export const CONTROL_PREFIX = '/__control';

function isControlPath(path: string): boolean {
  return path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`);
}

/** Requests whose socket an injected `drop` destroyed before the handler ran. */
const droppedRequests = new WeakSet<Context>();
/** Requests an injected `drop-after` let run, then left without their answer. */
const droppedAfterRequests = new WeakSet<Context>();

/**
 * Injects latency and faults into every non-control request, as the control API set them.
 * A `drop` destroys the socket without an answer, as a dead connection or proxy would; a
 * `drop-after` does so once the handler has run, so the write stands but its answer is lost.
 * Mount it after `countingMiddleware` so injected faults are counted too (or use
 * `controlMiddleware`, which composes both in that order).
 */
export function faultMiddleware(state: ControlState) {
  return async function injectFaults(ctx: Context, next: Next): Promise<void> {
    if (isControlPath(ctx.path)) {
      await next();
      return;
    }
    const delay = state.latencyFor(ctx.path);
    if (delay > 0) await sleep(delay);
    const fault = state.nextFault(ctx.path, ctx.method);
    if (fault === undefined) {
      await next();
    } else if (fault === 'drop') {
      droppedRequests.add(ctx);
      ctx.respond = false;
      ctx.req.socket.destroy();
    } else if (fault === 'drop-after') {
      droppedAfterRequests.add(ctx);
      await runThenDrop(ctx, next);
    } else if (fault === 'drip') {
      await next();
      drip(ctx);
    } else {
      answerFault(ctx, fault, state);
    }
  };
}

/**
 * Runs the rest of the chain (the write is applied, an Idempotency-Key result stored), then
 * destroys the socket instead of answering. Koa sends its answer only after the middleware
 * unwinds, so `respond = false` suppresses it; handlers that write to the response themselves
 * (oidc-provider's) meet a response whose first write destroys the socket instead.
 */
async function runThenDrop(ctx: Context, next: Next): Promise<void> {
  const { res } = ctx;
  const drop = () => ctx.req.socket.destroy();
  res.write = (() => {
    drop();
    return false;
  }) as typeof res.write;
  res.end = (() => {
    drop();
    return res;
  }) as typeof res.end;
  try {
    await next();
  } finally {
    ctx.respond = false;
    drop();
  }
}

/** How often a dripping answer sends its next byte. */
const DRIP_INTERVAL_MS = 500;

/**
 * Sends the answer the handler made as a school on a bad line would: status and headers at
 * once, then the body one byte every DRIP_INTERVAL_MS, until it is all sent or the client
 * hangs up. Koa's own answer is suppressed (`respond = false`).
 */
function drip(ctx: Context): void {
  const { body } = ctx;
  const bytes = Buffer.isBuffer(body)
    ? body
    : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body ?? ''));
  ctx.respond = false;
  const { res } = ctx;
  res.writeHead(ctx.status, { ...ctx.response.headers, 'content-length': bytes.length });
  let sent = 0;
  const timer = setInterval(() => {
    if (res.destroyed || sent >= bytes.length) {
      clearInterval(timer);
      if (!res.destroyed) res.end();
      return;
    }
    res.write(bytes.subarray(sent, sent + 1));
    sent += 1;
  }, DRIP_INTERVAL_MS);
  res.once('close', () => clearInterval(timer));
}

/** The error code and wait (Retry-After, s) of each answered fault. */
const ANSWERED_FAULTS = {
  '500': { code: 'server_error', retryAfter: undefined },
  '503': { code: 'temporarily_unavailable', retryAfter: 1 },
  // The code and wait the rate limiter answers with (rate-limit.ts), at its shortest.
  '429': { code: 'rate_limited', retryAfter: 1 },
} as const;

/** Answers an injected 500, 503 or 429 with the business API's error body; nothing is applied. */
function answerFault(ctx: Context, fault: keyof typeof ANSWERED_FAULTS, state: ControlState): void {
  const { code, retryAfter } = ANSWERED_FAULTS[fault];
  const limits = state.rateLimiter.current;
  if (fault === '429' && limits) {
    // The limiter's own headers, as on its real 429.
    const limit = limits[kindOf(ctx.method)];
    ctx.set('RateLimit-Limit', String(limit));
    ctx.set('RateLimit-Remaining', '0');
    ctx.set('RateLimit-Reset', String(retryAfter));
    ctx.set('RateLimit-Policy', `${limit};w=${Math.ceil(state.rateLimiter.windowMs / 1000)}`);
  }
  if (retryAfter !== undefined) ctx.set('Retry-After', String(retryAfter));
  ctx.status = Number(fault);
  ctx.body = {
    error: code,
    error_description:
      fault === '429'
        ? `Too many requests (fault injected by the control API). Retry after ${retryAfter} s.`
        : 'Fault injected by the control API.',
    error_uri: errorUri(ctx.origin, code),
  };
}

function statusOfError(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 500;
}

/**
 * The status a request is counted under: its code, `dropped` for a `drop`, and for a
 * `drop-after` `dropped-after` when the handler succeeded (the write stands) or
 * `dropped-after-<code>` when it failed (nothing was applied).
 */
function countedStatus(ctx: Context, status: number): string {
  if (droppedRequests.has(ctx)) return 'dropped';
  if (!droppedAfterRequests.has(ctx)) return String(status);
  return status >= 200 && status < 300 ? 'dropped-after' : `dropped-after-${status}`;
}

/**
 * Counts every non-control request by `METHOD route` and final status (see
 * `RequestCounters` for the statuses of injected drops), and which answers were replayed.
 */
export function countingMiddleware(state: ControlState) {
  return async function countRequests(ctx: Context, next: Next): Promise<void> {
    if (isControlPath(ctx.path)) {
      await next();
      return;
    }
    let status = '500';
    try {
      await next();
      status = countedStatus(ctx, ctx.status);
    } catch (error) {
      status = countedStatus(ctx, statusOfError(error));
      throw error;
    } finally {
      const replayed = ctx.response.get('Idempotent-Replayed') === 'true';
      state.counters.record(ctx.method, state.routeOf(ctx.method, ctx.path), status, replayed);
    }
  };
}

/**
 * Counting, then latency and faults (the order that counts faults), then the shape of record
 * answers (so an injected fault is never reshaped).
 */
export function controlMiddleware(state: ControlState) {
  const count = countingMiddleware(state);
  const inject = faultMiddleware(state);
  const shape = answerShapeMiddleware(state);
  return function control(ctx: Context, next: Next): Promise<void> {
    return count(ctx, () => inject(ctx, () => shape(ctx, next)));
  };
}
