import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The performance targets of issue #5 (e2e/perf), measured alone: one worker and nothing else
 * running, so the figures describe the app rather than a busy machine.
 */
export default defineConfig({
  ...base,
  testDir: 'e2e/perf',
  testIgnore: [],
  workers: 1,
  // Playwright's trace recorder streams a screenshot of every frame while it records: on this
  // machine that is CPU taken from the very frames being measured, so the run goes untraced.
  use: { ...base.use, trace: 'off' },
});
