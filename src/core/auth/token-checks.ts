import * as oauth from 'oauth4webapi';
import type { AuthDeps } from './deps';
import type { SchoolMetadata } from './discovery';
import { AuthError } from './errors';
import { requestOptions } from './http-policy';
import type { TokenSet } from './token-set';

/**
 * SECURITY: checks that a new access token is bound to the school it was asked for (RFC 8707
 * `resource`). A server that ignores `resource` would hand a hostile school, which names
 * another school's authorization server, a token that works at that other school. The token's
 * own `aud` is read when it is a JWT; otherwise the binding is read through introspection
 * (RFC 7662), where the server lets this client introspect its own tokens. A server that
 * shows neither is trusted as before: there is nothing to read.
 */
export async function checkAudience(
  deps: Pick<AuthDeps, 'fetch' | 'log'>,
  school: SchoolMetadata,
  client: oauth.Client,
  accessToken: string,
): Promise<void> {
  const audience =
    jwtAudience(accessToken) ?? (await introspectedAudience(deps, school, client, accessToken));
  if (audience === undefined) return;
  const audiences = Array.isArray(audience) ? audience : [audience];
  if (!audiences.some((aud) => sameResource(aud, school.resource))) {
    throw new AuthError('audience_mismatch', { detail: `aud ${audiences.join(' ')}` });
  }
}

/**
 * SECURITY: a new sign-in or a step-up replaces the school's session only for the same account
 * (`sub`). Someone else's session would take over the owner's local copy and unsent changes.
 */
export function checkSameAccount(previous: TokenSet | undefined, next: TokenSet): void {
  if (previous?.sub && next.sub && previous.sub !== next.sub) {
    throw new AuthError('account_changed');
  }
}

/** The `aud` claim of a JWT access token; undefined for an opaque token. */
function jwtAudience(token: string): string | string[] | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
    return audienceOf(payload);
  } catch {
    return undefined;
  }
}

async function introspectedAudience(
  deps: Pick<AuthDeps, 'fetch' | 'log'>,
  school: SchoolMetadata,
  client: oauth.Client,
  token: string,
): Promise<string | string[] | undefined> {
  const endpoint = school.as.introspection_endpoint;
  if (!endpoint) return undefined;
  let claims: oauth.IntrospectionResponse;
  try {
    const response = await oauth.introspectionRequest(
      school.as,
      client,
      oauth.None(),
      token,
      requestOptions(deps.fetch, new URL(endpoint)),
    );
    claims = await oauth.processIntrospectionResponse(school.as, client, response);
  } catch (error) {
    // Introspection is optional for this client; a refusal or a fault leaves nothing to read.
    deps.log.warn(`introspection at ${school.as.issuer} not available: ${nameOf(error)}`);
    return undefined;
  }
  if (!claims.active) throw new AuthError('token_failed', { detail: 'new token inactive' });
  return audienceOf(claims);
}

function audienceOf(claims: unknown): string | string[] | undefined {
  const aud = (claims as { aud?: unknown } | null)?.aud;
  if (typeof aud === 'string') return aud;
  if (Array.isArray(aud) && aud.every((a) => typeof a === 'string')) return aud;
  return undefined;
}

/** Resource identifiers compare as URLs: a trailing slash on a bare origin is the same resource. */
function sameResource(a: string, b: string): boolean {
  const strip = (value: string) => value.replace(/\/$/, '');
  return strip(a) === strip(b);
}

function nameOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.name : 'error';
}
