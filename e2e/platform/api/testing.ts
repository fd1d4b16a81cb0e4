import { request } from 'node:http';
import { startPlatform, type RunningPlatform } from '../server';
import type { PlatformOptions } from '../types';

/** The demo owner (may hold every scope) and staff accounts of the stand-in. */
export const OWNER_ID = '6f1c2a7e-3b1d-4c1e-9d1a-0a0000000001';

/** Every scope of the business API. */
export const ALL_SCOPES = ['courses', 'curriculum', 'students', 'coupons', 'pages'].flatMap(
  (area) => [`${area}:read`, `${area}:write`],
);

/** One HTTP answer, body parsed as JSON when there is one. */
export type Answer<T = Record<string, unknown>> = {
  status: number;
  headers: Headers;
  body: T;
};

export type CallOptions = {
  method?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
};

/**
 * A real stand-in platform on an ephemeral 127.0.0.1 port with the control API on, and
 * helpers to call it over HTTP. For the platform's own tests only.
 */
export class TestPlatform {
  private constructor(readonly platform: RunningPlatform) {}

  /** Starts a platform (small by default: tests do not need 2,000 students). */
  static async start(options: Partial<PlatformOptions> = {}): Promise<TestPlatform> {
    return new TestPlatform(await startPlatform({ students: 200, control: true, ...options }));
  }

  get url(): string {
    return this.platform.url;
  }

  /**
   * Calls `path` and parses the JSON answer (an empty body becomes `{}`). Each call opens its
   * own connection (no keep-alive pool), so a restarted platform on the same port is never
   * reached through a socket of the old one.
   */
  call<T = Record<string, unknown>>(path: string, options: CallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const payload =
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body);
    if (payload !== undefined) {
      headers['content-type'] ??= 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    return new Promise((resolve, reject) => {
      const req = request(
        `${this.url}${path}`,
        { method: options.method ?? 'GET', headers, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const answerHeaders = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              if (value !== undefined)
                answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
            }
            try {
              resolve({
                status: res.statusCode ?? 0,
                headers: answerHeaders,
                body: (text ? JSON.parse(text) : {}) as T,
              });
            } catch (error) {
              reject(
                new Error(`${path} answered non-JSON (${res.statusCode}): ${text.slice(0, 200)}`, {
                  cause: error,
                }),
              );
            }
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** A real access token minted through `POST /__control/tokens`. */
  async token(
    scopes: string[] = ALL_SCOPES,
    extra: { ttlSeconds?: number; accountId?: string } = {},
  ): Promise<string> {
    const answer = await this.call<{ accessToken: string }>('/__control/tokens', {
      method: 'POST',
      body: {
        accountId: extra.accountId ?? OWNER_ID,
        scopes,
        ...(extra.ttlSeconds ? { ttlSeconds: extra.ttlSeconds } : {}),
      },
    });
    if (answer.status !== 201)
      throw new Error(`minting a token failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.accessToken;
  }

  /** A control API call that must succeed. */
  async control<T = Record<string, unknown>>(
    path: string,
    body?: unknown,
    method = 'POST',
  ): Promise<T> {
    const answer = await this.call<T>(`/__control${path}`, { method, body });
    if (answer.status >= 300)
      throw new Error(`control ${path} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  close(): Promise<void> {
    return this.platform.close();
  }
}
