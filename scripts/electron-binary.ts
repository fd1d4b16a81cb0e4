import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * Returns the path of the Electron executable if it is installed, else null.
 *
 * The `electron` npm package always installs, but its binary comes from a separate install
 * script, which this project does not run (allowScripts in package.json, and
 * ELECTRON_SKIP_BINARY_DOWNLOAD=1 in CI). This finds the binary the way electron-vite does
 * (ELECTRON_EXEC_PATH, else the package's path.txt) without importing `electron`, because
 * importing it throws when the binary is missing.
 */
export function electronBinaryPath(env: NodeJS.ProcessEnv = process.env): string | null {
  const fromEnv = env['ELECTRON_EXEC_PATH'];
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  let packageDir: string;
  try {
    packageDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}
