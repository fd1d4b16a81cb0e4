import * as oauth from 'oauth4webapi';
import type { Page } from '@playwright/test';
import { WELL_KNOWN } from '../platform/seed';
import { startPlatform, type RunningPlatform } from '../platform/server';
import { test, expect, getJson, post } from '../support/fixtures';
import {
  exchangeCode,
  insecure,
  loopbackCallback,
  ownerAllows,
  prepareAuthorization,
  redirectFromBrowser,
} from '../support/oauth-flow';

// Two schools on one authorization server (issue #14 §4): each is its own protected resource
// (RFC 9728), and a token bound to one (RFC 8707) is refused by the other.

const SCOPE = 'openid courses:read courses:write';
let platform: RunningPlatform;
let second: string;

test.beforeAll(async () => {
  platform = await startPlatform({
    secondSchool: true,
    control: true,
    students: 20,
    rateLimit: null,
  });
  second = `${platform.url}/schools/second`;
});
test.afterAll(() => platform.close());

/** Signs the owner in for `resource` with a fresh client, as an app would per school. */
async function signInFor(page: Page, resource: string, extra: Record<string, string> = {}) {
  const loopback = await loopbackCallback();
  try {
    const { as, client, attempt } = await prepareAuthorization(
      platform.url,
      loopback.redirectUri,
      SCOPE,
      { params: { resource } },
    );
    const callback = await redirectFromBrowser(page, attempt.url, loopback, ownerAllows);
    return {
      as,
      client,
      attempt,
      callback,
      tokens: () => exchangeCode(as, client, attempt, callback, extra),
    };
  } finally {
    await loopback.close();
  }
}

