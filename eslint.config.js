// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import globals from 'globals';

/**
 * Import boundaries from DESIGN.md, enforced here so that a wrong import fails `npm test`:
 * core runs in plain Node (no electron, main or renderer), the renderer never reaches into
 * core or main, and shared imports nothing of ours.
 */
const boundary = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});
const electronImport = {
  group: ['electron', 'electron/*'],
  message:
    'only src/main and src/preload import electron; elsewhere, take an adapter from the host.',
};
const ours = (dirs, message) => ({
  group: dirs.flatMap((d) => [`**/${d}`, `**/${d}/**`]),
  message,
});

/**
 * SECURITY: the app never imports the stand-in platform or its test helpers; only tests may
 * (they start the stand-in to run against it).
 */
const standIn = {
  group: ['**/e2e', '**/e2e/**'],
  message: 'the app never imports e2e/ (the stand-in and its helpers); only tests may.',
};
const TESTS = ['**/*.test.ts'];

/** What any renderer file may not import: electron, main-side code, the stand-in. */
const rendererWalls = [
  electronImport,
  ours(
    ['core', 'main', 'web', 'preload'],
    'the renderer reaches main-side data only through the bridge (window.schooldesk).',
  ),
  standIn,
];

/**
 * The renderer's rooms (DESIGN.md, Layout). The shell (app.tsx, screens/, workspace/) and
 * the features build on the kit (components/), data (data/) and words (words/, i18n/), never
 * the other way round, so a room can be read, and changed, without the ones above it.
 */
const SHELL_AND_FEATURES = [
  'app',
  'screens',
  'workspace',
  'lists',
  'records',
  'curriculum',
  'operations',
  'outbox',
  'sync',
  'step-up',
  'account',
  'connect',
];
/** An import of a sibling room of the renderer, from a file one folder down in it. */
const rooms = (names, message) => ({ regex: `^\\.\\./(${names.join('|')})(/|$)`, message });
const noFeatureOrShell = rooms(
  SHELL_AND_FEATURES,
  'the kit, data and words rooms import no feature and no shell; move the shared part down instead.',
);

/**
 * The hosts enter core through its one face, so what they rely on is one short list and
 * core's rooms can move behind it. Their tests too: a test of a host sees core as the host
 * does (harnesses in e2e/support/ build what a test needs beyond that).
 */
const coreFace = {
  group: ['**/core/**', '!**/core/host'],
  message: 'src/main and src/web enter core only through core/host.ts (its one face).',
};

/**
 * The test runners stay in tests: nothing in src/ outside a test imports vitest or Playwright
 * (a helper that does would ship a runner into the app, or pass only under the runner), and
 * no test is left focused with `.only`, which would silently skip every other test.
 */
// An esquery regex cannot hold a '/', so \x2F stands for it.
const TEST_RUNNER = String.raw`/^(vitest|@vitest\x2F.+|@playwright\x2Ftest|playwright(-core)?)(\x2F.*)?$/`;
export const testRunnerRules = [
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'ImportDeclaration',
          'ExportAllDeclaration',
          'ExportNamedDeclaration',
          'ImportExpression',
        ].map((node) => ({
          selector: `${node}[source.value=${TEST_RUNNER}]`,
          message:
            'only tests import vitest or Playwright; a helper for tests lives in e2e/support/.',
        })),
      ],
    },
  },
  {
    files: [...TESTS, '**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='only']",
          message:
            '`.only` runs one test and silently skips the rest; remove it before committing.',
        },
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock|stubGlobal|stubEnv)$/]",
          message:
            'the unit tests share their modules and globals (vitest.config.ts, isolate: false): pass the test its own adapter instead.',
        },
      ],
    },
  },
];

/** The import-boundary rules alone, exported so a test can prove they bite. */
export const importBoundaries = [
  ...testRunnerRules,
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundary(rendererWalls),
    },
  },
  {
    // A block's options replace the one above for its files, so it repeats the walls.
    files: ['src/renderer/{components,words,i18n}/**/*.{ts,tsx}'],
    rules: boundary([...rendererWalls, noFeatureOrShell]),
  },
  {
    files: ['src/renderer/data/**/*.{ts,tsx}'],
    rules: boundary([
      ...rendererWalls,
      noFeatureOrShell,
      rooms(
        ['words', 'i18n'],
        'data speaks no words: the words read data (its errors), so a sentence belongs to the room that shows it.',
      ),
    ]),
  },
  {
    files: ['src/core/**/*.ts'],
    ignores: TESTS,
    rules: boundary([
      electronImport,
      ours(
        ['main', 'renderer', 'preload', 'web'],
        'core is shared by both hosts and must not import a host or the renderer.',
      ),
      standIn,
    ]),
  },
  {
    files: ['src/main/**/*.ts'],
    ignores: TESTS,
    rules: boundary([
      ours(
        ['renderer', 'preload', 'web'],
        'main is the Electron host: it composes core, and reaches the renderer only over IPC.',
      ),
      coreFace,
      standIn,
    ]),
  },
  {
    files: ['src/web/**/*.ts'],
    ignores: ['src/web/client/**', ...TESTS],
    rules: boundary([
      electronImport,
      ours(
        ['main', 'renderer', 'preload'],
        'the web host composes core itself and reaches the renderer only over HTTP.',
      ),
      coreFace,
      standIn,
    ]),
  },
  {
    // The hosts' tests may start the stand-in, but see core only as their host does.
    files: ['src/main/**/*.test.ts', 'src/web/**/*.test.ts'],
    ignores: ['src/web/client/**'],
    rules: boundary([coreFace]),
  },
  {
    files: ['src/preload/**/*.ts', 'src/web/client/**/*.ts'],
    rules: boundary([
      ours(
        ['core', 'main', 'renderer', 'web/server', 'web/cli'],
        'a bridge client sees only the contract in shared, never main-side code.',
      ),
      standIn,
    ]),
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: boundary([
      electronImport,
      ours(
        ['core', 'main', 'renderer', 'preload', 'web', 'e2e'],
        'shared is runtime-neutral and imports nothing of ours.',
      ),
    ]),
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'out/',
      // Parallel local runs build into out-<name>/ and write test-results-<name>/.
      'out-*/',
      'test-results-*/',
      'dist/',
      'test-results/',
      'playwright-report/',
      '.platform-data/',
      // What the tests write: screenshots, and the host benchmark's bundle.
      'e2e/output/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { arguments: false } },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // A type-only import says so (`import type`, or `type` on the name): the reader sees at
      // the top which modules a file runs and which it only describes, and the bundle drops
      // the latter without guessing.
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  ...importBoundaries,
  {
    // Every word the owner reads comes from the catalogs (src/shared/locales): a sentence
    // written into a screen would stay English for a Chinese reader.
    files: ['src/renderer/**/*.tsx'],
    plugins: { i18next },
    rules: { 'i18next/no-literal-string': ['error', { mode: 'jsx-only' }] },
  },
);
