import type { Context } from 'koa';

/** Who is calling the business API, as established from the bearer token (or anonymous). */
export type AuthContext = {
  clientId: string;
  /** The account (`sub`) the token was issued to. */
  accountId: string;
  role: 'owner' | 'staff';
  /** Scopes carried by the access token. */
  scopes: ReadonlySet<string>;
} | null;

/** The error body and header the API answers with when a scope is missing (RFC 6750 §3). */
export class ScopeError extends Error {
  constructor(
    readonly status: 401 | 403,
    readonly code: 'invalid_token' | 'insufficient_scope',
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
 * SECURITY: throws a 403 `insufficient_scope` unless the caller's token carries `scope`.
 * Anonymous callers never hold a scope, so anonymous writes are refused here too.
 */
export function requireScope(ctx: Context, scope: string): void {
  const auth = authOf(ctx);
  if (!auth || !auth.scopes.has(scope)) {
    throw new ScopeError(
      403,
      'insufficient_scope',
      `This request needs the ${scope} scope.`,
      scope,
    );
  }
}

/** True when the caller may read `area` (`<area>:read`); anonymous callers may not. */
export function hasScope(ctx: Context, scope: string): boolean {
  return authOf(ctx)?.scopes.has(scope) ?? false;
}

/** Where every error body's `error_uri` points: the walkthrough served by the stand-in. */
export function errorUri(baseUrl: string, code: string): string {
  return `${baseUrl}/auth.md#${code}`;
}

/**
 * Answers a ScopeError as RFC 6750 asks: status, a JSON body in the RFC 6749 §5.2 shape, and a
 * `WWW-Authenticate` challenge naming the protected-resource metadata (RFC 9728 §5.1).
 */
export function sendScopeError(ctx: Context, error: ScopeError, baseUrl: string): void {
  const parts = [
    `error="${error.code}"`,
    `error_description="${error.description.replace(/"/g, "'")}"`,
    ...(error.scope ? [`scope="${error.scope}"`] : []),
    `resource_metadata="${baseUrl}/.well-known/oauth-protected-resource"`,
  ];
  ctx.status = error.status;
  ctx.set('WWW-Authenticate', `Bearer ${parts.join(', ')}`);
  ctx.body = {
    error: error.code,
    error_description: error.description,
    error_uri: errorUri(baseUrl, error.code),
  };
}
