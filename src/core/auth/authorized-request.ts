import * as oauth from 'oauth4webapi';
import type { AuthDeps } from './deps';
import { AuthError, toAuthError } from './errors';
import { API_LIMITS, requestOptions, type RequestLimits } from './http-policy';
import type { Sessions } from './session';
import type { TokenSet } from './token-set';

/** How many times one request may ask for more access before it gives up. */
export const MAX_STEP_UPS_PER_REQUEST = 2;

/** A 403 `insufficient_scope` the caller may resolve by asking the user for more access. */
export class ScopeRequiredError extends AuthError {
  constructor(readonly missingScopes: string[]) {
    super('insufficient_scope', { detail: missingScopes.join(' ') });
  }
}

export type AuthorizedRequest = {
  method?: string;
  headers?: Headers;
  body?: string;
  /**
   * Asked when the API answers 403 `insufficient_scope`, with the scopes it named. Resolve
   * true once the user agreed; core then signs in for the union and retries.
   */
  onScopeRequired?: (missingScopes: string[]) => Promise<boolean>;
  /** Cancels the request; its abort stays an abort (a deadline that passes is `no_answer`). */
  signal?: AbortSignal;
  /** Deadlines and answer cap of each API request; API_LIMITS where not given. */
  limits?: Partial<RequestLimits>;
};

/**
 * Calls the school's API with the session's access token (through oauth4webapi):
 * - refreshes first when the token is about to expire;
 * - after a 401 `invalid_token`, refreshes once and retries once, then asks for a new sign-in;
 * - after a 403 `insufficient_scope`, reports the missing scopes, and steps up when allowed.
 * Each API request has deadlines and an answer cap (API_LIMITS unless `request.limits` says
 * otherwise): AuthError `no_answer` when the school does not answer in time,
 * `invalid_response` for an answer over the cap.
 */
export async function authorizedRequest(
  deps: AuthDeps,
  sessions: Sessions,
  stepUp: (set: TokenSet, missing: string[]) => Promise<TokenSet>,
  school: string,
  url: URL,
  request: AuthorizedRequest = {},
): Promise<Response> {
  let set = await sessions.fresh(school);
  // SECURITY: the token goes only to the school it was issued for, never to another origin.
  if (url.origin !== new URL(set.baseUrl).origin) {
    throw new AuthError('insecure_endpoint', { detail: `${url.origin} is not ${set.baseUrl}` });
  }
  let refreshedAfter401 = false;
  let stepUps = 0;
  for (;;) {
    let challengeError: oauth.WWWAuthenticateChallengeError;
    try {
      return await oauth.protectedResourceRequest(
        set.accessToken,
        request.method ?? 'GET',
        url,
        request.headers,
        request.body,
        requestOptions(deps.fetch, url, request.signal, { ...API_LIMITS, ...request.limits }),
      );
    } catch (error) {
      // The caller's own cancel is not a network failure: it stays the abort it was.
      if (request.signal?.aborted) throw error;
      if (!(error instanceof oauth.WWWAuthenticateChallengeError))
        throw toAuthError(error, 'network_error');
      challengeError = error;
    }
    const bearer = challengeError.cause.find((c) => c.scheme === 'bearer');
    const code = bearer?.parameters.error;
    if (challengeError.status === 401 && code === 'invalid_token') {
      if (refreshedAfter401)
        throw new AuthError('invalid_grant', { detail: 'the refreshed token was refused too' });
      refreshedAfter401 = true;
      set = await sessions.refresh(school, set.accessToken);
      continue;
    }
    if (challengeError.status === 403 && code === 'insufficient_scope') {
      const missing = (bearer?.parameters.scope ?? '').split(' ').filter(Boolean);
      if (stepUps >= MAX_STEP_UPS_PER_REQUEST) throw new AuthError('step_up_limit');
      if (!request.onScopeRequired || !(await request.onScopeRequired(missing))) {
        throw new ScopeRequiredError(missing);
      }
      stepUps += 1;
      set = await stepUp(set, missing);
      continue;
    }
    return challengeError.response;
  }
}
