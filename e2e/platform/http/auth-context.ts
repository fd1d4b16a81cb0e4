import type { Context } from 'koa';
import { resourceMetadataUrl } from '../schools';

/** Who is calling the business API, as established from the bearer token (or anonymous). */
export type AuthContext = {
  clientId: string;
  /** The account (`sub`) the token was issued to. */
  accountId: string;
  role: 'owner' | 'staff';
  /** Scopes carried by the access token. */
  scopes: ReadonlySet<string>;
} | null;

/**
 * The error body and header the API answers with when the bearer token falls short (RFC 6750
 * §3): invalid, lacking a scope, or not sent at all because the request used another scheme
 * (`unauthorized`, the API's own code: RFC 6750 has none for it).
 */
export class ScopeError extends Error {
  constructor(
    readonly status: 401 | 403,
    readonly code: 'invalid_token' | 'insufficient_scope' | 'unauthorized',
    readonly description: string,
    readonly scope?: string,
  ) {
    super(description);
  }
}

/** The caller established by the bearer middleware; null means anonymous. */
export function authOf(ctx: Context): AuthContext {
  return (ctx.state as { auth?: AuthContext }).auth ?? null;
}

/**
 * A request without any token asked for what only a signed-in caller may do (a write, or
 * userinfo). service-access.md: a request without a token "is served as anonymous. It is not
 * challenged." So it is answered 403 `forbidden` without `WWW-Authenticate`; a 401 would have
 * to carry a challenge (RFC 9110 §15.5.2), and `insufficient_scope` belongs to tokens.
 */
export class AnonymousRefusal extends Error {
  readonly status = 403;
  readonly code = 'forbidden';
}

/**
 * SECURITY: throws unless the caller's token carries `scope`: a 403 `insufficient_scope`
 * challenge for a token without it, an AnonymousRefusal (no challenge) without a token.
 */
export function requireScope(ctx: Context, scope: string): void {
  const auth = authOf(ctx);
  if (!auth) {
    throw new AnonymousRefusal(
      `Anonymous callers may only read what the school publishes; this needs an access token with the ${scope} scope.`,
    );
  }
  if (!auth.scopes.has(scope)) {
    throw new ScopeError(
      403,
      'insufficient_scope',
      `This request needs the ${scope} scope.`,
      scope,
    );
  }
}

/**
 * SECURITY: throws unless the caller's token carries at least one of `scopes` (a read the
 * platform documents under two scopes: a course's curriculum under `courses:read` and
 * `curriculum:read`). The challenge names them all (RFC 6750 §3: a space-delimited list).
 */
export function requireAnyScope(ctx: Context, scopes: readonly string[]): void {
  const auth = authOf(ctx);
  if (auth && scopes.some((scope) => auth.scopes.has(scope))) return;
  requireScope(ctx, scopes.join(' '));
}

/**
 * Where every error body's `error_uri` points: the walkthrough the authorization server
 * serves at its origin, shared by every school it serves.
 */
export function errorUri(baseUrl: string, code: string): string {
  // An error answer must never fail itself, whatever base it was given.
  const walkthrough = URL.parse('/auth.md', baseUrl)?.href ?? `${baseUrl}/auth.md`;
  return `${walkthrough}#${code}`;
}

/**
 * Answers a ScopeError as RFC 6750 asks: status, a JSON body in the RFC 6749 §5.2 shape, and a
 * `WWW-Authenticate` challenge naming the protected-resource metadata (RFC 9728 §5.1) of the
 * resource at `baseUrl`.
 */
export function sendScopeError(ctx: Context, error: ScopeError, baseUrl: string): void {
  // RFC 6750 §3.1: a request without Bearer credentials gets a challenge without error details.
  const bearerFault = error.code !== 'unauthorized';
  const parts = [
    ...(bearerFault
      ? [`error="${error.code}"`, `error_description="${error.description.replace(/"/g, "'")}"`]
      : []),
    ...(error.scope ? [`scope="${error.scope}"`] : []),
    `resource_metadata="${resourceMetadataUrl(baseUrl)}"`,
  ];
  ctx.status = error.status;
  ctx.set('WWW-Authenticate', `Bearer ${parts.join(', ')}`);
  ctx.body = {
    error: error.code,
    error_description: error.description,
    error_uri: errorUri(baseUrl, error.code),
  };
}

/** Answers an AnonymousRefusal: 403 and the error body, without `WWW-Authenticate`. */
export function sendAnonymousRefusal(ctx: Context, error: AnonymousRefusal, baseUrl: string): void {
  ctx.status = error.status;
  ctx.body = {
    error: error.code,
    error_description: error.message,
    error_uri: errorUri(baseUrl, error.code),
  };
}
