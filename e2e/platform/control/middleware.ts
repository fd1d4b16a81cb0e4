import { setTimeout as sleep } from 'node:timers/promises';
import type { Context, Next } from 'koa';
import { errorUri } from '../api/auth-context';
import { answerShapeMiddleware } from './answer-shape';
import type { ControlState } from './state';

/** The prefix of the control API; its own requests are never delayed, failed or counted. */
export const CONTROL_PREFIX = '/__control';

function isControlPath(path: string): boolean {
  return path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`);
}

/** Requests whose socket the fault middleware destroyed, so the counter can say `dropped`. */
const droppedRequests = new WeakSet<Context>();

/**
 * Injects latency and faults into every non-control request, as the control API set them.
 * A `drop` destroys the socket without an answer, as a dead connection or proxy would.
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
    const fault = state.nextFault(ctx.path);
    if (fault === 'drop') {
      droppedRequests.add(ctx);
      ctx.respond = false;
      ctx.req.socket.destroy();
      return;
    }
    if (fault) {
      const code = fault === '503' ? 'temporarily_unavailable' : 'server_error';
      ctx.status = Number(fault);
      if (fault === '503') ctx.set('Retry-After', '1');
      ctx.body = {
        error: code,
        error_description: 'Fault injected by the control API.',
        error_uri: errorUri(ctx.origin, code),
      };
      return;
    }
    await next();
  };
}

function statusOfError(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 500;
}

/** Counts every non-control request by `METHOD route` and final status. */
export function countingMiddleware(state: ControlState) {
  return async function countRequests(ctx: Context, next: Next): Promise<void> {
    if (isControlPath(ctx.path)) {
      await next();
      return;
    }
    let status = '500';
    try {
      await next();
      status = droppedRequests.has(ctx) ? 'dropped' : String(ctx.status);
    } catch (error) {
      status = String(statusOfError(error));
      throw error;
    } finally {
      state.counters.record(ctx.method, state.routeOf(ctx.method, ctx.path), status);
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
