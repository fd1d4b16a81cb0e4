import type { Middleware } from 'koa';
import type Provider from 'oidc-provider';
import { ScopeError, sendScopeError } from '../api/auth-context';
import { claimsForScopes, findDemoAccount } from './accounts';
import { bearerTokenOf, verifyAccessToken } from './access-tokens';

/**
 * `GET|POST /api/oauth/userinfo`: the profile of the token's account, limited to what the
 * granted scopes allow (openid: sub, role, school; profile: name, avatar; email: email,
 * email_verified).
 *
 * Served by the stand-in rather than oidc-provider because every token here is bound to the
 * API (RFC 8707), and oidc-provider's userinfo refuses tokens with an audience.
 */
export function userinfoHandler(provider: Provider, baseUrl: string): Middleware {
  return async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    try {
      const value = bearerTokenOf(ctx.get('Authorization') || undefined);
      if (value === null)
        throw new ScopeError(401, 'invalid_token', 'userinfo needs a bearer access token.');
      const token = await verifyAccessToken(provider, value, baseUrl);
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
      if (error instanceof ScopeError) return sendScopeError(ctx, error, baseUrl);
      throw error;
    }
  };
}
