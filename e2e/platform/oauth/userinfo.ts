import type { Middleware } from 'koa';
import type Provider from 'oidc-provider';
import {
  AnonymousRefusal,
  ScopeError,
  sendAnonymousRefusal,
  sendScopeError,
} from '../http/auth-context';
import type { SchoolDirectory } from '../schools';
import { claimsForScopes, findDemoAccount } from './accounts';
import { bearerTokenOf, verifyAccessToken } from './access-tokens';

/**
 * `GET|POST /api/oauth/userinfo`: the profile of the token's account, limited to what the
 * granted scopes allow (openid: sub, role, school; profile: name, avatar; email: email,
 * email_verified). It belongs to the authorization server, so it takes a token of any school
 * the server serves.
 *
 * Without a token the request is served as anonymous and not challenged (service-access.md):
 * anonymous has no profile, so the answer is 403 `forbidden` without `WWW-Authenticate`.
 *
 * Served by the stand-in rather than oidc-provider because every token here is bound to the
 * API (RFC 8707), and oidc-provider's userinfo refuses tokens with an audience.
 */
export function userinfoHandler(
  provider: Provider,
  issuer: string,
  schools: SchoolDirectory,
): Middleware {
  return async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    try {
      const value = bearerTokenOf(ctx.get('Authorization') || undefined);
      if (value === null)
        throw new AnonymousRefusal('userinfo describes a signed-in person; send an access token.');
      const token = await verifyAccessToken(provider, value, schools.resources());
      const account = findDemoAccount(token.accountId);
      if (!account)
        throw new ScopeError(401, 'invalid_token', 'The account of this token no longer exists.');
      const granted = (scope: string) =>
        token.scopes.has(scope) && token.grantOidcScopes.has(scope);
      if (!granted('openid')) {
        throw new ScopeError(
          403,
          'insufficient_scope',
          'userinfo needs the openid scope.',
          'openid',
        );
      }
      ctx.body = claimsForScopes(account, granted);
    } catch (error) {
      if (error instanceof ScopeError) return sendScopeError(ctx, error, issuer);
      if (error instanceof AnonymousRefusal) return sendAnonymousRefusal(ctx, error, issuer);
      throw error;
    }
  };
}
