import { join } from 'node:path';
import Router from '@koa/router';
import type { Middleware } from 'koa';
import type Provider from 'oidc-provider';
import { bearerAuth } from './api/bearer';
import { buildOpenApiDocument, createBusinessApi } from './api/index';
import type { ControlState } from './http/control-state';
import { PlatformDatabase } from './db/database';
import { createBusinessSchema } from './db/schema';
import { seedBusinessData } from './seed';
import { protectedResourceMetadata } from './oauth/metadata';
import { resourceMetadataUrl, type SchoolInfo } from './schools';
import type { PlatformOptions } from './types';

/** One school as served: its documents and its business API. */
export type SchoolSite = {
  info: SchoolInfo;
  /** Serves the school's paths (see createSchoolSite) and passes every other request on. */
  handle: Middleware;
};

/** Runs `middleware` in order as one, the way Koa runs `app.use` middleware. */
export function chain(middleware: readonly Middleware[]): Middleware {
  return (ctx, next) => {
    const run = async (index: number): Promise<void> => {
      const current = middleware[index];
      if (current) await current(ctx, () => run(index + 1));
      else await next();
    };
    return run(0);
  };
}

/**
 * A router's routes and its 405 answers as plain middleware. The router's types ask for a
 * context that already has `params` and `router`, which the router itself sets.
 */
function routerMiddleware(router: Router): Middleware {
  return chain([router.routes() as Middleware, router.allowedMethods() as Middleware]);
}

/**
 * The paths of one school, all derived from its resource: the RFC 9728 metadata
 * (`/.well-known/oauth-protected-resource` plus the school's path), `<school>/openapi.json`,
 * and the business API under `<school>/api/v1`, behind a bearer check that takes only tokens
 * whose audience is this school's resource.
 */
export function createSchoolSite(parts: {
  info: SchoolInfo;
  issuer: string;
  db: PlatformDatabase;
  provider: Provider;
  control: ControlState;
}): SchoolSite {
  const { info, issuer, db, provider, control } = parts;
  const docs = new Router();
  docs.get(new URL(resourceMetadataUrl(info.resource)).pathname, (ctx) => {
    ctx.body = protectedResourceMetadata(info, issuer);
  });
  docs.get(`${info.pathPrefix}/openapi.json`, (ctx) => {
    ctx.body = buildOpenApiDocument(info.resource, issuer);
  });

  const apiPrefix = `${info.pathPrefix}/api/v1`;
  const bearer = bearerAuth(provider, info.resource);
  const api = createBusinessApi({ db, control, baseUrl: info.resource, prefix: apiPrefix });
  const apiChain = chain([bearer, routerMiddleware(api)]);
  const apiPart: Middleware = async (ctx, next) => {
    if (ctx.path === apiPrefix || ctx.path.startsWith(`${apiPrefix}/`)) await apiChain(ctx, next);
    else await next();
  };
  return { info, handle: chain([routerMiddleware(docs), apiPart]) };
}

/**
 * Opens the second school's own database (`<dataDir>/schools/second`), seeding it on first
 * use with the demo data of the next seed, so its records are its own and a change in one
 * school never shows in the other.
 */
export async function openSecondSchoolDatabase(
  dataDir: string,
  options: Pick<PlatformOptions, 'students' | 'seed'>,
): Promise<PlatformDatabase> {
  const db = await PlatformDatabase.open(join(dataDir, 'schools', 'second'));
  createBusinessSchema(db);
  if (db.isNew) seedBusinessData(db, { students: options.students, seed: options.seed + 1 });
  db.flush();
  return db;
}
