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
At authorization time a client may use any port of its loopback redirect URIs (RFC 8252 section 7.3),
whatever its application_type.
Confidential clients use "client_secret_post" and receive a client_secret. client_secret_basic (an
Authorization: Basic header) is refused with invalid_client at the token, introspection and revocation endpoints.

## 3. Authorize (Authorization Code + PKCE S256)
Send the browser to ${url(OAUTH_PATHS.authorization)} with response_type=code, client_id, redirect_uri,
scope (space-separated), code_challenge, code_challenge_method=S256, state, and optionally resource=${baseUrl}
(or the resource of another school this server serves, as its RFC 9728 metadata names it).
The user signs in and ticks the scopes to grant; unticked scopes are not granted.
The redirect carries code, state and iss (RFC 9207); errors carry error, error_description, state and iss.

## 4. Exchange the code
POST ${url(OAUTH_PATHS.token)} (application/x-www-form-urlencoded):
  grant_type=authorization_code, code, redirect_uri, client_id, code_verifier
Every field is required: a request without redirect_uri answers invalid_request.
The response has access_token, token_type=Bearer, expires_in, refresh_token, scope (what was granted),
created_at, school_id and school_subdomain. Access tokens are bound to one school's API (aud = ${baseUrl}
unless resource named another school); another school's API refuses them with invalid_token.

## 5. Call the API
Authorization: Bearer <ACCESS_TOKEN>. The API is described at ${url('/openapi.json')}.
Without a token a request is served as anonymous and never challenged: reads answer what the school
publishes (published courses and pages; no students, coupons or enrollments), and writes and userinfo
answer 403 forbidden without WWW-Authenticate. An invalid token gives 401 invalid_token; credentials of
another scheme (Basic) give 401 unauthorized, whose challenge names no error (RFC 6750 §3.1); a missing
scope gives 403 insufficient_scope. All three carry WWW-Authenticate with resource_metadata.

## 6. Refresh and revoke
Refresh: POST ${url(OAUTH_PATHS.token)} with grant_type=refresh_token, refresh_token, client_id.
Refresh tokens rotate: every refresh returns a new one and the old one stops working (invalid_grant).
Revoke: POST ${url(OAUTH_PATHS.revocation)} with token and client_id. It always answers 200.
Introspect: POST ${url(OAUTH_PATHS.introspection)} with token and client_id (your own tokens only).

## Not supported
No agent-authentication extension: no identity assertion, no claim step. Consent happens at the
authorization endpoint.

## Errors
OAuth errors are JSON: {"error", "error_description", "error_uri"}; the business API uses the same
shape. Every error_uri points at one of the headings below.

### invalid_request
The request is missing a parameter, repeats one, or is malformed (for example a plain or missing PKCE challenge).

### invalid_client
The client is unknown or its authentication failed.

### invalid_grant
The code or refresh token is invalid, expired, already used, or was issued to another client. Sign in again.

### invalid_scope
A requested scope is unknown to the platform.

### invalid_target
The resource parameter names something other than the API of a school this server serves.

### invalid_redirect_uri
Registration asked for a redirect URI that is not http://127.0.0.1:<port>/<path>.

### access_denied
The user chose Deny on the consent page.

### invalid_token
The access token is not bound to this school's API (aud), or is expired, revoked or malformed (401).

### unauthorized
The Authorization header used another scheme than Bearer (Basic, say); the API takes Bearer tokens only
(401, WWW-Authenticate without an error code).

### insufficient_scope
The token lacks the scope named in WWW-Authenticate (403).

### forbidden
The request carried no token, and anonymous callers may only read what the school publishes: writes and
userinfo need an access token (403, without WWW-Authenticate).

### not_found
No record with that id, or not visible to this caller (404).

### validation_failed
The body broke a field rule; "fields" names each field with a sentence (422).

### conflict
A unique field (slug, code, email) is already taken (409).

### precondition_failed
If-Match named an old version; "current" holds the record as it is now (412).

### idempotency_key_reused
The Idempotency-Key was first used with a different request (422).

### idempotency_key_in_use
A request with the same Idempotency-Key is still running (409).

### rate_limited
Too many requests this minute; wait for Retry-After seconds (429).

### method_not_allowed
The path does not take that method; Allow lists the ones it does (405).

### unsupported_media_type
The body must be JSON (415).

### temporarily_unavailable
The platform is briefly unavailable; retry after Retry-After (503).

### server_error
Something failed on the platform; the request may be retried (500).
`;
}
