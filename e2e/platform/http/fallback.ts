import type Router from '@koa/router';
import { ApiError } from './errors';

/** Name of the catch-all route, so counters and the 405 check can skip it. */
export const FALLBACK_ROUTE = 'api-fallback';

/**
 * Mounts, last, a catch-all under the router's prefix: an unknown path answers 404 JSON and a
 * known path with the wrong method 405 with `Allow`, never Koa's plain-text 404.
 */
export function mountFallback(router: Router): void {
  router.all(FALLBACK_ROUTE, '/{*rest}', (ctx) => {
    const allowed = new Set<string>();
    for (const layer of router.stack) {
      if (layer.name !== FALLBACK_ROUTE && layer.methods.length > 0 && layer.match(ctx.path)) {
        for (const method of layer.methods) allowed.add(method);
      }
    }
    if (allowed.size > 0) {
      throw new ApiError(405, 'method_not_allowed', `${ctx.method} is not allowed here.`, {
        headers: { Allow: [...allowed].join(', ') },
      });
    }
    throw new ApiError(404, 'not_found', 'No such endpoint.');
  });
}
