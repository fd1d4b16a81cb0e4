import * as oauth from 'oauth4webapi';
import { startPlatform } from '../platform/server';
import { test, expect, getJson, post } from '../support/fixtures';
import {
  codeGrantRequest,
  discover,
  exchangeCode,
  insecure,
  redirectFromBrowser,
  registerClient,
  prepareAuthorization,
  ownerAllows,
} from '../support/oauth-flow';

test.describe('token endpoint and token lifecycle', () => {
  test('oauth4webapi completes discovery → registration → login → token → userinfo → refresh → revoke', async ({
    signInAs,
    platform,
  }) => {
    const { as, client, tokens } = await signInAs({ scope: 'openid profile email courses:read' });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.refresh_token).toBeTruthy();

    const userinfo = await oauth.processUserInfoResponse(
      as,
      client,
      oauth.skipSubjectCheck,
      await oauth.userInfoRequest(as, client, tokens.access_token, insecure),
    );
    expect(userinfo).toMatchObject({
      email: 'owner@demo.school',
      email_verified: true,
      role: 'owner',
      name: 'Olivia Owner',
    });

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(
        as,
        client,
        oauth.None(),
        tokens.refresh_token!,
        insecure,
      ),
    );
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await getJson(`${platform.url}/api/v1/courses`, refreshed.access_token)).status).toBe(
      200,
    );

    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, oauth.None(), refreshed.refresh_token!, insecure),
    );
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, oauth.None(), refreshed.access_token, insecure),
    );
    const after = await getJson(`${platform.url}/api/v1/courses`, refreshed.access_token);
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('invalid_token');
  });

  test('the token response carries the platform fields', async ({ signInAs }) => {
    const { tokens } = await signInAs({ scope: 'openid courses:read' });
    const raw = tokens as unknown as Record<string, unknown>;
    expect(raw.expires_in).toBe(7200);
    expect(raw.scope).toBe('openid courses:read');
    expect(Math.abs(Number(raw.created_at) - Date.now() / 1000)).toBeLessThan(60);
    expect(raw.school_id).toBeTruthy();
    expect(raw.school_subdomain).toBeTruthy();
  });

  test('refresh tokens rotate: reusing an old one gives invalid_grant', async ({ signInAs }) => {
    const { as, client, tokens } = await signInAs({ scope: 'openid courses:read' });
    const first = await oauth.refreshTokenGrantRequest(
      as,
      client,
      oauth.None(),
      tokens.refresh_token!,
      insecure,
    );
    expect(first.status).toBe(200);
    const reuse = await post(
      as.token_endpoint!,
      {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token!,
        client_id: client.client_id,
      },
      true,
    );
    expect(reuse.status).toBe(400);
    expect(reuse.body).toMatchObject({ error: 'invalid_grant' });
    expect(typeof reuse.body.error_description).toBe('string');
    expect(typeof reuse.body.error_uri).toBe('string');
  });

  test('the resource parameter binds the audience, visible through introspection', async ({
    signInAs,
    platform,
  }) => {
    const { as, client, tokens } = await signInAs({ scope: 'openid courses:read' });
    const introspection = await oauth.processIntrospectionResponse(
      as,
      client,
      await oauth.introspectionRequest(as, client, oauth.None(), tokens.access_token, insecure),
    );
    expect(introspection.active).toBe(true);
    expect([introspection.aud].flat()).toEqual([platform.url]);
    expect(introspection.scope).toBe('openid courses:read');
  });

  test('a resource other than the API is refused', async ({ page, platform, loopback }) => {
    const { attempt } = await prepareAuthorization(platform.url, loopback.redirectUri, 'openid', {
      params: {
        resource: 'https://elsewhere.example/api',
      },
    });
    const callback = await redirectFromBrowser(page, attempt.url, loopback);
    expect(callback.searchParams.get('error')).toBe('invalid_target');
  });

  test('revocation answers 200 for unknown tokens too', async ({ platform }) => {
    const as = await discover(platform.url);
    const client = await registerClient(as, 'http://127.0.0.1:9/cb');
    const response = await post(
      as.revocation_endpoint!,
      { token: 'no-such-token', client_id: client.client_id },
      true,
    );
    expect(response.status).toBe(200);
  });

  test('a code cannot be exchanged twice', async ({ page, platform, loopback }) => {
    const { as, client, attempt } = await prepareAuthorization(
      platform.url,
      loopback.redirectUri,
      'openid courses:read',
    );
    const callback = await redirectFromBrowser(page, attempt.url, loopback, ownerAllows);
    await exchangeCode(as, client, attempt, callback);
    await expect(exchangeCode(as, client, attempt, callback)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  test('a wrong code_verifier is refused', async ({ page, platform, loopback }) => {
    const { as, client, attempt } = await prepareAuthorization(
      platform.url,
      loopback.redirectUri,
      'openid',
    );
    const callback = await redirectFromBrowser(page, attempt.url, loopback, ownerAllows);
    const wrong = { ...attempt, codeVerifier: oauth.generateRandomCodeVerifier() };
    await expect(exchangeCode(as, client, wrong, callback)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  test('access-token and code lifetimes are settable', async ({ page, loopback }) => {
    const platform = await startPlatform({
      accessTokenTtl: 2,
      authorizationCodeTtl: 7,
      students: 0,
    });
    try {
      const { as, client, attempt } = await prepareAuthorization(
        platform.url,
        loopback.redirectUri,
        'openid courses:read',
      );
      const callback = await redirectFromBrowser(page, attempt.url, loopback, ownerAllows);
      const code = await platform.provider.AuthorizationCode.find(
        callback.searchParams.get('code') ?? '',
        {
          ignoreExpiration: true,
        },
      );
      const { exp = 0, iat = 0 } = code ?? {};
      expect(exp - iat).toBe(7);
      const tokens = await exchangeCode(as, client, attempt, callback);
      expect(tokens.expires_in).toBe(2);
      await expect
        .poll(
          async () => (await getJson(`${platform.url}/api/v1/courses`, tokens.access_token)).status,
          { timeout: 10_000 },
        )
        .toBe(401);
    } finally {
      await platform.close();
    }
  });

  test('a confidential client authenticates with client_secret_post', async ({
    page,
    platform,
    loopback,
  }) => {
    const { as, client, attempt } = await prepareAuthorization(
      platform.url,
      loopback.redirectUri,
      'openid courses:read',
      {
        client: {
          token_endpoint_auth_method: 'client_secret_post',
        },
      },
    );
    const callback = await redirectFromBrowser(page, attempt.url, loopback, ownerAllows);
    const withoutSecret = await codeGrantRequest(as, client, attempt, callback);
    expect(withoutSecret.status).toBe(401);
    const response = await codeGrantRequest(
      as,
      client,
      attempt,
      callback,
      oauth.ClientSecretPost(client.client_secret as string),
    );
    expect(response.status).toBe(200);
  });
});
