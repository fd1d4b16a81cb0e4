import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/**
 * Where to look for Chromium, in order. We use Debian's Chromium instead of Playwright's
 * downloaded browsers because our machines cannot download them.
 */
const defaultCandidates = ['/usr/bin/chromium', 'chromium', 'chromium-browser'];

/**
 * Returns the path of the Chromium executable that Playwright should drive.
 *
 * `CHROMIUM_PATH` wins when set (and must point at an executable); otherwise the first of
 * /usr/bin/chromium, `chromium` and `chromium-browser` found on PATH. Throws an error that
 * says how to install Chromium when none is found.
 */
export function chromiumExecutablePath(
  env: NodeJS.ProcessEnv = process.env,
  candidates: readonly string[] = defaultCandidates,
): string {
  const fromEnv = env['CHROMIUM_PATH'];
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    throw new Error(
      `CHROMIUM_PATH is set to ${fromEnv}, but no executable is there. ` +
        'Point it at a Chromium binary, or unset it to look in the usual places.',
    );
  }
  for (const candidate of candidates) {
    const found = isAbsolute(candidate) ? isExecutableOrNull(candidate) : onPath(candidate, env);
    if (found) return found;
  }
  throw new Error(
    `Chromium was not found (looked for ${candidates.join(', ')}; bare names on PATH). ` +
      'Install it with `apt-get update && apt-get install -y chromium`, or set CHROMIUM_PATH ' +
      'to a Chromium executable. Do not run `npx playwright install`.',
  );
}

function onPath(name: string, env: NodeJS.ProcessEnv): string | null {
  for (const dir of (env['PATH'] ?? '').split(delimiter)) {
    if (!dir) continue;
    const found = isExecutableOrNull(join(dir, name));
    if (found) return found;
  }
  return null;
}

function isExecutableOrNull(path: string): string | null {
  return isExecutable(path) ? path : null;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
