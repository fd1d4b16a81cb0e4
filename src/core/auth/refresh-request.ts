import { setTimeout as sleep } from 'node:timers/promises';
import * as oauth from 'oauth4webapi';
import type { Fetch } from '../adapters';
import { isNoAnswer } from '../platform/errors';
import type { SchoolMetadata } from './discovery';
import { OAUTH_LIMITS, requestOptions } from './http-policy';

/** The waits before the second and the third attempt of a refresh. */
export const REFRESH_RETRY_DELAYS_MS: readonly number[] = [500, 2_000];

/**
 * A refused, reset or dropped connection (fetch's TypeError), which a moment later may pass;
 * a deadline that passed is no answer too, but is not retried here (see below).
 */
function isConnectionFailure(error: unknown): boolean {
  return error instanceof TypeError && isNoAnswer(error);
}

/**
 * Sends the refresh token request, retrying what may pass a moment later: a 5xx answer or a
 * failed connection, at most 1 + REFRESH_RETRY_DELAYS_MS.length attempts with those waits.
 * Never retried:
 * - any 4xx answer: `invalid_grant` and `invalid_client` mean only a new sign-in helps;
 * - a request that got no answer within its deadline (AuthError `no_answer`): it has already
 *   cost a whole deadline, and the caller's retry policy bounds those;
 * - an answer over the size cap.
 * The retries honour OAUTH_LIMITS: one more starts only while its wait plus a deadline to the
 * answer fit within `totalMs` of the first attempt. Answers the last Response (a 5xx one
 * included, for oauth4webapi to name), or throws what the last attempt threw.
 */
export async function refreshTokenRequest(
  fetchFn: Fetch,
  school: SchoolMetadata,
  client: oauth.Client,
  refreshToken: string,
): Promise<Response> {
  const startedAt = performance.now();
  for (let attempt = 0; ; attempt += 1) {
    /** The wait before the next attempt, or undefined when none may follow. */
    const nextWait = (): number | undefined => {
      const wait = REFRESH_RETRY_DELAYS_MS[attempt];
      const elapsed = performance.now() - startedAt;
      return wait !== undefined && elapsed + wait + OAUTH_LIMITS.answerMs <= OAUTH_LIMITS.totalMs
        ? wait
        : undefined;
    };
    let response: Response;
    try {
      response = await oauth.refreshTokenGrantRequest(
        school.as,
        client,
        oauth.None(),
        refreshToken,
        {
          ...requestOptions(fetchFn, new URL(school.as.token_endpoint!)),
          additionalParameters: { resource: school.resource },
        },
      );
    } catch (error) {
      const wait = isConnectionFailure(error) ? nextWait() : undefined;
      if (wait === undefined) throw error;
      await sleep(wait);
      continue;
    }
    const wait = response.status >= 500 ? nextWait() : undefined;
    if (wait === undefined) return response;
    // Frees the connection of an answer we discard.
    await response.body?.cancel().catch(() => undefined);
    await sleep(wait);
  }
}
