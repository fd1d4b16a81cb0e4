import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REQUIRED_NODE } from '../src/core/node-runtime';

/**
 * package.json `dependencies` is exactly what the packaged app loads from node_modules.
 *
 * The rule, from how the app is built (electron.vite.config.ts, electron-builder.yml):
 * - The main bundle (src/main/index.ts and all it imports: src/core, src/shared) keeps every
 *   package of `dependencies` external (electron-vite's default `externalizeDeps`), and
 *   electron-builder ships those in app.asar's node_modules. So every package main code loads
 *   at run time must be in `dependencies`; one left in devDependencies would be bundled
 *   silently instead, against the rule the rest follow.
 * - The preload (`externalizeDeps: false`) and the renderer are bundled whole by Vite: their
 *   packages ship inside the bundle, so they belong in devDependencies, unless main loads
 *   them too (zod). They must be declared in package.json all the same.
 * - Every entry of `dependencies` is loaded by the main bundle; anything else is carried by
 *   every installer for nothing (the stand-in's and the web host's packages above all:
 *   src/web, scripts and e2e never ship).
 * - A peer dependency of a package main loads (intl-messageformat for i18next-icu) is loaded by
 *   that package at run time, so it belongs in `dependencies` too.
 * - `electron` is the runtime itself (electron-builder wants it in devDependencies).
 *
 * "Loads at run time" is read as the bundler reads it: each file is transpiled as Vite does
 * (imports used only as types disappear), and the imports of what remains are followed from
 * the entry points: what the packaged app runs, not every file in its folders.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const ENTRIES = {
  main: ['src/main/index.ts'],
  preload: ['src/preload/index.ts'],
  renderer: rendererEntries('src/renderer/index.html'),
};
const RUNTIME = new Set(['electron']);
const BUILTINS = new Set(builtinModules);

/** The module scripts of an HTML entry, as Vite takes them. */
function rendererEntries(html: string): string[] {
  const text = readFileSync(join(root, html), 'utf8');
  return [...text.matchAll(/<script[^>]*\stype="module"[^>]*\ssrc="([^"]+)"/g)].map((m) =>
    join(dirname(html), m[1]!),
  );
}

/** The specifiers a source file keeps once transpiled (type-only imports are gone). */
function runtimeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const { outputText } = ts.transpileModule(source, {
    fileName: file,
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      jsx: ts.JsxEmit.ReactJSX,
      isolatedModules: true,
    },
  });
  return ts.preProcessFile(outputText, true, true).importedFiles.map((f) => f.fileName);
}

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** Our own file a relative specifier names, or undefined for assets (CSS, images). */
function resolveLocal(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile())
      return candidate;
  }
  return undefined;
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The packages a graph of our files loads at run time, from its entry points. */
function packagesFrom(entries: string[]): { packages: Map<string, string>; files: number } {
  const seen = new Set<string>();
  const packages = new Map<string, string>(); // package → first file that loads it
  const queue = entries.map((entry) => join(root, entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of runtimeImports(file)) {
      if (specifier.startsWith('.')) {
        const local = resolveLocal(file, specifier);
        if (local) queue.push(local);
        continue;
      }
      if (specifier.startsWith('node:') || BUILTINS.has(specifier)) continue;
      const name = packageOf(specifier);
      if (!packages.has(name)) packages.set(name, relative(root, file));
    }
  }
  return { packages, files: seen.size };
}

type Manifest = { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };

/**
 * What breaks the rule above, one plain line each; empty when package.json keeps it.
 * `main` and `bundled` map each package to a file that loads it.
 */
