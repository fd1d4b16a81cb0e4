import type Provider from 'oidc-provider';
import { ScopeError } from '../http/auth-context';

/** A verified access token with what the resource server needs to know about it. */
export type VerifiedToken = {
  clientId: string;
  accountId: string;
  scopes: Set<string>;
  /** OIDC scopes of the grant behind the token, for userinfo. */
  grantOidcScopes: Set<string>;
};

const invalid = (description: string) => new ScopeError(401, 'invalid_token', description);

/**
 * SECURITY: local verification of an opaque access token by the resource server. The token
 * must exist, be unexpired, be bound to this API (`aud`, RFC 8707: `audience`, or one of a
 * set) and belong to a live grant of the same client and account, so revocation and expiry
 * take effect at once. A token of another school on the same server is refused like any
 * token not issued for this API.
 */
export async function verifyAccessToken(
  provider: Provider,
  value: string,
  audience: string | ReadonlySet<string>,
): Promise<VerifiedToken> {
  const token = await provider.AccessToken.find(value);
  if (!token || token.isExpired) throw invalid('The access token is invalid, expired or revoked.');
  const accepted = typeof audience === 'string' ? new Set([audience]) : audience;
  if (![token.aud].flat().some((aud) => typeof aud === 'string' && accepted.has(aud)))
    throw invalid('The access token was not issued for this API.');
  const { clientId, accountId } = token;
  const grant = token.grantId ? await provider.Grant.find(token.grantId) : undefined;
  if (!clientId || !grant || grant.clientId !== clientId || grant.accountId !== accountId) {
    throw invalid('The access token is no longer backed by a grant.');
  }
  const client = await provider.Client.find(clientId);
  if (!client) throw invalid('The client of this access token no longer exists.');
  return {
    clientId,
    accountId: String(accountId),
    scopes: new Set(token.scopes),
    grantOidcScopes: new Set((grant.getOIDCScope() ?? '').split(' ').filter(Boolean)),
  };
}

/**
 * The bearer token of a request, or null when there is none (anonymous). A malformed Bearer
 * header is an invalid token, not anonymous; credentials of another scheme (Basic) are no
 * Bearer token at all, answered with a bare challenge (RFC 6750 §3.1).
 */
export function bearerTokenOf(header: string | undefined): string | null {
  if (header === undefined || header === '') return null;
  if (!/^bearer\b/i.test(header.trim()))
    throw new ScopeError(401, 'unauthorized', 'This API takes a Bearer token (RFC 6750).');
  const match = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i.exec(header.trim());
  if (!match?.[1]) throw invalid('The Bearer token is malformed.');
  return match[1];
}
