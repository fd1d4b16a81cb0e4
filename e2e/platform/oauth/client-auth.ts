import type { Middleware } from 'koa';
import { errorUri } from '../http/auth-context';
import { OAUTH_PATHS } from './provider';

/** The endpoints where a client authenticates (RFC 6749 §2.3, RFC 7662, RFC 7009). */
const CLIENT_AUTH_PATHS: ReadonlySet<string> = new Set([
  OAUTH_PATHS.token,
  OAUTH_PATHS.introspection,
  OAUTH_PATHS.revocation,
]);

/**
 * SECURITY: refuses `client_secret_basic` (an `Authorization: Basic` header) at the token,
 * introspection and revocation endpoints. The metadata and registration offer only `none` and
 * `client_secret_post`, but oidc-provider treats the two secret methods as one and would
 * accept Basic from a `client_secret_post` client; a client that relies on it would then fail
 * on the real platform.
 *
 * The answer is RFC 6749 §5.2's for a failed client authentication through the Authorization
 * header: 401 `invalid_client` with a `WWW-Authenticate` naming the scheme the client used.
 * Mount it in front of oidc-provider.
 */
export function refuseUnadvertisedClientAuth(issuer: string): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('Authorization');
    if (ctx.method !== 'POST' || !CLIENT_AUTH_PATHS.has(ctx.path) || !/^basic\b/i.test(header)) {
      await next();
      return;
    }
    const description =
      'client_secret_basic is not supported: send client_secret as a form field (client_secret_post).';
    ctx.status = 401;
    ctx.set('Cache-Control', 'no-store');
    ctx.set(
      'WWW-Authenticate',
      `Basic realm="${issuer}", error="invalid_client", error_description="${description}"`,
    );
    ctx.body = {
      error: 'invalid_client',
      error_description: description,
      error_uri: errorUri(issuer, 'invalid_client'),
    };
  };
}
