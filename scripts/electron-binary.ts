import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The version of the installed `electron` package (the exact pin of package.json). */
export function installedElectronVersion(): string {
  const file = require.resolve('electron/package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/**
 * Returns the path of the Electron executable if it is installed, else null.
 *
 * The `electron` npm package always installs, without its binary: since Electron 42 it has no
 * install script and downloads the binary when something first loads the package, which
 * fails where the download cannot be made (our machines, CI). So this finds the binary the
 * way electron-vite does (ELECTRON_EXEC_PATH, else the package's path.txt) and never imports
 * `electron`, which would start that download.
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
