import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { importBoundaries } from '../eslint.config.js';

/** Lints one import line as if it stood in `filename`, with only the boundary rules on. */
function violations(filename: string, source: string): string[] {
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    source,
    [
      { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
      ...importBoundaries,
    ],
    { filename },
  );
  return messages.map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('import boundaries (DESIGN.md)', () => {
  it.each([
    ['src/core/auth/sign-in.ts', "import { safeStorage } from 'electron';"],
    ['src/core/auth/sign-in.ts', "import { createWindow } from '../../main/window';"],
    ['src/core/handlers.ts', "import { App } from '../renderer/app';"],
    ['src/renderer/app.tsx', "import { services } from '../core/services';"],
    ['src/renderer/screens/connect.tsx', "import { hardenWindow } from '../../main/hardening';"],
    ['src/renderer/app.tsx', "import { ipcRenderer } from 'electron';"],
    ['src/shared/contract.ts', "import { signIn } from '../core/auth/sign-in';"],
    ['src/shared/contract.ts', "import { startPlatform } from '../../e2e/platform/server';"],
    ['src/core/data/schools.ts', "import { startPlatform } from '../../../e2e/platform/server';"],
    ['src/core/services.ts', "import { x } from '../../e2e/support/harness/auth-harness';"],
    ['src/main/index.ts', "import { startPlatform } from '../../e2e/platform/server';"],
    ['src/main/index.ts', "import { App } from '../renderer/app';"],
    ['src/main/index.ts', "import { startWebHost } from '../web/server';"],
    ['src/web/server.ts', "import { app } from 'electron';"],
    ['src/web/server.ts', "import { createMainWindow } from '../main/window';"],
    ['src/web/server.ts', "import { seed } from '../../e2e/platform/seed';"],
    ['src/preload/index.ts', "import { createServices } from '../core/services';"],
    ['src/preload/index.ts', "import { x } from '../../e2e/support/chromium';"],
    ['src/web/client/web-bridge.ts', "import { handle } from '../../core/handlers';"],
    ['src/renderer/app.tsx', "import { OWNER } from '../../e2e/support/oauth-flow';"],
    // The renderer's rooms: the kit, data and words rooms import no feature and no shell.
    ['src/renderer/components/modal.tsx', "import { useJob } from '../operations/use-job';"],
    ['src/renderer/components/confirm-dialog.tsx', "import { App } from '../app';"],
    ['src/renderer/data/queries.ts', "import { AreaNav } from '../workspace/area-nav';"],
    [
      'src/renderer/data/use-sign-in.ts',
      "import { SignOutDialog } from '../account/sign-out-dialog';",
    ],
    ['src/renderer/words/format.ts', "import { FIELD_SPECS } from '../records/field-specs';"],
    ['src/renderer/words/error-text.ts', "import { useSyncNow } from '../sync/sync-actions';"],
    ['src/renderer/i18n/i18n.ts', "import { ConnectScreen } from '../screens/connect-screen';"],
    // Data speaks no words (the words read data's errors), and keeps the renderer's own walls.
    ['src/renderer/data/outbox-queries.ts', "import { errorText } from '../words/error-text';"],
    ['src/renderer/data/bridge.ts', "import { services } from '../../core/services';"],
    // The hosts enter core through its one face, core/host.ts; their tests too.
    ['src/main/index.ts', "import { createServices } from '../core/services';"],
    ['src/web/server.ts', "import { createServices } from '../core/services';"],
    ['src/web/cli.ts', "import { SchoolSync } from '../core/sync/school-sync';"],
    [
      'src/main/adapters/save-dialog.ts',
      "import type { FileSaver } from '../../core/workspace/file-saver';",
    ],
    [
      'src/main/adapters/external-browser.test.ts',
      "import { Settings } from '../../core/store/settings';",
    ],
    ['src/web/two-hosts.test.ts', "import { hostText } from '../core/i18n/host-text';"],
  ])('%s may not %s', (filename, source) => {
    expect(violations(filename, source).join('\n')).toMatch(/no-restricted-imports/);
  });

  it.each([
    ['src/core/auth/sign-in.ts', "import { scopeCatalog } from '../../shared/scope-catalog';"],
    ['src/main/index.ts', "import { app } from 'electron';"],
    ['src/main/index.ts', "import { createServices } from '../core/host';"],
    ['src/main/index.ts', "import { EVENT_CHANNEL } from '../shared/event-channel';"],
    ['src/main/adapters/save-dialog.ts', "import type { HostText } from '../../core/host';"],
    ['src/web/two-hosts.test.ts', "import { hostText } from '../core/host';"],
    ['src/renderer/app.tsx', "import type { Contract } from '../shared/contract';"],
    ['src/shared/contract.ts', "import { z } from 'zod';"],
    [
      'src/core/data/schools.test.ts',
      "import { x } from '../../../e2e/support/harness/auth-harness';",
    ],
    ['src/web/server.ts', "import { createServices } from '../core/host';"],
    ['src/preload/index.ts', "import { EVENT_CHANNEL } from '../shared/event-channel';"],
    ['src/renderer/words/error-text.ts', "import { BridgeError } from '../data/bridge';"],
    ['src/renderer/words/record-words.ts', "import { COUPON_TYPES } from '../../shared/records';"],
    ['src/renderer/components/toast-region.tsx', "import { useToastStore } from '../toast-store';"],
    [
      'src/renderer/records/record-form.tsx',
      "import { CurriculumPart } from '../curriculum/curriculum-part';",
    ],
    [
      'src/renderer/workspace/entity-area.tsx',
      "import { RecordPanel } from '../records/record-panel';",
    ],
  ])('%s may %s', (filename, source) => {
    expect(violations(filename, source)).toEqual([]);
  });
});

describe('the test runners stay in tests', () => {
  it.each([
    ['src/core/store/journal-testing.ts', "import { expect } from 'vitest';"],
    ['src/core/store/journal-testing.ts', "import { defineConfig } from 'vitest/config';"],
    ['src/renderer/test-language.ts', "import { test } from '@playwright/test';"],
    ['src/web/server.ts', "export { expect } from '@playwright/test';"],
    ['src/main/index.ts', "const { chromium } = await import('playwright-core');"],
  ])('%s may not %s', (filename, source) => {
    expect(violations(filename, source).join('\n')).toMatch(/no-restricted-syntax/);
  });

  it.each([
    ['src/core/data/local-first.test.ts', "import { it } from 'vitest';\nit.only('x', () => {});"],
    [
      'src/core/outbox/outbox.test.ts',
      "import { describe } from 'vitest';\ndescribe.only('x', () => {});",
    ],
    [
      'e2e/app/outbox.spec.ts',
      "import { test } from '@playwright/test';\ntest.describe.only('x', () => {});",
    ],
    [
      'e2e/app/outbox.spec.ts',
      "import { test } from '@playwright/test';\ntest.only('x', () => {});",
    ],
  ])('%s may not focus a test: %s', (filename, source) => {
    expect(violations(filename, source).join('\n')).toMatch(/no-restricted-syntax/);
  });

  it.each([
    "vi.mock('./schemas');",
    "vi.doMock('node:fs', () => ({}));",
    "vi.stubGlobal('fetch', () => undefined);",
    "vi.stubEnv('LANG', 'C');",
  ])('a unit test may not replace what the other files share: %s', (call) => {
    const source = `import { vi } from 'vitest';\n${call}`;
    expect(violations('src/core/outbox/outbox.test.ts', source).join('\n')).toMatch(
      /no-restricted-syntax/,
    );
  });

  it.each([
    ['src/core/data/local-first.test.ts', "import { expect, vi } from 'vitest';"],
    ['src/core/outbox/outbox.test.ts', "import { vi } from 'vitest';\nvi.waitFor(() => true);"],
    ['e2e/app/outbox.spec.ts', "import { test } from '@playwright/test';\ntest('x', () => {});"],
    ['src/core/x.ts', "import { z } from 'zod';"],
  ])('%s may %s', (filename, source) => {
    expect(violations(filename, source)).toEqual([]);
  });
});
