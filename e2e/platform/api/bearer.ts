import type { Middleware } from 'koa';
import type Provider from 'oidc-provider';
import { findDemoAccount } from '../oauth/accounts';
import { bearerTokenOf, verifyAccessToken } from '../oauth/access-tokens';
import { ScopeError, sendScopeError } from '../http/auth-context';

/**
 * Establishes the caller of the business API. No Authorization header means anonymous
 * (service-access.md: served, not challenged); a bad or revoked token is a 401
 * `invalid_token` with a `WWW-Authenticate` challenge.
 */
export function bearerAuth(provider: Provider, baseUrl: string): Middleware {
  return async (ctx, next) => {
    try {
      const value = bearerTokenOf(ctx.get('Authorization') || undefined);
      if (value === null) {
        ctx.state.auth = null;
      } else {
        const token = await verifyAccessToken(provider, value, baseUrl);
        const account = findDemoAccount(token.accountId);
        if (!account)
          throw new ScopeError(401, 'invalid_token', 'The account of this token no longer exists.');
        ctx.state.auth = {
          clientId: token.clientId,
          accountId: token.accountId,
          role: account.role,
          scopes: token.scopes,
        };
      }
    } catch (error) {
      if (error instanceof ScopeError) return sendScopeError(ctx, error, baseUrl);
      throw error;
    }
    await next();
  };
}
