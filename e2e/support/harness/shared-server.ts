import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import Provider from 'oidc-provider';

/**
 * One authorization server (oidc-provider with its development login: any name signs in)
 * serving several schools, each an API on a port of its own that checks tokens by
 * introspection, as a hosted platform would. `careless: true` makes the server ignore the
 * `resource` a client asks for and bind every token to the first school: the server a hostile
 * school hopes for when it names another school's authorization server.
 */
export type SharedServer = {
  issuer: string;
  /** The base URL (resource) of each school, in the order asked for. */
  schools: string[];
  /** A school that names this server in its metadata but that the server does not serve. */
  addSchool(): Promise<string>;
  close(): Promise<void>;
};

async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export async function startSharedServer(options: {
  schools: number;
  careless?: boolean;
}): Promise<SharedServer> {
  const mounted: { provider?: Provider } = {};
  const as = await listen((req, res) => {
    if (!mounted.provider) return void res.writeHead(503).end();
    void mounted.provider.callback()(req, res);
  });
  const issuer = as.url;
  const servers: Server[] = [as.server];
  const schools: string[] = [];
  const served = new Set<string>();

  async function addSchool(): Promise<string> {
    let resource = '';
    const rs = await listen((req, res) => void serveSchool(req, res, resource));
    resource = rs.url;
    servers.push(rs.server);
    return resource;
  }

  async function serveSchool(req: IncomingMessage, res: ServerResponse, resource: string) {
    const url = new URL(req.url ?? '/', resource);
    if (url.pathname === '/.well-known/oauth-protected-resource') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ resource, authorization_servers: [issuer] }));
    }
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const claims = token ? await introspect(token) : { active: false };
    if (!claims.active || claims.aud !== resource) {
      res.writeHead(401, { 'www-authenticate': 'Bearer error="invalid_token"' });
      return void res.end();
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ school: resource, sub: claims.sub }));
  }

  async function introspect(
    token: string,
  ): Promise<{ active: boolean; aud?: string; sub?: string }> {
    const response = await fetch(`${issuer}/token/introspection`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token,
        client_id: 'resource-server',
        client_secret: 'rs-secret',
      }),
    });
    return (await response.json()) as { active: boolean; aud?: string; sub?: string };
  }

  for (let i = 0; i < options.schools; i += 1) {
    const school = await addSchool();
    schools.push(school);
    served.add(school);
  }

  mounted.provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'resource-server',
        client_secret: 'rs-secret',
        redirect_uris: [],
        grant_types: [],
        response_types: [],
      },
    ],
    features: {
      devInteractions: { enabled: true },
      registration: { enabled: true },
      revocation: { enabled: true },
      introspection: { enabled: true, allowedPolicy: () => Promise.resolve(true) },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => Promise.resolve(schools[0]!),
        useGrantedResource: () => Promise.resolve(true),
        getResourceServerInfo: (_ctx, resource) => {
          if (!options.careless && !served.has(resource)) throw new Error('unknown resource');
          return Promise.resolve({
            scope: 'things:read',
            audience: options.careless ? schools[0]! : resource,
            accessTokenFormat: 'opaque',
          });
        },
      },
    },
    issueRefreshToken: () => Promise.resolve(true),
    pkce: { required: () => true },
  });

  return {
    issuer,
    schools,
    addSchool,
    async close() {
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}

/** Plays the user at the development login: signs in as `login` and allows. */
export function devLoginAs(login: string) {
  return async (page: Page, url: string): Promise<void> => {
    await page.goto(url);
    await page.locator('input[name=login]').fill(login, { timeout: 5000 });
    await page.locator('input[name=password]').fill('any');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Schooldesk' }).waitFor();
  };
}
