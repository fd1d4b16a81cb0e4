import { setTimeout as delay } from 'node:timers/promises';
import * as oauth from 'oauth4webapi';
import type { AuthDeps } from './deps';
import { isNoAnswer } from '../platform/errors';
import { AuthError, isAuthError } from './errors';
import { OAUTH_LIMITS, requestOptions, type RequestLimits } from './http-policy';
import { schoolMetadata } from './metadata-cache';
import type { PendingRevocation, TokenHint } from './pending-revocations';

/** How persistent a revocation is; every member has a default. */
export type RevocationPolicy = {
  /** Attempts per token, the first included. */
  attempts: number;
  /**
   * Of those, how many may end without an answer in time. Each such attempt costs a whole
   * deadline (10 s to headers), so this is what bounds a sign-out against a silent school.
   */
  maxTimeouts: number;
  /** Wait before the first retry; doubles on each retry. */
  baseDelayMs: number;
  /** No wait is longer, a Retry-After included. */
  maxDelayMs: number;
  /** Each attempt's deadlines (http-policy's OAUTH_LIMITS unless a test says otherwise). */
  limits: RequestLimits;
  /** Waits; injectable so tests need not wait long. */
  sleep: (ms: number) => Promise<void>;
};

/**
 * Three attempts over a few seconds: 0.5 s, then 1 s between them, longer when a 429 or 503
 * asks for it (at most 4 s). Against a school that never answers, at most 2 attempts wait out
 * the 10 s deadline, so a token's revocation gives up after about 21 s and a sign-out (two
 * tokens, one after the other) after about 43 s; whatever is left then stays pending.
 */
export const DEFAULT_REVOCATION_POLICY: RevocationPolicy = {
  attempts: 3,
  maxTimeouts: 2,
  baseDelayMs: 500,
  maxDelayMs: 4_000,
  limits: OAUTH_LIMITS,
  sleep: (ms) => delay(ms),
};

/**
 * What became of one token:
 * - `confirmed`: the school answered 200 (RFC 7009: also for a token it no longer knows);
 * - `pending`: no answer, a 5xx or a 429 on every attempt; worth trying again later;
 * - `refused`: a final answer (400 invalid_client, unsupported_token_type...); trying again
 *   would not help, and the owner is told so.
 */
export type TokenOutcome =
  | { hint: TokenHint; result: 'confirmed' }
  | { hint: TokenHint; result: 'pending'; detail: string }
  | { hint: TokenHint; result: 'refused'; detail: string };

/** What one run over a pending record achieved, token by token, and what is still pending. */
export type RevocationRun = { outcomes: TokenOutcome[]; left: PendingRevocation | undefined };

type Attempt =
  | { kind: 'confirmed' }
  | { kind: 'retry'; detail: string; timedOut: boolean; retryAfterMs?: number }
  | { kind: 'final'; detail: string };

/**
 * Tries to revoke every token of `record` at its school, each with retries (see
 * {@link RevocationPolicy}). Every token is tried whatever happened to the one before: a
 * failure of the refresh token's revocation never skips the access token's. Answers each
 * token's outcome, and the record with only the tokens still pending (undefined when none is).
 *
 * SECURITY: the tokens go only to the revocation endpoint of the server that issued them.
 * When the record does not know the endpoint, the school's metadata is read (from the cache or
 * discovery) and used only if it names the same issuer.
 */
export async function revokePending(
  deps: AuthDeps,
  record: PendingRevocation,
  policy: RevocationPolicy,
): Promise<RevocationRun> {
  deps.mask.add(...record.tokens.map((t) => t.value));
  let endpoint: string | undefined;
  try {
    endpoint = record.endpoint ?? (await revocationEndpointOf(deps, record));
  } catch (error) {
    const detail = isAuthError(error) ? error.code : 'discovery failed';
    const final = isAuthError(error, 'revocation_refused');
    const outcomes = record.tokens.map(({ hint }): TokenOutcome =>
      final ? { hint, result: 'refused', detail } : { hint, result: 'pending', detail },
    );
    return { outcomes, left: final ? undefined : record };
  }
  const as: oauth.AuthorizationServer = { issuer: record.issuer, revocation_endpoint: endpoint };
  const outcomes: TokenOutcome[] = [];
  for (const token of record.tokens) outcomes.push(await revokeToken(deps, as, token, policy));
  // Outcomes come in the record's order, one per token.
  const tokens = record.tokens.filter((_, i) => outcomes[i]?.result === 'pending');
  return { outcomes, left: tokens.length > 0 ? { ...record, endpoint, tokens } : undefined };
}

