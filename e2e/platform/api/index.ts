import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { Context, Next } from 'koa';
import type { PlatformDatabase } from '../db/database';
import type { ControlState } from '../http/control-state';
import { mountCrud } from './crud';
import { mountCurriculum } from './curriculum';
import { findRecordBy } from './entity';
import { mountEnrollments } from './enrollments';
import { ApiError, bodyParseError, errorBoundary } from '../http/errors';
import { mountFallback } from '../http/fallback';
import { idempotencyMiddleware } from './idempotency';
import { rateLimitMiddleware } from '../http/rate-limit';
import { RESOURCES } from './resources';
import { students } from './students';

export { buildOpenApiDocument } from './openapi';

/** What the business API is built from. */
export type BusinessApiDeps = {
  db: PlatformDatabase;
  control: ControlState;
  /** The school's base (its resource identifier): the API lives at `${baseUrl}/api/v1`. */
  baseUrl: string;
  /** The router's path prefix (default `/api/v1`; a second school's is below its path). */
  prefix?: string;
};

/** Bodies are JSON; anything else with a body is refused before it reaches a handler. */
async function requireJsonBody(ctx: Context, next: Next): Promise<void> {
  const hasBody = Number(ctx.get('Content-Length') || 0) > 0 || ctx.get('Transfer-Encoding') !== '';
  if (
    hasBody &&
    ['POST', 'PUT', 'PATCH'].includes(ctx.method) &&
    !ctx.is('application/json', '+json')
  ) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the body as application/json.');
  }
  await next();
}

/**
 * The REST business API under `/api/v1` (courses, students with enrollments, coupons, pages).
 *
 * Mount it after the bearer middleware (which sets `ctx.state.auth`). Its own middleware, in
 * order: JSON error bodies, rate limit, JSON body parsing, Idempotency-Key. Unknown paths
 * under the prefix answer 404 JSON and wrong methods 405 with `Allow`.
 */
export function createBusinessApi({
  db,
  control,
  baseUrl,
  prefix = '/api/v1',
}: BusinessApiDeps): Router {
  const router = new Router({ prefix });
  router.use(errorBoundary(baseUrl));
  router.use(rateLimitMiddleware(control.rateLimiter));
  router.use(requireJsonBody);
  router.use(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: '1mb',
      encoding: 'utf-8',
      onError: bodyParseError,
    }),
  );
  router.use(idempotencyMiddleware(db));

  const deps = { db, baseUrl };
  for (const def of RESOURCES) {
    // A student created with an e-mail already on file answers that student (200), as the platform does.
    mountCrud(
      router,
      def,
      deps,
      def === students
        ? (input) => findRecordBy(db, students, 'email', String(input.email))
        : undefined,
    );
  }
  mountEnrollments(router, deps);
  mountCurriculum(router, deps);

  mountFallback(router);
  control.registerRoutes(router);
  return router;
}
