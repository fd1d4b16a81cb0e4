import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { PlatformOptions } from '../../platform/types';
import { startAuthHarness, type AuthHarness } from './auth-harness';
import type { BrowserBehaviour } from './chromium-opener';
import { databaseHarness } from './database-harness';
import { openSchoolWithOutbox } from './outbox-harness';
import { startSyncHarness, type SyncHarness } from './sync-harness';

/**
 * The set-up vitest files of core share, registered once per file here instead of pasted into
 * each: the hooks that start a harness and close it. Playwright specs and scripts import the
 * harnesses themselves, never this file (it imports vitest).
 */

/**
 * An auth harness for the whole file: started before its first test (the stand-in, Chromium
 * as the system browser, playing `behaviour` when given) and closed after its last. The
 * answer reads the running harness, so it is used as `h.platform.url` inside tests.
 */
export function useAuthHarness(
  platform: Partial<PlatformOptions> = {},
  options: { behaviour?: BrowserBehaviour } = {},
): Omit<AuthHarness, 'close'> {
  let started: AuthHarness | undefined;
  beforeAll(async () => {
    started = await startAuthHarness(platform);
    if (options.behaviour) started.browser.behaviour = options.behaviour;
  }, 60_000);
  afterAll(async () => {
    await started?.close();
  });
  const running = (): AuthHarness => {
    if (!started) throw new Error('the auth harness starts before the file’s first test');
    return started;
  };
  return {
    get platform() {
      return running().platform;
    },
    get browser() {
      return running().browser;
    },
    service: (serviceOptions) => running().service(serviceOptions),
    services: (adapters) => running().services(adapters),
    control: (path, body) => running().control(path, body),
  };
}

/**
 * A sync harness per test: each test starts its own (`start`, with the stand-in it needs),
 * and after it what it opened on it closes (newest first), then the harness.
 */
export function useSyncHarness() {
  let current: SyncHarness | undefined;
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    await current?.close();
    current = undefined;
  });
  const running = (): SyncHarness => {
    if (!current) throw new Error('the test has not started its sync harness');
    return current;
  };
  return {
    /** Starts this test's harness: the stand-in with `platform`, signed in with `scopes`. */
    async start(...args: Parameters<typeof startSyncHarness>): Promise<SyncHarness> {
      current = await startSyncHarness(...args);
      return current;
    },
    /** The harness this test started. */
    get current(): SyncHarness {
      return running();
    },
    /** The school as the app opens it, with its outbox (outbox-harness.ts), closed after. */
    openSchool(options?: Parameters<typeof openSchoolWithOutbox>[2]) {
      return openSchoolWithOutbox(running(), closers, options);
    },
  };
}

/**
 * A database harness per test (database-harness.ts): a fresh folder of school databases
 * before it, closed and removed after it. The answer reads the test's own: `h.open()`,
 * `h.databases`.
 */
export function useDatabaseHarness(): Omit<ReturnType<typeof databaseHarness>, 'close'> {
  let current: ReturnType<typeof databaseHarness> | undefined;
  beforeEach(() => {
    current = databaseHarness();
  });
  afterEach(() => {
    current?.close();
    current = undefined;
  });
  const running = () => {
    if (!current) throw new Error('a database harness is made for each test, inside it');
    return current;
  };
  return {
    get dir() {
      return running().dir;
    },
    get databases() {
      return running().databases;
    },
    open: (school) => running().open(school),
  };
}
