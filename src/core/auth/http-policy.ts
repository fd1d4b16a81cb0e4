import * as oauth from 'oauth4webapi';
import type { Fetch } from '../adapters';
import { BufferedResponse } from './buffered-response';
import { AuthError } from './errors';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** True for http:// on this machine, the only place plain http is acceptable. */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * SECURITY: every endpoint must be https, or http on loopback (a school on this machine, as
 * the stand-in is). Anything else would send codes and tokens in the clear.
 */
export function assertSecureEndpoint(value: unknown, what: string): URL {
  const url = typeof value === 'string' ? URL.parse(value) : null;
  if (!url || !(url.protocol === 'https:' || isLoopbackHttp(url))) {
    throw new AuthError('insecure_endpoint', { detail: `${what}: ${String(value)}` });
  }
  return url;
}

/** Largest JSON answer core accepts from a school's OAuth endpoints; metadata and tokens are a few kB. */
export const MAX_RESPONSE_BYTES = 256 * 1024;

/**
 * Largest answer core accepts from the school's business API. SECURITY: a cap there must be,
 * so a hostile or broken server cannot make core buffer an endless body; it is sized from real
 * data rather than from the OAuth answers above.
 * - A page holds at most 50 courses. A course the platform accepts may carry a 20,000-character
 *   description (up to 60 kB as UTF-8 CJK) and up to 100 sections × 200 lectures; a lecture is
 *   about 130 bytes of JSON with a typical title (~700 with a 200-character CJK title).
 * - The large case seen at schools, every course of a 50-course page with a 20,000-character
 *   description and a 20 × 60-lecture curriculum, measured 8.9 MB on the stand-in
 *   (`--long-descriptions 50 --big-curriculum 50`); with CJK descriptions it is ≈ 11 MB. One
 *   course at the schema maximum (20,000 lectures) is ~3 MB with typical titles.
 * - A page of 50 courses all at the schema maximum would be 130 MB or more: no cap that a
 *   desktop app should buffer covers it, so such a page is refused with a coded error.
 * 16 MiB covers the large case with room to spare, and even one course at the schema maximum
 * with 200-character CJK titles (~14 MB), while keeping the worst buffer per request small.
 */
export const MAX_API_RESPONSE_BYTES = 16 * 1024 * 1024;

/**
 * How long one request may take. fetch offers no separate connect timeout, so `answerMs` runs
 * from sending until the response headers arrive: it covers DNS, connecting, TLS and the
 * school's think time, and is what makes an unreachable school fail in seconds. `totalMs` runs
 * until the whole body has been read.
 */
export type RequestDeadlines = { answerMs: number; totalMs: number };

/** What one request may cost: its deadlines and the largest body read. */
export type RequestLimits = RequestDeadlines & { maxBytes: number };

/** OAuth requests (discovery, registration, token, userinfo, revocation): small answers. */
export const OAUTH_LIMITS: Readonly<RequestLimits> = {
  answerMs: 10_000,
  totalMs: 30_000,
  maxBytes: MAX_RESPONSE_BYTES,
};

/** Business API requests: the same wait for headers, longer for bodies of real size. */
export const API_LIMITS: Readonly<RequestLimits> = {
  answerMs: 10_000,
  totalMs: 60_000,
  maxBytes: MAX_API_RESPONSE_BYTES,
};

/**
 * oauth4webapi request options for `url`: our fetch (size-capped, with deadlines, see
 * guardedFetch) and, for loopback http only, permission to skip TLS. `limits` default to
 * OAUTH_LIMITS; API calls pass API_LIMITS.
 */
