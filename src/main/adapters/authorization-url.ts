/**
 * SECURITY: what `shell.openExternal` may open. The OS hands the URL to whatever program
 * claims its scheme, so an unchecked URL (file:, smb:, a custom handler) can run code. Core
 * asks to open exactly one kind of URL: the authorization request it built on the
 * authorization endpoint it discovered and validated. This recognises that request and
 * nothing else.
 */

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Query parameters every authorization request of ours carries (RFC 6749, RFC 7636). */
const REQUIRED_PARAMS = ['client_id', 'redirect_uri', 'scope', 'state', 'code_challenge'];

/**
 * Why `raw` is not an authorization request to one of `endpoints` (the authorization
 * endpoints discovered for the user's schools), or null when it is one and may be opened.
 *
 * It must be https (or http on loopback, as the stand-in platform and discovery allow), carry
 * no credentials, be addressed to a discovered endpoint (same origin and path), and be a PKCE
 * S256 code request whose redirect goes back to our loopback listener.
 */
export function authorizationUrlProblem(raw: string, endpoints: Iterable<string>): string | null {
  const url = parseUrl(raw);
  if (!url) return 'not a URL';
  if (!isWebUrl(url)) return `scheme ${url.protocol} is not allowed`;
  if (url.username || url.password) return 'URL carries credentials';
  if (!matchesEndpoint(url, endpoints)) return 'not a discovered authorization endpoint';
  const params = url.searchParams;
  if (params.get('response_type') !== 'code') return 'not an authorization code request';
  if (params.get('code_challenge_method') !== 'S256') return 'not a PKCE S256 request';
  const missing = REQUIRED_PARAMS.find((name) => !params.get(name));
  if (missing) return `no ${missing}`;
  const redirect = parseUrl(params.get('redirect_uri')!);
  if (!redirect || redirect.protocol !== 'http:' || !LOOPBACK_HOSTS.has(redirect.hostname))
    return 'redirect_uri is not our loopback listener';
  return null;
}

/** https anywhere, http only on loopback (RFC 8252 §8.3 allows no other plain http). */
function isWebUrl(url: URL): boolean {
  return (
    url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
  );
}

function matchesEndpoint(url: URL, endpoints: Iterable<string>): boolean {
  for (const raw of endpoints) {
    const endpoint = parseUrl(raw);
    if (
      endpoint &&
      isWebUrl(endpoint) &&
      endpoint.origin === url.origin &&
      endpoint.pathname === url.pathname
    )
      return true;
  }
  return false;
}

function parseUrl(raw: string): URL | undefined {
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}