function dependencyProblems(
  manifest: Manifest,
  main: Map<string, string>,
  bundled: Map<string, string>,
  peersOf: (name: string) => string[] = installedPeers,
): string[] {
  const dependencies = new Set(Object.keys(manifest.dependencies ?? {}));
  const declared = new Set([...dependencies, ...Object.keys(manifest.devDependencies ?? {})]);
  const problems: string[] = [];
  for (const [name, file] of main) {
    if (RUNTIME.has(name) || dependencies.has(name)) continue;
    problems.push(`${name} is loaded by the main process (${file}) but is not in dependencies`);
  }
  const loadedByPackages = new Set([...main.keys()].flatMap((name) => peersOf(name)));
  for (const name of dependencies) {
    if (!main.has(name) && !loadedByPackages.has(name))
      problems.push(`${name} is in dependencies but the packaged main process never loads it`);
  }
  for (const [name, file] of bundled) {
    if (!RUNTIME.has(name) && !declared.has(name))
      problems.push(`${name} is bundled from ${file} but package.json does not declare it`);
  }
  return problems;
}

/** The peer dependencies an installed package declares (it loads them itself). */
function installedPeers(name: string): string[] {
  const file = join(root, 'node_modules', name, 'package.json');
  if (!existsSync(file)) return [];
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
    peerDependencies?: Record<string, string>;
  };
  return Object.keys(manifest.peerDependencies ?? {});
}

describe('package.json dependencies', () => {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;

  it('are exactly what the packaged app loads at run time', () => {
    const main = packagesFrom(ENTRIES.main);
    const preload = packagesFrom(ENTRIES.preload);
    const renderer = packagesFrom(ENTRIES.renderer);
    // The walk really went through the app (a broken entry would find nothing, and pass).
    expect(main.files).toBeGreaterThan(50);
    expect(renderer.files).toBeGreaterThan(50);
    expect(main.packages.has('zod')).toBe(true);
    expect(renderer.packages.has('react')).toBe(true);
    const bundled = new Map([...preload.packages, ...renderer.packages]);
    expect(dependencyProblems(manifest, main.packages, bundled)).toEqual([]);
  });

  it('optionalDependencies are only the Node that runs the scripts, which never ships', () => {
    const optional = (manifest as { optionalDependencies?: Record<string, string> })
      .optionalDependencies;
    expect(Object.keys(optional ?? {}).length).toBeGreaterThan(0);
    for (const [name, version] of Object.entries(optional ?? {})) {
      expect(name).toMatch(/^node-(linux|win|darwin)-(x64|arm64)$/);
      expect(version, name).toBe(REQUIRED_NODE);
    }
    const builder = readFileSync(join(root, 'electron-builder.yml'), 'utf8');
    expect(builder).toContain("- '!node_modules/node-{linux,win,darwin}-*{,/**}'");
  });

  it('the check names a package that ships for nothing, or is missing', () => {
    const main = new Map([['zod', 'src/core/a.ts']]);
    const problems = dependencyProblems(
      { dependencies: { zod: '4', open: '11' }, devDependencies: { 'p-queue': '9' } },
      new Map([...main, ['p-queue', 'src/core/b.ts']]),
      new Map([['left-pad', 'src/renderer/c.tsx']]),
      () => [],
    );
    expect(problems).toEqual([
      'p-queue is loaded by the main process (src/core/b.ts) but is not in dependencies',
      'open is in dependencies but the packaged main process never loads it',
      'left-pad is bundled from src/renderer/c.tsx but package.json does not declare it',
    ]);
  });

  it('reads an import used only as a type as no import, as the bundler does', () => {
    const dir = mkdtempSync(join(tmpdir(), 'schooldesk-deps-'));
    try {
      const file = join(dir, 'sample.ts');
      writeFileSync(
        file,
        [
          "import type { A } from 'only-types';",
          "import { B } from 'used-as-type';",
          "import { C } from 'used-as-value';",
          "import './side-effect';",
          'export const c: A | B = C;',
          "export const later = () => import('@scope/lazy/sub');",
        ].join('\n'),
      );
      expect(runtimeImports(file)).toEqual(['used-as-value', './side-effect', '@scope/lazy/sub']);
      expect(packageOf('@scope/lazy/sub')).toBe('@scope/lazy');
      expect(packageOf('electron-log/main')).toBe('electron-log');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
