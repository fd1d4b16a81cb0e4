/**
 * `npm start`: builds the app and opens it in Electron (`electron-vite preview`).
 * Where the Electron binary is missing, says so and how to get it instead of failing deep
 * inside electron-vite.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronBinaryPath } from './electron-binary';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

if (!electronBinaryPath()) {
  console.error(
    [
      'The Electron binary is not installed, so the desktop app cannot start here.',
      '',
      'The electron npm package fetches its binary in an install script, and this project',
      'does not run that script during `npm ci` (package.json denies it in allowScripts; CI',
      'also sets ELECTRON_SKIP_BINARY_DOWNLOAD=1). `npx electron` needs the binary as well.',
      'On a machine that may download it, fetch it once with',
      '',
      '  node node_modules/electron/install.js',
      '',
      '(with ELECTRON_SKIP_BINARY_DOWNLOAD unset), then run `npm start` again.',
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
