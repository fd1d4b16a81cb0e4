import { defineConfig } from '@playwright/test';
import { chromiumExecutablePath } from './e2e/support/chromium';
import { exitUnlessNodeIsCurrent } from './src/core/node-runtime';

// The runner, the stand-in and the web hosts it starts all run on this Node.
exitUnlessNodeIsCurrent();

/**
 * End-to-end specs run in Debian's Chromium (never a Playwright-downloaded browser), found by
 * e2e/support/chromium.ts. Two workers match our two-core machines.
 */
export default defineConfig({
  // The base tsconfig without `paths` (see tsconfig.playwright.json).
  tsconfig: './tsconfig.playwright.json',
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // The performance run needs the machine to itself: playwright.perf.config.ts runs it alone.
  testIgnore: '**/perf/**',
  workers: 2,
  // A spec signs in through a real browser, stand-in and host, then walks a screen: most take
  // 5-25 s. On a shared two-core CI machine at a load average near 10, specs that took 20 s
  // before ran 31-32 s and failed at Playwright's default of 30 s, in steps that passed. Each
  // step still waits only as long as its own expect allows; the longest specs set more.
  timeout: 90_000,
  retries: 0,
  // A focused test (`.only`) would skip the rest in silence: refused everywhere, not only in CI.
  forbidOnly: true,
  reporter: 'list',
  use: {
    // Recording a trace for every spec, to keep it only when one fails, cost more than the
    // specs' own work here: layout.spec.ts and list-columns.spec.ts (10 specs, two workers)
    // took 163 s with 'retain-on-failure', 128 s with its screencast off, and 102-106 s
    // untraced. A failure keeps its error context (the page's accessibility snapshot) and a
    // screenshot; for a trace, run the spec again with `--trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: chromiumExecutablePath(),
          args: [
            // We run as root in a container, where Chromium's own sandbox cannot start.
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            // Keep the browser from calling home: tests must only talk to local servers.
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
});
