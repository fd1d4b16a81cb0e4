import { setTimeout as delay } from 'node:timers/promises';
import { isNoAnswer, PlatformError, RateLimitedError } from './errors';

/** What a request to the platform carries; the same shape `AuthService.request` takes. */
export type ApiRequestInit = {
  method: string;
  headers: Headers;
  body?: string;
  signal?: AbortSignal;
  /**
   * Who waits for the answer, for the client-side rate limiter: the screen (default) goes
   * before background sync. Transports that do not limit ignore it.
   */
  priority?: 'screen' | 'background';
};

/**
 * Sends one HTTP request with the session's credentials. The app passes
 * `(url, init) => auth.request(schoolId, url, init)` (refresh and step-up included); tests pass
 * plain fetch with a bearer token minted by the stand-in.
 */
export type ApiTransport = (url: URL, init: ApiRequestInit) => Promise<Response>;

/** How persistent the client is; every member has a default. */
export type RetryPolicy = {
  /** Retries after the first attempt, for all reasons together. */
  maxRetries: number;
  /**
   * Of those, how many may follow a request that got no answer in time. Each such attempt
   * costs a whole deadline (10 s to headers by default), so this is what bounds a list
   * against a dead school; see DEFAULT_RETRY_POLICY.
   */
  maxTimeoutRetries: number;
  /** First backoff after a 5xx or a dropped connection; doubles on each retry. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited out: the caller gets RateLimitedError. */
  maxRetryAfterMs: number;
  /** Waits; injectable so tests need not. Must reject when `signal` aborts. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** 0..1, for jitter; injectable so tests get exact delays. */
  random: () => number;
  /** Milliseconds since the epoch, to read an HTTP-date Retry-After. */
  now: () => number;
};

/**
 * The worst case of one request with these defaults and http-policy's API_LIMITS, against a
 * school that never answers: at most 2 attempts wait out the 10 s deadline to headers (the
 * first and one retry), and the backoff sleeps of all 4 retries add at most
 * 250 + 500 + 1,000 + 2,000 ms, so a GET fails after about 24 s plus the time of any attempts
 * refused outright (quick wherever a refusal comes back at all) and of a token refresh, when
 * one is due. Against a school that sends headers and then stalls, each of those 2 attempts
 * may take the 60 s total deadline. Waits that a 429 or 503 asks for with Retry-After are
 * apart: each is bounded by `maxRetryAfterMs`.
 */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 4,
  maxTimeoutRetries: 1,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 120_000,
  sleep: (ms, signal) => delay(ms, undefined, { signal }),
  random: Math.random,
  now: Date.now,
};

/**
 * May this request be sent twice? GET and HEAD change nothing. A POST with an
 * Idempotency-Key is deduplicated by the server, so a repeat answers the first result. PATCH,
 * PUT and DELETE are never repeated after a failure whose outcome is unknown (5xx, a dropped
 * connection): the first one may have been applied, and the user decides what happens next.
 */
export function isRepeatable(init: ApiRequestInit): boolean {
  const method = init.method.toUpperCase();
  if (method === 'GET' || method === 'HEAD') return true;
  return method === 'POST' && init.headers.has('Idempotency-Key');
}

/** Retry-After as delta-seconds or an HTTP-date, in ms from now; undefined when absent or bad. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Exponential backoff with "equal jitter": between half and all of base·2^retry. */
function backoff(policy: RetryPolicy, retry: number): number {
  const full = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(full / 2 + (policy.random() * full) / 2);
}

/**
 * No answer within the request's deadline: AuthService reports it as `no_answer`; a plain
 * fetch on `AbortSignal.timeout` as a TimeoutError.
 */
function isTimeout(error: unknown): boolean {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  return code === 'no_answer' || name === 'TimeoutError';
}

/** Frees the connection of an answer we are about to discard. */
async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

/**
 * Sends a request through `transport`, retrying what is safe to retry:
 * - 429 (any method): the server refused it before doing anything, so it is waited out for
 *   exactly `Retry-After` and sent again;
 * - 5xx, dropped connections and requests that got no answer within their deadline, only
 *   when `isRepeatable`, with exponential backoff (a 503's own Retry-After wins when it says
 *   longer); after a timeout at most `maxTimeoutRetries` times.
 * Answers the final Response (which may still be a 5xx, for the caller to name); throws
 * PlatformError `network_error` when no answer came (for a write, its outcome is unknown),
 * RateLimitedError when 429 persisted. The caller's own abort is rethrown as it came.
 */
export async function sendWithRetry(
  transport: ApiTransport,
  url: URL,
  init: ApiRequestInit,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): Promise<Response> {
  const repeatable = isRepeatable(init);
  let timeouts = 0;
  for (let retry = 0; ; retry += 1) {
    const canRetry = retry < policy.maxRetries;
    let response: Response;
    try {
      response = await transport(url, init);
    } catch (error) {
      if (init.signal?.aborted || !isNoAnswer(error)) throw error;
      const timedOut = isTimeout(error);
      if (timedOut) timeouts += 1;
      if (!repeatable || !canRetry || (timedOut && timeouts > policy.maxTimeoutRetries)) {
        throw new PlatformError('network_error', {
          cause: error,
          detail: `${init.method} ${url.pathname}${timedOut ? ': no answer in time' : ''}`,
        });
      }
      await policy.sleep(backoff(policy, retry), init.signal);
      continue;
    }

    const retryAfter = parseRetryAfter(response.headers.get('Retry-After'), policy.now());
    if (response.status === 429) {
      await discard(response);
      if (!canRetry || (retryAfter ?? 0) > policy.maxRetryAfterMs)
        throw new RateLimitedError(retryAfter);
      await policy.sleep(retryAfter ?? backoff(policy, retry), init.signal);
      continue;
    }
    if (response.status >= 500 && repeatable && canRetry) {
      await discard(response);
      const wait = Math.max(backoff(policy, retry), retryAfter ?? 0);
      await policy.sleep(Math.min(wait, policy.maxRetryAfterMs), init.signal);
      continue;
    }
    return response;
  }
}