/** The school's revocation endpoint, from metadata that names the record's issuer. */
async function revocationEndpointOf(deps: AuthDeps, record: PendingRevocation): Promise<string> {
  const school = await schoolMetadata(record.baseUrl, {
    ...deps,
    maxAgeMs: deps.metadataMaxAgeMs,
  });
  if (school.as.issuer !== record.issuer)
    throw new AuthError('revocation_refused', { detail: 'the school names another server now' });
  if (!school.as.revocation_endpoint)
    throw new AuthError('revocation_refused', { detail: 'the school offers no revocation' });
  return school.as.revocation_endpoint;
}

async function revokeToken(
  deps: AuthDeps,
  as: oauth.AuthorizationServer,
  token: PendingRevocation['tokens'][number],
  policy: RevocationPolicy,
): Promise<TokenOutcome> {
  let timeouts = 0;
  let last: Attempt = { kind: 'retry', detail: 'not tried', timedOut: false };
  for (let attempt = 0; attempt < policy.attempts; attempt += 1) {
    if (attempt > 0) {
      const backoff = policy.baseDelayMs * 2 ** (attempt - 1);
      const wait = Math.max(backoff, last.kind === 'retry' ? (last.retryAfterMs ?? 0) : 0);
      await policy.sleep(Math.min(wait, policy.maxDelayMs));
    }
    last = await revokeOnce(deps, as, token, policy.limits);
    if (last.kind === 'confirmed') return { hint: token.hint, result: 'confirmed' };
    if (last.kind === 'final') {
      deps.log.warn(`the school refused to revoke a ${token.hint}: ${last.detail}`);
      return { hint: token.hint, result: 'refused', detail: last.detail };
    }
    if (last.timedOut && ++timeouts >= policy.maxTimeouts) break;
  }
  const detail = last.kind === 'retry' ? last.detail : 'not confirmed';
  deps.log.warn(`revoking a ${token.hint} at ${String(as.issuer)} is pending: ${detail}`);
  return { hint: token.hint, result: 'pending', detail };
}

/** One revocation request (RFC 7009, with `client_id` and `token_type_hint`). */
async function revokeOnce(
  deps: AuthDeps,
  as: oauth.AuthorizationServer,
  token: PendingRevocation['tokens'][number],
  limits: RequestLimits,
): Promise<Attempt> {
  const client: oauth.Client = { client_id: token.clientId, token_endpoint_auth_method: 'none' };
  let response: Response;
  try {
    response = await oauth.revocationRequest(as, client, oauth.None(), token.value, {
      ...requestOptions(deps.fetch, new URL(as.revocation_endpoint!), undefined, limits),
      additionalParameters: { token_type_hint: token.hint },
    });
  } catch (error) {
    if (isNoAnswer(error)) {
      const timedOut = isAuthError(error, 'no_answer');
      return { kind: 'retry', detail: timedOut ? 'no answer in time' : 'no answer', timedOut };
    }
    return { kind: 'final', detail: isAuthError(error) ? error.code : 'request failed' };
  }
  if (response.status === 429 || response.status >= 500) {
    const retryAfter = Number(response.headers.get('retry-after'));
    return {
      kind: 'retry',
      detail: `HTTP ${response.status}`,
      timedOut: false,
      ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterMs: retryAfter * 1000 } : {}),
    };
  }
  try {
    await oauth.processRevocationResponse(response);
    return { kind: 'confirmed' };
  } catch (error) {
    const code = error instanceof oauth.ResponseBodyError ? error.error : undefined;
    return { kind: 'final', detail: code ?? `HTTP ${response.status}` };
  }
}
