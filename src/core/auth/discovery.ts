import * as oauth from 'oauth4webapi';
import type { Fetch } from '../adapters';
import { AuthError, toAuthError } from './errors';
import { assertSecureEndpoint, isLoopbackHttp, requestOptions } from './http-policy';

/** What discovery learned about a school: its API (resource) and its authorization server. */
export type SchoolMetadata = {
  /** The base URL the user typed, normalised. */
  baseUrl: string;
  /** RFC 9728: the API's resource identifier (sent as `resource`). */
  resource: string;
  /** RFC 9728 `resource_name`: the school's name for people, when it sends one. */
  resourceName?: string;
  /** RFC 8414 (or OpenID discovery) metadata; the source of truth for every endpoint. */
  as: oauth.AuthorizationServer;
};

/**
 * Normalises what the user typed into a base URL: without a scheme, http is assumed for an
 * address on this computer (127.0.0.1, [::1], localhost: a school there runs without TLS) and
 * https for any other; a trailing slash is dropped. Throws `invalid_school_address` for
 * anything else.
 */
export function normaliseBaseUrl(typed: string): URL {
  const text = typed.trim();
  const url = URL.parse(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : withScheme(text));
  if (
    !url ||
    !['https:', 'http:'].includes(url.protocol) ||
    !url.hostname ||
    url.username ||
    url.password
  ) {
    throw new AuthError('invalid_school_address');
  }
  url.hash = '';
  url.search = '';
  if (url.pathname.endsWith('/')) url.pathname = url.pathname.slice(0, -1);
  assertSecureEndpoint(url.href, 'school address');
  return url;
}

/** `text` (an address without a scheme) with the scheme it is taken to mean. */
function withScheme(text: string): string {
  const onThisComputer = URL.parse(`http://${text}`);
  return onThisComputer && isLoopbackHttp(onThisComputer) ? `http://${text}` : `https://${text}`;
}

/**
 * Discovers a school from its base URL: the protected-resource metadata (RFC 9728) first,
 * then its authorization server's RFC 8414 metadata, falling back to OpenID discovery.
 * oauth4webapi checks that `resource` and `issuer` match exactly; here we add what the
 * platform requires of a server we will trust with an owner's account.
 */
export async function discoverSchool(
  typed: string,
  fetchFn: Fetch,
  signal?: AbortSignal,
): Promise<SchoolMetadata> {
  const base = normaliseBaseUrl(typed);
  const resourceId = new URL(base.href.replace(/\/$/, ''));
  let resource: oauth.ResourceServer;
  try {
    resource = await oauth.processResourceDiscoveryResponse(
      resourceId,
      await oauth.resourceDiscoveryRequest(resourceId, requestOptions(fetchFn, resourceId, signal)),
    );
  } catch (error) {
    throw discoveryError(error);
  }
  const issuerText = resource.authorization_servers?.[0];
  if (!issuerText)
    throw new AuthError('discovery_failed', { detail: 'no authorization server named' });
  const issuer = assertSecureEndpoint(issuerText, 'issuer');
  const as = await authorizationServerMetadata(issuer, fetchFn, signal);
  checkServer(as);
  const resourceName = displayName(resource['resource_name']);
  return {
    baseUrl: resourceId.href.replace(/\/$/, ''),
    resource: resource.resource,
    ...(resourceName ? { resourceName } : {}),
    as,
  };
}

/**
 * A name a school sends for people to read (RFC 9728 `resource_name`), kept only when it is
 * short plain text: it is shown beside the school's address, never trusted for anything.
 */
export function displayName(sent: unknown): string | undefined {
  if (typeof sent !== 'string') return undefined;
  const name = sent.replace(/\s+/g, ' ').trim();
  return name && name.length <= 100 && !UNSHOWABLE.test(name) ? name : undefined;
}

/** Control characters, and the direction overrides that could make a name read as another. */
// eslint-disable-next-line no-control-regex
const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

async function authorizationServerMetadata(issuer: URL, fetchFn: Fetch, signal?: AbortSignal) {
  let firstError: unknown;
  let found: oauth.AuthorizationServer | undefined;
  for (const algorithm of ['oauth2', 'oidc'] as const) {
    try {
      const response = await oauth.discoveryRequest(issuer, {
        algorithm,
        ...requestOptions(fetchFn, issuer, signal),
      });
      const metadata = await oauth.processDiscoveryResponse(issuer, response);
      if (!found) found = metadata;
      // RFC 8414 metadata is the source of truth; OpenID discovery only adds what it lacks
      // (userinfo_endpoint), after oauth4webapi has checked that it names the same issuer.
      else if (!found.userinfo_endpoint && metadata.userinfo_endpoint) {
        found = { ...found, userinfo_endpoint: metadata.userinfo_endpoint };
      }
      if (found.userinfo_endpoint) break;
    } catch (error) {
      // A wrong issuer is a verdict, not a missing document: never fall back past it.
      if (isIssuerMismatch(error)) throw new AuthError('issuer_mismatch', { cause: error });
      firstError ??= error;
    }
  }
  if (found) return found;
  throw discoveryError(firstError);
}

/** SECURITY: refuse a server we cannot sign in to safely. */
function checkServer(as: oauth.AuthorizationServer): void {
  if (!as.code_challenge_methods_supported?.includes('S256'))
    throw new AuthError('pkce_unsupported');
  for (const key of [
    'authorization_endpoint',
    'token_endpoint',
    'registration_endpoint',
    'revocation_endpoint',
    'userinfo_endpoint',
    'introspection_endpoint',
    'jwks_uri',
  ] as const) {
    if (as[key] !== undefined) assertSecureEndpoint(as[key], key);
  }
  if (!as.authorization_endpoint || !as.token_endpoint) {
    throw new AuthError('discovery_failed', { detail: 'authorization or token endpoint missing' });
  }
}

function isIssuerMismatch(error: unknown): boolean {
  return (
    error instanceof oauth.OperationProcessingError &&
    error.code === oauth.JSON_ATTRIBUTE_COMPARISON
  );
}

function discoveryError(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  if (
    error instanceof oauth.OperationProcessingError &&
    error.code === oauth.JSON_ATTRIBUTE_COMPARISON
  ) {
    return new AuthError('resource_mismatch', { cause: error });
  }
  return toAuthError(error, 'discovery_failed');
}
