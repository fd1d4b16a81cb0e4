import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests: beside the code in src/, and the stand-in platform's own tests
 * in e2e/platform/. Everything runs in plain Node (Electron never runs here); the renderer is
 * exercised in Chromium by the Playwright specs instead.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'e2e/platform/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // A focused test (`.only`) would skip the rest in silence: refused, not only in CI.
    allowOnly: false,
    // Our machines have two cores; more workers only make tests with servers contend.
    maxWorkers: 2,
    // A worker keeps its modules from one test file to the next instead of loading them again
    // for each: the unit tests took 353 s with a fresh module graph per file (130 s of it
    // importing) and 251 s without (16 s importing). Safe because no test replaces a module or
    // a global (the linter refuses vi.mock and vi.stubGlobal); each builds the adapters it needs.
    isolate: false,
    // Generous because some tests start the stand-in platform and seed its database.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
