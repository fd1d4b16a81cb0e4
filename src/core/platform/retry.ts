import { setTimeout as delay } from 'node:timers/promises';
import { PlatformError, RateLimitedError } from './errors';

/** What a request to the platform carries; the same shape `AuthService.request` takes. */
export type ApiRequestInit = {
  method: string;
  headers: Headers;
  body?: string;
  signal?: AbortSignal;
};

/**
 * Sends one HTTP request with the session's credentials. The app passes
 * `(url, init) => auth.request(issuer, url, init)` (refresh and step-up included); tests pass
 * plain fetch with a bearer token minted by the stand-in.
 */
export type ApiTransport = (url: URL, init: ApiRequestInit) => Promise<Response>;

/** How persistent the client is; every member has a default. */
export type RetryPolicy = {
  /** Retries after the first attempt, for all reasons together. */
  maxRetries: number;
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

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 4,
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

/** fetch reports refused, reset and dropped connections as TypeError; AuthService as network_error. */
function isConnectionFailure(error: unknown): boolean {
  return (
    error instanceof TypeError || (error as { code?: unknown } | null)?.code === 'network_error'
  );
}

/** Frees the connection of an answer we are about to discard. */
async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

/**
 * Sends a request through `transport`, retrying what is safe to retry:
 * - 429 (any method): the server refused it before doing anything, so it is waited out for
 *   exactly `Retry-After` and sent again;
 * - 5xx and dropped connections, only when `isRepeatable`, with exponential backoff (a 503's
 *   own Retry-After wins when it says longer).
 * Answers the final Response (which may still be a 5xx, for the caller to name); throws
 * PlatformError `network_error` when no answer came, RateLimitedError when 429 persisted.
 */
export async function sendWithRetry(
  transport: ApiTransport,
  url: URL,
  init: ApiRequestInit,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): Promise<Response> {
  const repeatable = isRepeatable(init);
  for (let retry = 0; ; retry += 1) {
    const canRetry = retry < policy.maxRetries;
    let response: Response;
    try {
      response = await transport(url, init);
    } catch (error) {
      if (init.signal?.aborted || !isConnectionFailure(error)) throw error;
      if (!repeatable || !canRetry) {
        throw new PlatformError('network_error', {
          cause: error,
          detail: `${init.method} ${url.pathname}`,
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