export function requestOptions(
  fetchFn: Fetch,
  url: URL,
  signal?: AbortSignal,
  limits: Partial<RequestLimits> = {},
): {
  [oauth.customFetch]: (
    url: string,
    init: oauth.CustomFetchOptions<string, unknown>,
  ) => Promise<Response>;
  [oauth.allowInsecureRequests]?: boolean;
  signal?: AbortSignal;
} {
  const guarded = guardedFetch(fetchFn, { ...OAUTH_LIMITS, ...limits });
  return {
    // oauth4webapi hands over a plain request description; fetch takes it as RequestInit.
    [oauth.customFetch]: (target, init) => guarded(target, init as RequestInit),
    ...(isLoopbackHttp(url) ? { [oauth.allowInsecureRequests]: true } : {}),
    ...(signal ? { signal } : {}),
  };
}

/** undici's own deadlines (connect 10 s, headers and body 300 s), reported inside a TypeError. */
const UNDICI_TIMEOUTS = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

function isUndiciTimeout(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return error instanceof TypeError && UNDICI_TIMEOUTS.has(String(cause?.code));
}

/**
 * A fetch that keeps every request within `limits`:
 * - no response headers within `answerMs`, or no whole body within `totalMs`: AuthError
 *   `no_answer` (the request is aborted, so its connection is freed);
 * - SECURITY: a body over `maxBytes` is refused with AuthError `invalid_response`, so a hostile
 *   or broken server cannot make core buffer an endless body.
 * The body is read in full before the Response is handed back, so the total deadline covers it.
 * The caller's own `init.signal` still cancels, and its abort stays an abort (never `no_answer`).
 */
export function guardedFetch(fetchFn: Fetch, limits: RequestLimits = OAUTH_LIMITS): Fetch {
  return async (input, init = {}) => {
    const caller = init.signal ?? undefined;
    // One signal for the request, aborted by whichever comes first: a deadline or the caller.
    // Not AbortSignal.any: with a long-lived caller signal (a job's, a sync's) Node keeps
    // every combined signal alive (nodejs/node#54614), so we follow the caller's with a
    // listener that is removed when the request ends.
    const request = new AbortController();
    let expired: 'answer' | 'total' | undefined;
    const expire = (which: 'answer' | 'total') => () => {
      expired ??= which;
      request.abort();
    };
    const answerTimer = setTimeout(expire('answer'), limits.answerMs);
    const totalTimer = setTimeout(expire('total'), limits.totalMs);
    const cancel = () => request.abort(caller?.reason);
    if (caller?.aborted) cancel();
    else caller?.addEventListener('abort', cancel, { once: true });
    try {
      let response: Response;
      try {
        response = await fetchFn(input, { ...init, signal: request.signal });
      } finally {
        clearTimeout(answerTimer);
      }
      return await readCapped(response, limits.maxBytes, request.signal);
    } catch (error) {
      if (caller?.aborted) throw error;
      if (expired === 'answer' || isUndiciTimeout(error)) {
        throw new AuthError('no_answer', {
          cause: error,
          detail: `no answer within ${seconds(limits.answerMs)}`,
        });
      }
      if (expired === 'total') {
        throw new AuthError('no_answer', {
          cause: error,
          detail: `answer not complete within ${seconds(limits.totalMs)}`,
        });
      }
      throw error;
    } finally {
      clearTimeout(totalTimer);
      caller?.removeEventListener('abort', cancel);
    }
  };
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

function sizeOf(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round(bytes / 1024 / 1024)} MiB`
    : `${Math.round(bytes / 1024)} KiB`;
}

/** Reads the whole body (at most `maxBytes`) into a BufferedResponse with the same head. */
async function readCapped(
  response: Response,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<Response> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new AuthError('invalid_response', {
      detail: `an answer of ${declared} bytes, over the ${sizeOf(maxBytes)} limit`,
    });
  }
  if (!response.body) return response;
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new AuthError('invalid_response', {
        detail: `an answer over the ${sizeOf(maxBytes)} limit`,
      });
    }
    chunks.push(value);
  }
  // A fetch that ends the stream quietly on abort must not pass off a cut body as whole.
  signal?.throwIfAborted();
  const noBody = [204, 205, 304].includes(response.status);
  return new BufferedResponse(noBody ? new Uint8Array() : Buffer.concat(chunks), response);
}
