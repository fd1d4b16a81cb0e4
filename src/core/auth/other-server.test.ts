import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useAuthHarness } from '../../../e2e/support/harness/use-harness';

/**
 * A second authorization server, unlike the stand-in in every way the sign-in core must not
 * care about: other endpoint paths, an issuer with a path (so RFC 8414's path-inserted
 * well-known URL is missing and discovery falls back to OpenID discovery), and the protected
 * resource on a port of its own that checks tokens by introspection.
 */
type OtherSchool = { resourceUrl: string; issuer: string; close: () => Promise<void> };

const TENANT = '/tenants/acme';

async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function startOtherSchool(): Promise<OtherSchool> {
  // Filled in once the port (and so the issuer) is known.
  const mounted: { provider?: Provider } = {};
  const as = await listen((req, res) => {
    const { provider } = mounted;
    if (!provider || !req.url?.startsWith(TENANT)) return void res.writeHead(404).end();
    // Mounted under the issuer's path the way Express would: the router sees the rest of the
    // path, and oidc-provider rebuilds its URLs from originalUrl.
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = req.url;
    req.url = req.url.slice(TENANT.length) || '/';
    void provider.callback()(req, res);
  });
  const issuer = `${as.url}${TENANT}`;
  let resourceUrl = '';
  const rs = await listen((req, res) => void serveResource(req, res));
  resourceUrl = rs.url;

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
    routes: {
      authorization: '/connect/auth',
      token: '/connect/token',
      registration: '/connect/register',
      revocation: '/connect/revoke',
      introspection: '/connect/introspect',
      userinfo: '/connect/me',
      jwks: '/connect/keys',
    },
    features: {
      devInteractions: { enabled: true },
      registration: { enabled: true },
      revocation: { enabled: true },
      introspection: { enabled: true, allowedPolicy: () => Promise.resolve(true) },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => Promise.resolve(resourceUrl),
        useGrantedResource: () => Promise.resolve(true),
        getResourceServerInfo: () =>
          Promise.resolve({
            scope: 'things:read things:write',
            audience: resourceUrl,
            accessTokenFormat: 'opaque',
          }),
      },
    },
    issueRefreshToken: () => Promise.resolve(true),
    pkce: { required: () => true },
  });

  async function serveResource(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', resourceUrl);
    if (url.pathname === '/.well-known/oauth-protected-resource') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(
        JSON.stringify({ resource: resourceUrl, authorization_servers: [issuer] }),
      );
    }
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const introspection = token
      ? ((await (
          await fetch(`${issuer}/connect/introspect`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              token,
              client_id: 'resource-server',
              client_secret: 'rs-secret',
            }),
          })
        ).json()) as { active: boolean; aud?: string; scope?: string })
      : { active: false };
    if (!introspection.active || introspection.aud !== resourceUrl) {
      res.writeHead(401, { 'www-authenticate': 'Bearer error="invalid_token"' });
      return void res.end();
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ things: ['a', 'b'], scope: introspection.scope }));
  }

  return {
    resourceUrl,
    issuer,
    close: async () => {
      for (const server of [as.server, rs.server]) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}

const h = useAuthHarness({ students: 0 });
let school: OtherSchool;
beforeAll(async () => {
  school = await startOtherSchool();
});
afterAll(async () => {
  await school?.close();
});

describe('a differently configured authorization server', () => {
  it('signs in, calls the API, refreshes and signs out with nothing hard-coded', async () => {
    const { auth } = h.service();
    h.browser.behaviour = async (page, url) => {
      await page.goto(url);
      await page.locator('input[name=login]').fill('alice');
      await page.locator('input[name=password]').fill('any');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('You can close this tab').waitFor();
    };
    const session = await auth.signIn(school.resourceUrl, ['things:read']);
    expect(session.issuer).toBe(school.issuer);
    expect(session.baseUrl).toBe(school.resourceUrl);
    expect(session.sub).toBe('alice');
    expect(h.browser.opened.at(-1)).toContain(`${school.issuer}/connect/auth?`);

    const things = await auth.request(session.schoolId, new URL('/things', school.resourceUrl));
    expect(things.status).toBe(200);
    await auth.refresh(session.schoolId);
    expect(
      (await auth.request(session.schoolId, new URL('/things', school.resourceUrl))).status,
    ).toBe(200);
    await expect(auth.signOut(session.schoolId)).resolves.toEqual({ revoked: true });
  });
});
