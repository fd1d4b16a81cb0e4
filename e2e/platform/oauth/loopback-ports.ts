import type Provider from 'oidc-provider';
import { isLoopbackRedirectUri } from './redirect-uris';

/** `http://127.0.0.1` plus any port, up to the path, query or end. */
const LOOPBACK_AUTHORITY = /^http:\/\/127\.0\.0\.1(?::\d+)?(?=[/?]|$)/;

/** The URI with its loopback port removed; undefined for anything but a loopback URI. */
function withoutPort(uri: string): string | undefined {
  if (!isLoopbackRedirectUri(uri) || !LOOPBACK_AUTHORITY.test(uri)) return undefined;
  return uri.replace(LOOPBACK_AUTHORITY, 'http://127.0.0.1');
}

/**
 * True when `requested` is a registered loopback redirect URI on another port: same path and
 * query, only the port differs.
 */
export function loopbackRedirectMatches(requested: string, registered: readonly string[]): boolean {
  const wanted = withoutPort(requested);
  return wanted !== undefined && registered.some((uri) => withoutPort(uri) === wanted);
}

/**
 * RFC 8252 §7.3: a loopback redirect URI matches whatever its port. oidc-provider grants that
 * only to clients registered with `application_type: native`; one registered without it is a
 * web client there, and the same app on a new port got "redirect_uri did not match". The
 * platform registers loopback redirect URIs only, so every one of its clients is a native app
 * in RFC 8252's sense, whatever type it declared.
 *
 * oidc-provider has no setting for this, so the Client model's check is widened here; an exact
 * match and everything else still go through oidc-provider's own check first.
 */
export function acceptAnyLoopbackPort(provider: Provider): void {
  const prototype = provider.Client.prototype as {
    redirectUriAllowed: (this: { redirectUris: string[] }, value: string) => boolean;
  };
  const ownCheck = prototype.redirectUriAllowed;
  prototype.redirectUriAllowed = function redirectUriAllowed(value) {
    // SECURITY: only the port may differ, and only for http://127.0.0.1 (never a host or path).
    return ownCheck.call(this, value) || loopbackRedirectMatches(value, this.redirectUris);
  };
}
