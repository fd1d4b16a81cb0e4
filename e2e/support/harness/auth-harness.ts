import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPlatform, type RunningPlatform } from '../../platform/server';
import type { PlatformOptions } from '../../platform/types';
import { AuthService, type AuthServiceOptions } from '../../../src/core/auth/auth-service';
import type { SignInProgress } from '../../../src/core/auth/deps';
import type { RevocationPolicy } from '../../../src/core/auth/revocation';
import { FileKeyEncryptor } from '../../../src/core/store/file-key-encryptor';
import { createServices, type HostAdapters, type Services } from '../../../src/core/services';
import { tokenSetSchema, type TokenSet } from '../../../src/core/auth/token-set';
import { ChromiumOpener } from './chromium-opener';

/** A stand-in, a Chromium "system browser" and data folders for AuthService instances. */
export type AuthHarness = {
  platform: RunningPlatform;
  browser: ChromiumOpener;
  /** A new AuthService on `dataDir` (a fresh folder when omitted), as the app would build it. */
  service(options?: Partial<AuthServiceOptions> & { dataDir?: string }): {
    auth: AuthService;
    dataDir: string;
    progress: SignInProgress[];
  };
  /**
   * The app's services on `dataDir` (a fresh folder when omitted), as a host builds them with
   * this harness's browser and its stand-in's pace (rate limits off); `adapters` add to or
   * replace the host's.
   */
  services(adapters?: Partial<HostAdapters>): { services: Services; dataDir: string };
  /** POSTs to the stand-in's control API (faults, token expiry, counters reset). */
  control(path: string, body?: unknown): Promise<Response>;
  close(): Promise<void>;
};

/** Starts everything a sign-in test needs; `close()` stops it all and removes the folders. */
export async function startAuthHarness(
  platformOptions: Partial<PlatformOptions> = {},
): Promise<AuthHarness> {
  const platform = await startPlatform({
    students: 20,
    control: true,
    rateLimit: null,
    ...platformOptions,
  });
  const browser = await ChromiumOpener.launch();
  const folders: string[] = [];
  return {
    platform,
    browser,
    service(options = {}) {
      const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'schooldesk-core-'));
      folders.push(dataDir);
      const progress: SignInProgress[] = [];
      const auth = new AuthService({
        encryptor: new FileKeyEncryptor(join(dataDir, 'keys', 'session.key')),
        browser,
        onProgress: (event) => progress.push(event),
        ...options,
        dataDir,
      });
      return { auth, dataDir, progress };
    },
    services(adapters = {}) {
      const dataDir = adapters.dataDir ?? mkdtempSync(join(tmpdir(), 'schooldesk-services-'));
      folders.push(dataDir);
      const services = createServices({
        encryptor: new FileKeyEncryptor(join(dataDir, 'keys', 'session.key')),
        browser,
        emit: () => undefined,
        rateLimits: { reads: null, writes: null },
        ...adapters,
        dataDir,
      });
      return { services, dataDir };
    },
    control(path, body = {}) {
      return fetch(`${platform.url}/__control${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    },
    async close() {
      await browser.close();
      await platform.close();
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * Reads a data folder's stored token set the way the store does. Tests only: the app never
 * hands tokens out of core.
 */
export async function readStoredTokens(dataDir: string): Promise<TokenSet> {
  const folder = join(dataDir, 'sessions');
  const [file] = readdirSync(folder);
  const encryptor = new FileKeyEncryptor(join(dataDir, 'keys', 'session.key'));
  const { plain } = await encryptor.decrypt(readFileSync(join(folder, file!)));
  return tokenSetSchema.parse(JSON.parse(plain.toString('utf8')));
}

/** How many requests the stand-in has seen for `METHOD path` since its counters were reset. */
export async function countOf(platformUrl: string, route: string): Promise<number> {
  const response = await fetch(`${platformUrl}/__control/counters`);
  const counters = (await response.json()) as { byRoute: Record<string, { total: number }> };
  return counters.byRoute[route]?.total ?? 0;
}

/** Whether the stand-in still takes a token set's refresh and access tokens, in that order. */
export async function tokensActive(
  platformUrl: string,
  set: TokenSet,
): Promise<[boolean, boolean]> {
  const active = async (token: string) => {
    const response = await fetch(`${platformUrl}/api/oauth/introspect`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, client_id: set.clientId }),
    });
    return ((await response.json()) as { active: boolean }).active;
  };
  return [await active(set.refreshToken!), await active(set.accessToken)];
}

/** The files of a data folder's pending revocations (sign-outs the school did not confirm). */
export function pendingRevocationFiles(dataDir: string): string[] {
  const folder = join(dataDir, 'revocations');
  return existsSync(folder) ? readdirSync(folder) : [];
}

/** Short waits between revocation attempts, so a sign-out that meets faults stays quick. */
export const QUICK_REVOCATION: Partial<RevocationPolicy> = { baseDelayMs: 20, maxDelayMs: 50 };

/** The stand-in's revocation endpoint, where the sign-out tests put their faults. */
export const REVOKE_PATH = '/api/oauth/revoke';