/** The parameters of a `Bearer a="b", c="d"` challenge. */
function challenge(header: string | null): Record<string, string> {
  return Object.fromEntries(
    [...(header ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
  );
}

test.describe('a second school on the same authorization server', () => {
  test('has its own RFC 9728 metadata naming the shared authorization server', async () => {
    const resource = new URL(second);
    const metadata = await oauth.processResourceDiscoveryResponse(
      resource,
      await oauth.resourceDiscoveryRequest(resource, insecure),
    );
    expect(metadata.resource).toBe(second);
    expect(metadata.authorization_servers).toEqual([platform.url]);
    const first = await getJson(`${platform.url}/.well-known/oauth-protected-resource`);
    expect(first.body).toMatchObject({
      resource: platform.url,
      authorization_servers: [platform.url],
    });

    const openapi = await getJson(`${second}/openapi.json`);
    expect(openapi.body.servers).toEqual([{ url: second }]);
    expect(JSON.stringify(openapi.body.components)).toContain(`${platform.url}/oauth/authorize`);
  });

  test('each API takes only tokens bound to its own school', async ({ page }) => {
    const secondSignIn = await signInFor(page, second);
    const secondTokens = await secondSignIn.tokens();
    const firstTokens = await (await signInFor(page, platform.url)).tokens();
    const raw = secondTokens as unknown as Record<string, unknown>;
    expect(raw.school_id).toBe('second-school');
    expect((firstTokens as unknown as Record<string, unknown>).school_id).toBe('demo-school');

    const introspection = await oauth.processIntrospectionResponse(
      secondSignIn.as,
      secondSignIn.client,
      await oauth.introspectionRequest(
        secondSignIn.as,
        secondSignIn.client,
        oauth.None(),
        secondTokens.access_token,
        insecure,
      ),
    );
    expect([introspection.aud].flat()).toEqual([second]);

    const cases = [
      { api: second, token: secondTokens.access_token, status: 200 },
      { api: platform.url, token: firstTokens.access_token, status: 200 },
      { api: platform.url, token: secondTokens.access_token, status: 401 },
      { api: second, token: firstTokens.access_token, status: 401 },
    ];
    for (const { api, token, status } of cases) {
      const what = `${api === second ? 'second' : 'first'} school, ${status}`;
      const answer = await getJson(`${api}/api/v1/courses`, token);
      expect(answer.status, what).toBe(status);
      if (status !== 401) continue;
      expect(answer.body.error, what).toBe('invalid_token');
      const metadataUrl =
        api === second
          ? `${platform.url}/.well-known/oauth-protected-resource/schools/second`
          : `${platform.url}/.well-known/oauth-protected-resource`;
      expect(challenge(answer.headers.get('www-authenticate')), what).toMatchObject({
        error: 'invalid_token',
        resource_metadata: metadataUrl,
      });
    }
    // userinfo belongs to the authorization server: it takes a token of either school.
    for (const token of [firstTokens.access_token, secondTokens.access_token]) {
      expect((await getJson(`${platform.url}/api/oauth/userinfo`, token)).status).toBe(200);
    }
  });

  test('a refresh stays with its school, and cannot be turned to the other', async ({ page }) => {
    const signIn = await signInFor(page, second);
    const tokens = await signIn.tokens();
    const refresh = (refreshToken: string, resource?: string) =>
      post(
        signIn.as.token_endpoint!,
        {
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: signIn.client.client_id,
          ...(resource ? { resource } : {}),
        },
        true,
      );
    const refreshed = await refresh(tokens.refresh_token!);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.school_id).toBe('second-school');
    const access = String(refreshed.body.access_token);
    expect((await getJson(`${second}/api/v1/courses`, access)).status).toBe(200);
    expect((await getJson(`${platform.url}/api/v1/courses`, access)).status).toBe(401);
    // Last: oidc-provider rotates the refresh token before it checks `resource`, so even this
    // refused refresh uses the refresh token up.
    const elsewhere = await refresh(String(refreshed.body.refresh_token), platform.url);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error).toBe('invalid_target');
  });

  test('a resource written with a trailing slash names the same school at authorize, token and refresh', async ({
    page,
  }) => {
    for (const [school, schoolId] of [
      [platform.url, 'demo-school'],
      [second, 'second-school'],
    ] as const) {
      const slashed = `${school}/`;
      const signIn = await signInFor(page, slashed, { resource: slashed });
      expect(signIn.callback.searchParams.get('error'), slashed).toBeNull();
      const tokens = await signIn.tokens();
      expect((tokens as unknown as Record<string, unknown>).school_id, slashed).toBe(schoolId);
      const introspection = await oauth.processIntrospectionResponse(
        signIn.as,
        signIn.client,
        await oauth.introspectionRequest(
          signIn.as,
          signIn.client,
          oauth.None(),
          tokens.access_token,
          insecure,
        ),
      );
      // The token is bound to the school's one identifier, the one its metadata names.
      expect([introspection.aud].flat(), slashed).toEqual([school]);
      expect((await getJson(`${school}/api/v1/courses`, tokens.access_token)).status).toBe(200);

      const refreshed = await post(
        signIn.as.token_endpoint!,
        {
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token!,
          client_id: signIn.client.client_id,
          resource: slashed,
        },
        true,
      );
      expect(refreshed.status, slashed).toBe(200);
      expect(refreshed.body.school_id, slashed).toBe(schoolId);

      // The control API's tokens alike.
      const minted = await post(`${platform.url}/__control/tokens`, {
        accountId: '6f1c2a7e-3b1d-4c1e-9d1a-0a0000000001',
        scopes: ['courses:read'],
        resource: slashed,
      });
      const token = String(minted.body.accessToken);
      expect((await getJson(`${school}/api/v1/courses`, token)).status, slashed).toBe(200);
    }
  });

  test('a token request naming an unknown resource is refused with invalid_target', async ({
    page,
  }) => {
    const signIn = await signInFor(page, second, { resource: 'https://elsewhere.example/api' });
    await expect(signIn.tokens()).rejects.toMatchObject({ error: 'invalid_target' });
  });

  test('each school keeps its own records', async () => {
    const mint = async (resource: string) =>
      String(
        (
          await post(`${platform.url}/__control/tokens`, {
            accountId: '6f1c2a7e-3b1d-4c1e-9d1a-0a0000000001',
            scopes: ['courses:read', 'courses:write'],
            resource,
          })
        ).body.accessToken,
      );
    const [firstToken, secondToken] = [await mint(platform.url), await mint(second)];
    const created = await fetch(`${second}/api/v1/courses`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secondToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Only at the second school', slug: 'second-only' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(created.headers.get('location')).toBe(`${second}/api/v1/courses/${id}`);
    expect((await getJson(`${second}/api/v1/courses/${id}`, secondToken)).status).toBe(200);
    expect((await getJson(`${platform.url}/api/v1/courses/${id}`, firstToken)).status).toBe(404);
    // Seeded on its own: the well-known records exist there too; anonymous rules hold as well.
    const course = `${second}/api/v1/courses/${WELL_KNOWN.publishedCourse.id}`;
    expect((await getJson(course)).status).toBe(200);
    expect((await post(`${second}/api/v1/courses`, { name: 'x', slug: 'x' })).body.error).toBe(
      'forbidden',
    );
  });
});

test('the second school is off by default; the control API turns it on', async () => {
  const plain = await startPlatform({ control: true, students: 0 });
  try {
    const path = '/.well-known/oauth-protected-resource/schools/second';
    const resource = `${plain.url}/schools/second`;
    const mint = () =>
      post(`${plain.url}/__control/tokens`, {
        accountId: '6f1c2a7e-3b1d-4c1e-9d1a-0a0000000001',
        scopes: ['courses:read'],
        resource,
      });
    expect((await fetch(`${plain.url}${path}`)).status).toBe(404);
    expect((await mint()).status).toBe(422);

    const enabled = await post(`${plain.url}/__control/second-school`, {});
    expect(enabled.body).toEqual({ resource, metadata: `${plain.url}${path}` });
    expect((await getJson(`${plain.url}${path}`)).body.resource).toBe(resource);
    const minted = await mint();
    expect(minted.status).toBe(201);
    const token = String(minted.body.accessToken);
    expect((await getJson(`${resource}/api/v1/courses`, token)).status).toBe(200);
    expect((await getJson(`${plain.url}/api/v1/courses`, token)).status).toBe(401);
  } finally {
    await plain.close();
  }
});
