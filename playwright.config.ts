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
  retries: 0,
  // A focused test (`.only`) would skip the rest in silence: refused everywhere, not only in CI.
  forbidOnly: true,
  reporter: 'list',
  use: {
    trace: 'retain-on-failure',
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
