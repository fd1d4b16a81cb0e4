import { errors } from 'oidc-provider';

/**
 * SECURITY: the platform's registration is open only to loopback clients. Every redirect URI
 * must be exactly `http://127.0.0.1:<port>/<path>`; `localhost`, https callbacks and custom
 * schemes are refused with `invalid_redirect_uri` (service-access.md, Authentication rules).
 */
export function checkLoopbackRedirectUris(uris: unknown): void {
  if (!Array.isArray(uris) || uris.length === 0) {
    throw refusal('redirect_uris must list at least one loopback address');
  }
  for (const uri of uris) {
    if (!isLoopbackRedirectUri(uri)) {
      throw refusal(
        'only loopback redirect URIs of the form http://127.0.0.1:<port>/<path> can be registered; ' +
          'an integration with a fixed callback must be arranged with support',
      );
    }
  }
}

/** True for `http://127.0.0.1[:port]/path` without credentials or a fragment. */
export function isLoopbackRedirectUri(uri: unknown): boolean {
  if (typeof uri !== 'string') return false;
  const parsed = URL.parse(uri);
  return (
    parsed !== null &&
    parsed.protocol === 'http:' &&
    parsed.hostname === '127.0.0.1' &&
    parsed.username === '' &&
    parsed.password === '' &&
    parsed.hash === '' &&
    !uri.includes('#')
  );
}

function refusal(description: string): Error {
  const error = new errors.InvalidRedirectUri();
  error.error_description = description;
  return error;
}
