import * as oauth from 'oauth4webapi';
import { startPlatform } from '../platform/server';
import { API_SCOPES, OIDC_SCOPES } from '../platform/oauth/scopes';
import { test, expect, getJson } from '../support/fixtures';
import { insecure } from '../support/oauth-flow';

// The 38 scope strings of service-access.md, written out here on purpose: the test must fail
// if the stand-in's own list drifts from the document.
const DOCUMENT_SCOPES =
  `openid profile email courses:read courses:write students:read students:write
members:read members:write analytics:read curriculum:read curriculum:write orders:read school:read
school:write appearance:read appearance:write events:read events:write membership_plans:read
membership_plans:write coupons:read coupons:write posts:read posts:write subscriptions:read
subscriptions:write digital_products:read digital_products:write comments:read lecturers:read
lecturers:write storage:write forms:read pages:read pages:write account:read account:write`.split(
    /\s+/,
  );

test.describe('metadata (service-access.md, Endpoints)', () => {
  test('RFC 8414 metadata lists every endpoint, grant type and scope of the document', async ({
    platform,
  }) => {
    const { status, body } = await getJson(
      `${platform.url}/.well-known/oauth-authorization-server`,
    );
    expect(status).toBe(200);
    const base = platform.url;
    expect(body).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/api/oauth/token`,
      registration_endpoint: `${base}/api/oauth/register`,
      revocation_endpoint: `${base}/api/oauth/revoke`,
      introspection_endpoint: `${base}/api/oauth/introspect`,
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: false,
    });
    expect(new Set(body.grant_types_supported as string[])).toEqual(
      new Set(['authorization_code', 'refresh_token']),
    );
    // RFC 8414 §2: an absent *_auth_methods_supported means client_secret_basic, which all
    // three endpoints refuse; public clients (the app) send `none` to each.
    for (const endpoint of ['token', 'introspection', 'revocation']) {
      const key = `${endpoint}_endpoint_auth_methods_supported`;
      expect(new Set(body[key] as string[]), key).toEqual(new Set(['none', 'client_secret_post']));
    }
    expect(DOCUMENT_SCOPES).toHaveLength(38);
    expect(new Set(body.scopes_supported as string[])).toEqual(new Set(DOCUMENT_SCOPES));
    expect([...OIDC_SCOPES, ...API_SCOPES]).toEqual(DOCUMENT_SCOPES);
  });

  test('RFC 8414 metadata and OpenID discovery both list userinfo_endpoint, and agree', async ({
    platform,
  }) => {
    const oauthMetadata = (await getJson(`${platform.url}/.well-known/oauth-authorization-server`))
      .body;
    const { status, body } = await getJson(`${platform.url}/.well-known/openid-configuration`);
    expect(status).toBe(200);
    // service-access.md: RFC 8414 metadata lists every endpoint and is the source of truth.
    expect(oauthMetadata.userinfo_endpoint).toBe(`${platform.url}/api/oauth/userinfo`);
    for (const [key, value] of Object.entries(oauthMetadata)) expect(body[key], key).toEqual(value);
  });

  test('protected-resource metadata (RFC 9728) names the base URL and the issuer', async ({
    platform,
  }) => {
    const resource = await oauth.processResourceDiscoveryResponse(
      new URL(platform.url),
      await oauth.resourceDiscoveryRequest(new URL(platform.url), insecure),
    );
    expect(resource.resource).toBe(platform.url);
    expect(resource.authorization_servers).toEqual([platform.url]);
  });

  test('a third-party client validates the metadata with oauth4webapi', async ({ platform }) => {
    const issuer = new URL(platform.url);
    for (const algorithm of ['oauth2', 'oidc'] as const) {
      const as = await oauth.processDiscoveryResponse(
        issuer,
        await oauth.discoveryRequest(issuer, { algorithm, ...insecure }),
      );
      expect(as.issuer).toBe(platform.url);
    }
  });

  test('client_id_metadata_document_supported follows the start-up flag', async () => {
    const platform = await startPlatform({ clientIdMetadataDocuments: true, students: 0 });
    try {
      const { body } = await getJson(`${platform.url}/.well-known/oauth-authorization-server`);
      expect(body.client_id_metadata_document_supported).toBe(true);
    } finally {
      await platform.close();
    }
  });

  test('/openapi.json and /auth.md are published', async ({ platform }) => {
    const openapi = await getJson(`${platform.url}/openapi.json`);
    expect(openapi.status).toBe(200);
    expect(String(openapi.body.openapi)).toMatch(/^3\.1\./);
    const authMd = await fetch(`${platform.url}/auth.md`);
    expect(authMd.status).toBe(200);
    const text = await authMd.text();
    expect(text).toContain(`${platform.url}/api/oauth/register`);
    expect(text).toContain('S256');
  });

  test('nothing of the agent-authentication extension is offered', async ({ platform }) => {
    for (const path of [
      '/.well-known/oauth-authorization-server',
      '/.well-known/openid-configuration',
    ]) {
      const { body } = await getJson(`${platform.url}${path}`);
      const keys = Object.keys(body).join(' ');
      expect(keys).not.toMatch(/agent|assertion|claim_endpoint|identity/i);
      expect(body.pushed_authorization_request_endpoint).toBeUndefined();
    }
  });
});
