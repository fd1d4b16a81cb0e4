import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { silentLog } from '../../src/core/auth/secret-mask';
import { startWebHost } from '../../src/web/server';

/**
 * The app in the web host as an owner runs it, with the platform's rate limits. (The `app`
 * fixture turns the app's pacing off, to match the worker's unlimited stand-in.)
 */
export async function startPacedApp(dataDir: string) {
  const outDir = process.env['SCHOOLDESK_OUT_DIR'];
  const host = await startWebHost({
    port: 0,
    dataDir,
    rendererDir: outDir
      ? join(outDir, 'renderer')
      : fileURLToPath(new URL('../../out/renderer', import.meta.url)),
    browser: { open: () => Promise.resolve() },
    log: silentLog,
  });
  return { host, url: `${host.url}/#${host.secret}` };
}
