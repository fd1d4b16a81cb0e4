import * as oauth from 'oauth4webapi';
import type { Fetch } from '../adapters';
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

/** Largest JSON answer core accepts from a school; metadata and tokens are a few kB. */
export const MAX_RESPONSE_BYTES = 256 * 1024;

/**
 * oauth4webapi request options for `url`: our fetch (size-capped, timed out) and, for
 * loopback http only, permission to skip TLS.
 */
export function requestOptions(
  fetchFn: Fetch,
  url: URL,
  signal?: AbortSignal,
): {
  [oauth.customFetch]: (
    url: string,
    init: oauth.CustomFetchOptions<string, unknown>,
  ) => Promise<Response>;
  [oauth.allowInsecureRequests]?: boolean;
  signal?: AbortSignal;
} {
  const capped = cappedFetch(fetchFn);
  return {
    // oauth4webapi hands over a plain request description; fetch takes it as RequestInit.
    [oauth.customFetch]: (target, init) => capped(target, init as RequestInit),
    ...(isLoopbackHttp(url) ? { [oauth.allowInsecureRequests]: true } : {}),
    ...(signal ? { signal } : {}),
  };
}

/**
 * SECURITY: a fetch that refuses answers over MAX_RESPONSE_BYTES, so a hostile or broken
 * server cannot make core buffer an endless body.
 */
export function cappedFetch(fetchFn: Fetch, maxBytes = MAX_RESPONSE_BYTES): Fetch {
  return async (input, init) => {
    const response = await fetchFn(input, init);
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > maxBytes) {
      await response.body?.cancel();
      throw new AuthError('invalid_response', { detail: `answer of ${declared} bytes` });
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
        await reader.cancel();
        throw new AuthError('invalid_response', { detail: `answer over ${maxBytes} bytes` });
      }
      chunks.push(value);
    }
    const noBody = [204, 205, 304].includes(response.status);
    return new Response(noBody ? null : Buffer.concat(chunks), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
