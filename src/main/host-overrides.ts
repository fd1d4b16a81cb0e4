import { isAbsolute } from 'node:path';

/** Settings of the Electron host that tests (and developers) may change from outside. */
export type HostOverrides = {
  /** Replaces `app.getPath('userData')`: tokens, settings, window state and logs go here. */
  dataDir: string | undefined;
  /** False: sign-in links are not handed to the system browser (a test follows them). */
  openBrowser: boolean;
};

/**
 * Reads the host's overrides from the environment:
 *
 * - `SCHOOLDESK_DATA_DIR=<absolute path>`: the data folder instead of the OS default, so a
 *   test run starts signed out and leaves the user's own data alone.
 * - `SCHOOLDESK_NO_BROWSER=1`: do not open the system browser for sign-in; the waiting screen
 *   still shows the link, which an end-to-end test follows in its own browser.
 *
 * SECURITY: a packaged app ignores both. Its data, tokens included, stay where the OS keeps
 * an app's data, whatever a launcher's environment says.
 */
export function hostOverrides(env: NodeJS.ProcessEnv, isPackaged: boolean): HostOverrides {
  if (isPackaged) return { dataDir: undefined, openBrowser: true };
  const dataDir = env['SCHOOLDESK_DATA_DIR'];
  if (dataDir !== undefined && dataDir !== '' && !isAbsolute(dataDir))
    throw new Error(`SCHOOLDESK_DATA_DIR must be an absolute path, got "${dataDir}"`);
  return {
    dataDir: dataDir || undefined,
    openBrowser: !['1', 'true', 'yes'].includes((env['SCHOOLDESK_NO_BROWSER'] ?? '').toLowerCase()),
  };
}
