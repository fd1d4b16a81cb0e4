/**
 * `npm start`: builds the app and opens it in Electron (`electron-vite preview`).
 * Where the Electron binary is missing, says so and how to get it instead of failing deep
 * inside electron-vite.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitUnlessNodeIsCurrent } from '../src/core/node-runtime';
import { electronBinaryPath, installedElectronVersion } from './electron-binary';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
exitUnlessNodeIsCurrent();

if (!electronBinaryPath()) {
  console.error(
    [
      `The Electron ${installedElectronVersion()} binary is not installed, so the desktop app cannot start here.`,
      '',
      'Since Electron 42 the electron npm package has no install script: it downloads its',
      'binary the first time something loads it, and nothing in this project does (that',
      'download cannot be made on every machine, CI included). On a machine that may download',
      'it, fetch it once with',
      '',
      '  npx install-electron',
      '',
      'then run `npm start` again.',
      '',
      'To try Schooldesk without Electron: npm run demo',
    ].join('\n'),
  );
  process.exit(1);
}

const electronVite = join(
  dirname(createRequire(import.meta.url).resolve('electron-vite/package.json')),
  'bin',
  'electron-vite.js',
);
const child = spawn(process.execPath, [electronVite, 'preview'], {
  cwd: repoRoot,
  stdio: 'inherit',
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
