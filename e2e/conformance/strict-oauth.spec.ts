import * as oidc from 'openid-client';
import { test, expect, post } from '../support/fixtures';
import {
  loopbackCallback,
  ownerAllows,
  prepareAuthorization,
  redirectFromBrowser,
  exchangeCode,
  type LoopbackCallback,
} from '../support/oauth-flow';

// Issue #14 §8: the stand-in is as strict as the platform's interface, checked with
// openid-client v6 (a real third-party client) where one fits.

/** openid-client refuses http:// unless told; the stand-in only speaks loopback http. */
const discoveryOptions: oidc.DynamicClientRegistrationRequestOptions = {
  algorithm: 'oauth2',
  execute: [oidc.allowInsecureRequests],
};

/** Signs the owner in through the browser with an openid-client configuration. */
async function signInWith(
  config: oidc.Configuration,
  page: Parameters<typeof ownerAllows>[0],
  loopback: LoopbackCallback,
  scope: string,
) {
  const pkceCodeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: loopback.redirectUri,
    scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(pkceCodeVerifier),
    code_challenge_method: 'S256',
    state,
  });
  const callback = await redirectFromBrowser(page, url, loopback, ownerAllows);
  return { callback, pkceCodeVerifier, state };
}

/**
 * How openid-client reports a refused call: the error code from the body, or, when the server
 * sent a challenge (RFC 6749 §5.2 wants one for a failed Basic authentication), from it.
 */
async function refusalOf(call: Promise<unknown>) {
  const error: unknown = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (error instanceof oidc.WWWAuthenticateChallengeError) {
    const [challenge] = error.cause;
    return { status: error.status, scheme: challenge?.scheme, error: challenge?.parameters.error };
  }
  if (error instanceof oidc.ResponseBodyError) return { status: error.status, error: error.error };
  return { error: 'none', thrown: error };
}

test.describe('strict as the platform (issue #14 §8)', () => {
  test('openid-client discovering through RFC 8414 alone calls userinfo', async ({
    page,
    platform,
    loopback,
  }) => {
    const config = await oidc.dynamicClientRegistration(
      new URL(platform.url),
      {
        client_name: 'openid-client, RFC 8414 only',
        application_type: 'native',
        redirect_uris: [loopback.redirectUri],
        token_endpoint_auth_method: 'none',
      },
      oidc.None(),
      discoveryOptions,
    );
    expect(config.serverMetadata().userinfo_endpoint).toBe(`${platform.url}/api/oauth/userinfo`);
    const { callback, pkceCodeVerifier, state } = await signInWith(
      config,
      page,
      loopback,
      'openid profile email courses:read',
    );
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier,
      expectedState: state,
    });
    const sub = tokens.claims()?.sub;
    expect(sub).toBeTruthy();
    const me = await oidc.fetchUserInfo(config, tokens.access_token, sub!);
    expect(me).toMatchObject({ sub, email: 'owner@demo.school', name: 'Olivia Owner' });
  });

  for (const applicationType of [undefined, 'web'] as const) {
    test(`a loopback client registered ${applicationType ? `as ${applicationType}` : 'without application_type'} signs in on another port (RFC 8252 §7.3)`, async ({
      page,
      platform,
      loopback,
    }) => {
      const other = await loopbackCallback();
      try {
        expect(new URL(other.redirectUri).port).not.toBe(new URL(loopback.redirectUri).port);
        const { as, client, attempt } = await prepareAuthorization(
          platform.url,
          loopback.redirectUri,
          'openid courses:read',
          // JSON leaves an undefined member out, so the registration names no type at all.
          { client: { application_type: applicationType }, redirectUri: other.redirectUri },
        );
        expect(client.application_type).toBe(applicationType ?? 'web');
        const callback = await redirectFromBrowser(page, attempt.url, other, ownerAllows);
        expect(callback.searchParams.get('code')).toBeTruthy();
        const tokens = await exchangeCode(as, client, attempt, callback);
        expect(tokens.access_token).toBeTruthy();
      } finally {
        await other.close();
      }
    });
  }

  test('a token request without redirect_uri is refused with invalid_request', async ({
    page,
    platform,
    loopback,
  }) => {
    const { as, client, attempt } = await prepareAuthorization(
      platform.url,
      loopback.redirectUri,
      'openid courses:read',
    );
    const callback = await redirectFromBrowser(page, attempt.url, loopback, ownerAllows);
    const form = {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') ?? '',
      client_id: client.client_id,
      code_verifier: attempt.codeVerifier,
    };
    const without = await post(as.token_endpoint!, form, true);
    expect(without.status).toBe(400);
    expect(without.body).toMatchObject({ error: 'invalid_request' });
    expect(String(without.body.error_description)).toContain('redirect_uri');
    // The refusal left the code alone: the complete request still succeeds.
    const complete = await post(
      as.token_endpoint!,
      { ...form, redirect_uri: attempt.redirectUri },
      true,
    );
    expect(complete.status).toBe(200);
  });

  test('client_secret_basic is refused at the token, introspection and revocation endpoints', async ({
    page,
    platform,
    loopback,
  }) => {
    const postConfig = await oidc.dynamicClientRegistration(
      new URL(platform.url),
      {
        client_name: 'openid-client, confidential',
        application_type: 'native',
        redirect_uris: [loopback.redirectUri],
        token_endpoint_auth_method: 'client_secret_post',
      },
      oidc.ClientSecretPost(),
      discoveryOptions,
    );
    const server = postConfig.serverMetadata();
    expect(server.token_endpoint_auth_methods_supported).not.toContain('client_secret_basic');
    for (const key of [
      'introspection_endpoint_auth_methods_supported',
      'revocation_endpoint_auth_methods_supported',
    ] as const) {
      // Absent, RFC 8414 reads it as client_secret_basic: it must be there, without it.
      expect(server[key], key).toBeDefined();
      expect(server[key], key).not.toContain('client_secret_basic');
    }
    const { client_id: clientId, client_secret: secret } = postConfig.clientMetadata();
    const basicConfig = new oidc.Configuration(
      server,
      clientId,
      String(secret),
      oidc.ClientSecretBasic(),
    );
    oidc.allowInsecureRequests(basicConfig);

    const refusedAs = { status: 401, scheme: 'basic', error: 'invalid_client' };
    const { callback, pkceCodeVerifier, state } = await signInWith(
      postConfig,
      page,
      loopback,
      'openid courses:read',
    );
    const checks = { pkceCodeVerifier, expectedState: state };
    expect(await refusalOf(oidc.authorizationCodeGrant(basicConfig, callback, checks))).toEqual(
      refusedAs,
    );
    const tokens = await oidc.authorizationCodeGrant(postConfig, callback, checks);

    expect(await refusalOf(oidc.tokenIntrospection(basicConfig, tokens.access_token))).toEqual(
      refusedAs,
    );
    expect(await refusalOf(oidc.tokenRevocation(basicConfig, tokens.access_token))).toEqual(
      refusedAs,
    );
    // The refused revocation revoked nothing.
    expect((await oidc.tokenIntrospection(postConfig, tokens.access_token)).active).toBe(true);
    await oidc.tokenRevocation(postConfig, tokens.access_token);
    expect((await oidc.tokenIntrospection(postConfig, tokens.access_token)).active).toBe(false);
  });
});
