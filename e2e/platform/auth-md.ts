import { OAUTH_PATHS } from './oauth/provider';

/** `/auth.md`: the authentication walkthrough, for machines and people. */
export function authWalkthrough(baseUrl: string): string {
  const url = (path: string) => `${baseUrl}${path}`;
  return `# Signing in to Demo School's API

Every school is its own OAuth 2.0 authorization server. Issuer: ${baseUrl}

## 1. Discover
- GET ${url('/.well-known/oauth-protected-resource')} (RFC 9728) names the resource and its authorization server.
- GET ${url('/.well-known/oauth-authorization-server')} (RFC 8414) lists every endpoint, grant type and scope. It is the source of truth.
- GET ${url('/.well-known/openid-configuration')} carries the same facts plus userinfo_endpoint.

## 2. Register (RFC 7591)
POST ${url(OAUTH_PATHS.registration)} with JSON:
  {"client_name": "My tool", "application_type": "native",
   "redirect_uris": ["http://127.0.0.1:<port>/<path>"], "token_endpoint_auth_method": "none"}
Only loopback redirect URIs (http://127.0.0.1:<port>/<path>) are accepted; any other gives invalid_redirect_uri.
At authorization time a native client may use any port (RFC 8252 section 7.3).
Confidential clients use "client_secret_post" and receive a client_secret.

## 3. Authorize (Authorization Code + PKCE S256)
Send the browser to ${url(OAUTH_PATHS.authorization)} with response_type=code, client_id, redirect_uri,
scope (space-separated), code_challenge, code_challenge_method=S256, state, and optionally resource=${baseUrl}.
The user signs in and ticks the scopes to grant; unticked scopes are not granted.
The redirect carries code, state and iss (RFC 9207); errors carry error, error_description, state and iss.

## 4. Exchange the code
POST ${url(OAUTH_PATHS.token)} (application/x-www-form-urlencoded):
  grant_type=authorization_code, code, redirect_uri, client_id, code_verifier
The response has access_token, token_type=Bearer, expires_in, refresh_token, scope (what was granted),
created_at, school_id and school_subdomain. Access tokens are bound to the API (aud = ${baseUrl}).

## 5. Call the API
Authorization: Bearer <ACCESS_TOKEN>. The API is described at ${url('/openapi.json')}.
Without a token a request is served as anonymous. An invalid token gives 401 invalid_token; a missing
scope gives 403 insufficient_scope. Both carry WWW-Authenticate with resource_metadata.

## 6. Refresh and revoke
Refresh: POST ${url(OAUTH_PATHS.token)} with grant_type=refresh_token, refresh_token, client_id.
Refresh tokens rotate: every refresh returns a new one and the old one stops working (invalid_grant).
Revoke: POST ${url(OAUTH_PATHS.revocation)} with token and client_id. It always answers 200.
Introspect: POST ${url(OAUTH_PATHS.introspection)} with token and client_id (your own tokens only).

## Not supported
No agent-authentication extension: no identity assertion, no claim step. Consent happens at the
authorization endpoint.

## Errors
OAuth errors are JSON: {"error", "error_description", "error_uri"}. Codes: invalid_request, invalid_grant,
invalid_client, invalid_scope, invalid_redirect_uri, invalid_token, insufficient_scope, access_denied.
`;
}
