import { getEventListeners } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthService } from './auth-service';
import { isAuthError, type AuthError } from './errors';
import { hostText } from '../i18n/host-text';
import {
  API_LIMITS,
  guardedFetch,
  MAX_API_RESPONSE_BYTES,
  MAX_RESPONSE_BYTES,
  OAUTH_LIMITS,
  requestOptions,
  type RequestLimits,
} from './http-policy';
import { TokenStore } from './token-store';
import { failureOf } from '../failures';
import { isPlatformError } from '../platform/errors';
import type { ApiTransport } from '../platform/retry';
import { FileKeyEncryptor } from '../store/file-key-encryptor';
import {
  OWNER_ID,
  startClientHarness,
  type ClientHarness,
} from '../../../e2e/support/harness/client-harness';
import { WELL_KNOWN } from '../../../e2e/platform/seed';

/** A server on 127.0.0.1 that hands every request to `handler`; `close` ends them all. */
async function loopback(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { url, close };
}

/** Runs `call`, answering what it threw and how long it took to throw it. */
async function failure(call: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  const error = await call().then(
    () => new Error('expected a failure'),
    (e: unknown) => e,
  );
  return { error, ms: performance.now() - started };
}

/** A GET through oauth4webapi with core's request options, as every OAuth call is sent. */
const discover = (url: URL, limits: Partial<RequestLimits>, signal?: AbortSignal) =>
  oauth.discoveryRequest(url, requestOptions(fetch, url, signal, limits));

describe('every request has a deadline', () => {
  it('defaults: 10 s to headers, 30 s (OAuth) or 60 s (API) in all, 256 KiB or 16 MiB', () => {
    expect(OAUTH_LIMITS).toEqual({ answerMs: 10_000, totalMs: 30_000, maxBytes: 256 * 1024 });
    expect(MAX_RESPONSE_BYTES).toBe(256 * 1024);
    expect(API_LIMITS).toEqual({ answerMs: 10_000, totalMs: 60_000, maxBytes: 16 * 1024 ** 2 });
  });

  it('a server that accepts and never answers fails with no_answer at the answer deadline', async () => {
    const server = await loopback(() => {});
    const { error, ms } = await failure(() => discover(server.url, { answerMs: 300 }));
    await server.close();
    expect(isAuthError(error, 'no_answer')).toBe(true);
    // The owner's sentence in the message; the deadline, for the log, in its detail.
    expect((error as Error).message).toBe(hostText('en').error('no_answer'));
    expect((error as AuthError).detail).toMatch(/within 0\.3 s/);
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(ms).toBeLessThan(3_000);
  });

  it('a server that sends headers and stalls the body fails with no_answer at the total deadline', async () => {
    const server = await loopback((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"issuer":');
    });
    const { error, ms } = await failure(() =>
      discover(server.url, { answerMs: 5_000, totalMs: 400 }),
    );
    await server.close();
    expect(isAuthError(error, 'no_answer')).toBe(true);
    expect((error as AuthError).detail).toMatch(/not complete within 0\.4 s/);
    expect(ms).toBeLessThan(3_000);
  });

  it("the caller's abort while waiting for headers stays an abort", async () => {
    const controller = new AbortController();
    const server = await loopback(() => controller.abort());
    const { error, ms } = await failure(() => discover(server.url, {}, controller.signal));
    await server.close();
    expect((error as Error).name).toBe('AbortError');
    expect(isAuthError(error)).toBe(false);
    expect(ms).toBeLessThan(3_000);
  });

  it("the caller's abort while the body stalls stays an abort", async () => {
    const server = await loopback((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"issuer":');
    });
    const controller = new AbortController();
    // Aborts as soon as the headers are in, while the body is still awaited.
    const abortOnHeaders = guardedFetch(
      (input, init) => fetch(input, init).finally(() => controller.abort()),
      OAUTH_LIMITS,
    );
    const { error, ms } = await failure(() =>
      abortOnHeaders(server.url, { signal: controller.signal }),
    );
    await server.close();
    expect((error as Error).name).toBe('AbortError');
    expect(isAuthError(error)).toBe(false);
    expect(ms).toBeLessThan(3_000);
  });

  it("leaves nothing behind on a long-lived caller's signal", async () => {
    const server = await loopback((_req, res) => res.end('{}'));
    const jobSignal = new AbortController().signal;
    for (let i = 0; i < 3; i += 1) {
      const response = await guardedFetch(fetch, OAUTH_LIMITS)(server.url, { signal: jobSignal });
      expect(await response.json()).toEqual({});
    }
    await server.close();
    expect(getEventListeners(jobSignal, 'abort')).toHaveLength(0);
  });

  it('an OAuth answer over 256 KiB is refused, declared or not', async () => {
    const big = Buffer.alloc(MAX_RESPONSE_BYTES + 1, 0x20);
    const server = await loopback((req, res) => {
      // One answer declares its length, the other streams it in chunks.
      if (req.url?.includes('declared')) res.setHeader('content-length', big.byteLength);
      res.end(big);
    });
    for (const path of ['declared', 'chunked']) {
      const { error } = await failure(() =>
        guardedFetch(fetch, OAUTH_LIMITS)(new URL(path, server.url)),
      );
      expect(isAuthError(error, 'invalid_response')).toBe(true);
      expect((error as AuthError).detail).toMatch(/over the 256 KiB limit/);
    }
    await server.close();
  });
});

