import { startPlatform, type RunningPlatform } from '../../platform/server';
import type { PlatformOptions } from '../../platform/types';
import {
  PlatformClient,
  type PlatformClientOptions,
} from '../../../src/core/platform/platform-client';
import type { ApiTransport } from '../../../src/core/platform/retry';

/** The stand-in's demo owner, who may hold every scope. */
export const OWNER_ID = '6f1c2a7e-3b1d-4c1e-9d1a-0a0000000001';

export const ALL_SCOPES = ['courses', 'curriculum', 'students', 'coupons', 'pages'].flatMap(
  (area) => [`${area}:read`, `${area}:write`],
);

/** What `GET /__control/counters` answers. */
export type Counters = {
  total: number;
  byStatus: Record<string, number>;
  byRoute: Record<string, { total: number; byStatus: Record<string, number> }>;
};

/** A stand-in platform with its control API, for the platform client's tests. */
export type ClientHarness = {
  platform: RunningPlatform;
  apiBaseUrl: string;
  /** Plain fetch with a bearer token minted by the stand-in: a real transport, not a mock. */
  transport: ApiTransport;
  /** A client on that transport; `retry.sleep` records delays instead of waiting by default. */
  client(options?: Partial<PlatformClientOptions>): PlatformClient;
  /** Every delay a client of this harness asked to sleep, in ms. */
  sleeps: number[];
  control<T = unknown>(path: string, body?: unknown, method?: string): Promise<T>;
  /** Request counts for one `METHOD /route` (e.g. `GET /api/v1/courses/:id`). */
  route(key: string): Promise<{ total: number; byStatus: Record<string, number> }>;
  close(): Promise<void>;
};

/**
 * A control call, tried again when its connection was reset. On a loaded machine, fetch can
 * pick a kept-alive connection just as the stand-in closes it for being idle, and the call
 * then fails with ECONNRESET (seen in the outbox fault suite with two CI runs on the machine
 * at once); the control calls only set or read the stand-in's test state, so a second try is
 * safe. The app's own requests never come through here.
 */
async function againOnReset(send: () => Promise<Response>, tries = 3): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      const code = (error as { cause?: { code?: unknown } }).cause?.code;
      const reset = code === 'ECONNRESET' || code === 'UND_ERR_SOCKET';
      if (!reset || attempt >= tries) throw error;
    }
  }
}

/** Starts a small stand-in (200 students, no rate limit unless asked) and mints a token. */
export async function startClientHarness(
  options: Partial<PlatformOptions> = {},
  scopes: string[] = ALL_SCOPES,
): Promise<ClientHarness> {
  const platform = await startPlatform({
    students: 200,
    control: true,
    rateLimit: null,
    ...options,
  });
  const control = async <T>(path: string, body?: unknown, method = 'POST'): Promise<T> => {
    const response = await againOnReset(() =>
      fetch(`${platform.url}/__control${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    if (!response.ok) throw new Error(`control ${path}: ${response.status}`);
    return (await response.json()) as T;
  };
  const { accessToken } = await control<{ accessToken: string }>('/tokens', {
    accountId: OWNER_ID,
    scopes,
  });
  // `priority` is the app's own queueing hint (the rate limiter's), not fetch's.
  const transport: ApiTransport = (url, { priority: _priority, ...init }) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${accessToken}`);
    return fetch(url, { ...init, headers });
  };
  const sleeps: number[] = [];
  const apiBaseUrl = `${platform.url}/api/v1`;
  return {
    platform,
    apiBaseUrl,
    transport,
    sleeps,
    client: (overrides = {}) =>
      new PlatformClient({
        apiBaseUrl,
        transport,
        ...overrides,
        retry: {
          baseDelayMs: 10,
          random: () => 1,
          sleep: (ms) => {
            sleeps.push(ms);
            return Promise.resolve();
          },
          ...overrides.retry,
        },
      }),
    control,
    async route(key) {
      const counters = await control<Counters>('/counters', undefined, 'GET');
      return counters.byRoute[key] ?? { total: 0, byStatus: {} };
    },
    close: () => platform.close(),
  };
}
