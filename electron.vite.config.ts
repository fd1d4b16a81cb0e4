import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { DATABASE_HELPER_FILE, HELPER_PROGRAM } from './src/core/store/helper-program';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/**
 * The dev server (and only the dev server) injects CSS as inline `<style>` tags for hot
 * reload, which the strict CSP in index.html forbids. This allows inline styles in the CSP
 * served by `electron-vite dev` alone; `apply: 'serve'` keeps it out of every build, so what
 * ships carries the policy exactly as written in index.html. (The inline React Refresh
 * preamble needs nothing: Vite puts it before the CSP meta tag, which only governs what
 * follows it.)
 */
function devOnlyCspRelaxation(): Plugin {
  return {
    name: 'schooldesk:dev-only-csp-relaxation',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
  };
}

/**
 * Writes the database helper's program beside the main bundle (DATABASE_HELPER_FILE), for
 * main to start as a utility process (src/main/adapters/utility-helper.ts). It is the same
 * source the web host hands its Node, taken from helper-program.ts as it is.
 */
function databaseHelperFile(): Plugin {
  return {
    name: 'schooldesk:database-helper-file',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: DATABASE_HELPER_FILE, source: HELPER_PROGRAM });
    },
  };
}

/**
 * What Electron 45 runs (Node 24.21, Chromium 156). electron-vite 6 derives its targets from
 * the Electron major with a table that stops at 44, which would aim at older engines; saying
 * them here keeps the bundles exact (and must follow the next Electron upgrade).
 */
const NODE_TARGET = 'node24.21';
const CHROME_TARGET = 'chrome156';

/**
 * Three bundles, written to out/: main (an ES module, which Electron loads natively),
 * preload and renderer. Entries follow electron-vite's conventions: src/main/index.ts,
 * src/preload/index.ts and src/renderer/index.html.
 */
export default defineConfig({
  main: { plugins: [databaseHelperFile()], build: { target: NODE_TARGET } },
  preload: {
    define: { __SCHOOLDESK_VERSION__: JSON.stringify(pkg.version) },
    build: {
      // electron-vite takes only a Node target for the preload.
      target: NODE_TARGET,
      // SECURITY: the window runs with sandbox: true, and sandboxed preloads can be neither
      // ES modules nor require() packages from node_modules. So the preload is one
      // self-contained CommonJS file (out/preload/index.cjs) with only 'electron' external.
      externalizeDeps: false,
      rolldownOptions: { output: { format: 'cjs' } },
    },
  },
  renderer: {
    plugins: [react(), devOnlyCspRelaxation()],
    define: { __SCHOOLDESK_VERSION__: JSON.stringify(pkg.version) },
    build: {
      target: CHROME_TARGET,
      // No source maps in the shipped renderer: they would only expose source paths.
      sourcemap: false,
      rolldownOptions: {
        // The web host's bridge is built beside the app under a fixed name, so the web host
        // can load it before the app; Electron's window never references it.
        input: {
          index: fileURLToPath(new URL('./src/renderer/index.html', import.meta.url)),
          'web-bridge': fileURLToPath(new URL('./src/web/client/web-bridge.ts', import.meta.url)),
        },
        output: {
          entryFileNames: (chunk) =>
            chunk.name === 'web-bridge' ? 'web-bridge.js' : 'assets/[name]-[hash].js',
        },
      },
    },
  },
});