/** Every course has a 20,000-character description and a 20 × 60-lecture curriculum. */
const COURSES = 60;
let harness: ClientHarness;
let auth: AuthService;
let dataDir: string;

beforeAll(async () => {
  harness = await startClientHarness({
    students: 20,
    longDescriptions: COURSES,
    bigCurriculum: COURSES,
  });
  // A session on a token the stand-in minted: API calls go through AuthService as in the app.
  dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-http-policy-'));
  const encryptor = new FileKeyEncryptor(join(dataDir, 'keys', 'session.key'));
  const scopes = ['courses:read'];
  const minted = await harness.control<{ accessToken: string; clientId: string }>('/tokens', {
    accountId: OWNER_ID,
    scopes,
  });
  await new TokenStore(dataDir, encryptor, () => false).save({
    issuer: harness.platform.url,
    baseUrl: harness.platform.url,
    clientId: minted.clientId,
    accessToken: minted.accessToken,
    scopes,
    expiresAt: Date.now() + 3_600_000,
  });
  auth = new AuthService({
    dataDir,
    encryptor,
    browser: { open: () => Promise.reject(new Error('no sign-in in this test')) },
  });
});

afterAll(async () => {
  await harness?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The app's transport (AuthService.request), recording each answer's size. */
function appTransport(limits?: Partial<RequestLimits>, sizes: number[] = []): ApiTransport {
  return async (url, init) => {
    const school = `${harness.platform.url} ${harness.platform.url}`;
    const response = await auth.request(school, url, { ...init, limits });
    sizes.push(Number(response.headers.get('content-length')));
    return response;
  };
}

describe('API answers of real size', () => {
  it('lists every course, pages of several MB each', async () => {
    const sizes: number[] = [];
    const client = harness.client({ transport: appTransport(undefined, sizes) });
    const { rows, totalCount } = await client.list('courses', { limit: 100 });
    expect(totalCount).toBe(COURSES);
    expect(rows).toHaveLength(COURSES);
    expect(rows.every((course) => course.description?.length === 20_000)).toBe(true);
    expect(sizes).toHaveLength(2);
    expect(Math.max(...sizes)).toBeGreaterThan(20 * MAX_RESPONSE_BYTES);
    expect(Math.max(...sizes)).toBeLessThan(MAX_API_RESPONSE_BYTES);
  });

  it('opens the course with the 20 × 60-lecture curriculum', async () => {
    const client = harness.client({ transport: appTransport() });
    const { record } = await client.get('courses', WELL_KNOWN.publishedCourse.id);
    expect(record.sections).toHaveLength(20);
    expect(record.sections?.every((section) => section.lectures?.length === 60)).toBe(true);
  });

  it('an answer over the cap is a coded error with a plain sentence', async () => {
    const client = harness.client({ transport: appTransport({ maxBytes: 1024 * 1024 }) });
    const { error } = await failure(() => client.list('courses', { limit: 50 }));
    expect(isAuthError(error, 'invalid_response')).toBe(true);
    // What the renderer is sent: the code, no sentence and no stack.
    const sent = failureOf(error);
    expect(sent).toEqual({ code: 'invalid_response' });
    expect((error as Error).message).toBe(hostText('en').error('invalid_response'));
    // The limit it went over is for the log, never in the sentence.
    expect((error as AuthError).detail).toMatch(/over the 1 MiB limit/);
  });
});

describe('a school that does not answer', () => {
  /** Course requests answer after 30 s; the app's transport waits 500 ms for headers. */
  const stall = () => harness.control('/latency', { ms: 30_000, pathPrefix: '/api/v1/courses' });

  it('a list fails in seconds with network_error, having tried twice', async () => {
    await stall();
    let attempts = 0;
    const timed = appTransport({ answerMs: 500 });
    const client = harness.client({
      transport: (url, init) => ((attempts += 1), timed(url, init)),
    });
    const { error, ms } = await failure(() => client.list('courses', { limit: 10 }));
    expect(isPlatformError(error, 'network_error')).toBe(true);
    expect(isAuthError((error as Error).cause, 'no_answer')).toBe(true);
    expect(attempts).toBe(2);
    expect(ms).toBeLessThan(5_000);
  });

  it("the caller's cancel of a list stays an abort", async () => {
    await stall();
    const controller = new AbortController();
    const app = appTransport();
    const client = harness.client({
      transport: (url, init) => {
        const answer = app(url, init);
        controller.abort();
        return answer;
      },
    });
    const { error } = await failure(() =>
      client.list('courses', { limit: 10, signal: controller.signal }),
    );
    expect((error as Error).name).toBe('AbortError');
    expect(isPlatformError(error) || isAuthError(error)).toBe(false);
  });
});
