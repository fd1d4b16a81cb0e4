import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import Router from '@koa/router';
import type Provider from 'oidc-provider';
import { PlatformDatabase } from './db/database';
import { createBusinessSchema } from './db/schema';
import { seedBusinessData, type SeedSummary } from './seed';
import { createOidcSchema } from './oauth/adapter';
import { createOAuthProvider, OAUTH_PATHS } from './oauth/provider';
import { refuseUnadvertisedClientAuth } from './oauth/client-auth';
import { createInteractionRouter } from './oauth/interactions';
import { platformResponseShaping } from './oauth/metadata';
import { userinfoHandler } from './oauth/userinfo';
import { createTokenControl } from './oauth/token-control';
import { ControlState, controlMiddleware, createControlRouter } from './control/index';
import { CONTROL_PREFIX } from './control/middleware';
import { authWalkthrough } from './auth-md';
import { SchoolDirectory, firstSchool, secondSchool } from './schools';
import { chain, createSchoolSite, openSecondSchoolDatabase, type SchoolSite } from './school-site';
import type { PlatformOptions } from './types';

/** Defaults of the stand-in; the real platform's where NOTES.md gives them. */
export const DEFAULT_OPTIONS: PlatformOptions = {
  port: 0,
  students: 2000,
  seed: 1,
  longDescriptions: 0,
  bigCurriculum: 0,
  control: false,
  clientIdMetadataDocuments: false,
  accessTokenTtl: 7200,
  authorizationCodeTtl: 60,
  rateLimit: { reads: 600, writes: 200 },
  secondSchool: false,
};

/** A running stand-in platform. */
export type RunningPlatform = {
  url: string;
  port: number;
  dataDir: string;
  /** What was generated on this start; undefined when an existing data folder was opened. */
  seeded: SeedSummary | undefined;
  provider: Provider;
  /**
   * Serves the second school (`${url}/schools/second`) from now on, opening and seeding its
   * database on first use; resolves to its resource identifier. Already on with
   * `secondSchool: true`.
   */
  enableSecondSchool(): Promise<string>;
  /** Stops serving, saves the databases and removes a temporary data folder. */
  close(): Promise<void>;
};

/**
 * Starts the stand-in platform on 127.0.0.1. On a new data folder it creates the schema and
 * the deterministic demo data; on an existing one it picks up clients, tokens and records.
 */
export async function startPlatform(
  overrides: Partial<PlatformOptions> = {},
): Promise<RunningPlatform> {
  const options: PlatformOptions = { ...DEFAULT_OPTIONS, ...overrides };
  const temporary = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'schooldesk-platform-'));

  const db = await PlatformDatabase.open(dataDir);
  createOidcSchema(db);
  createBusinessSchema(db);
  const seeded = db.isNew
    ? seedBusinessData(db, {
        students: options.students,
        seed: options.seed,
        longDescriptions: options.longDescriptions,
        bigCurriculum: options.bigCurriculum,
      })
    : undefined;
  db.flush();

  const server = createServer({ keepAliveTimeout: 5000 });
  await listen(server, options.port);
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;

  const schools = new SchoolDirectory(firstSchool(url));
  const provider = createOAuthProvider(url, db, options, schools);
  provider.use(platformResponseShaping(url, schools));
  const control = new ControlState({
    rateLimit: options.rateLimit,
    rateWindowMs: options.rateWindowMs,
    documentedFieldsOnly: options.documentedFieldsOnly,
  });
  const sites: SchoolSite[] = [
    createSchoolSite({ info: schools.first, issuer: url, db, provider, control }),
  ];
  let second: Promise<{ db: PlatformDatabase }> | undefined;
  const enableSecondSchool = async (): Promise<string> => {
    const info = secondSchool(url);
    second ??= openSecondSchoolDatabase(dataDir, options).then((secondDb) => {
      sites.push(createSchoolSite({ info, issuer: url, db: secondDb, provider, control }));
      schools.add(info);
      return { db: secondDb };
    });
    await second;
    return info.resource;
  };
  if (options.secondSchool) await enableSecondSchool();

  const app = buildApp({ url, db, provider, control, options, schools, sites, enableSecondSchool });
  server.on('request', app.callback());

  return {
    url,
    port,
    dataDir,
    seeded,
    provider,
    enableSecondSchool,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      db.close();
      (await second?.catch(() => undefined))?.db.close();
      if (temporary) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type AppParts = {
  url: string;
  db: PlatformDatabase;
  provider: Provider;
  control: ControlState;
  options: PlatformOptions;
  schools: SchoolDirectory;
  /** The schools served, in order; the second is appended when it is turned on. */
  sites: readonly SchoolSite[];
  enableSecondSchool: () => Promise<string>;
};

function buildApp(parts: AppParts): Koa {
  const { url, db, provider, control, options, schools, sites, enableSecondSchool } = parts;
  const app = new Koa();
  app.silent = true;
  const controlRouter = options.control
    ? createControlRouter(control, {
        db,
        tokens: createTokenControl(provider, db, schools),
        enableSecondSchool,
      })
    : undefined;
  const isControl = (path: string) =>
    path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`);

  // Counters, latency and injected faults apply to everything but the control API itself.
  app.use(controlMiddleware(control));

  // The authorization server's own documents, shared by every school it serves.
  const site = new Router();
  site.get('/auth.md', (ctx) => {
    ctx.type = 'text/markdown; charset=utf-8';
    ctx.body = authWalkthrough(url);
  });
  site.get(OAUTH_PATHS.userinfo, userinfoHandler(provider, url, schools));
  site.post(OAUTH_PATHS.userinfo, userinfoHandler(provider, url, schools));
  app.use(site.routes());
  app.use(site.allowedMethods());

  const interactions = createInteractionRouter(provider);
  app.use(interactions.routes());

  // Each school's metadata, OpenAPI document and API; read per request, as a school may be
  // turned on while running.
  app.use(async (ctx, next) => {
    await chain(sites.map((school) => school.handle))(ctx, next);
  });

  if (controlRouter) {
    // SECURITY: the control API changes tokens and data, so it answers loopback peers only.
    app.use(async (ctx, next) => {
      if (isControl(ctx.path) && !isLoopback(ctx.req.socket.remoteAddress)) ctx.throw(403);
      await next();
    });
    app.use(controlRouter.routes());
    app.use(controlRouter.allowedMethods());
  }

  // Everything else is oidc-provider's: discovery, registration, authorization, token, …
  app.use(refuseUnadvertisedClientAuth(url));
  const oauth = provider.callback();
  app.use(async (ctx) => {
    ctx.respond = false;
    await new Promise<void>((resolve) => {
      ctx.res.once('finish', resolve);
      ctx.res.once('close', resolve);
      void oauth(ctx.req, ctx.res);
    });
  });
  return app;
}

function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}
