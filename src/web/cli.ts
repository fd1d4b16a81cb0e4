import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import open from 'open';
import {
  exitUnlessNodeIsCurrent,
  folderRefusal,
  hostText,
  lockDataFolder,
  maskedLogger,
  SecretMask,
  terminalLanguage,
  type BrowserOpener,
  type FolderLock,
  type LogSink,
} from '../core/host';
import { maskAuthorizationUrl } from './masked-url';
import { startWebHost } from './server';
import { withLogFile } from './file-log';

/**
 * `npm run web -- [--port <n>] [--data <dir>] [--new-secret] [--no-browser]`: Schooldesk in
 * your browser, at an address that stays the same for a data folder (see server.ts).
 */
const command = 'npm run web -- [--port <n>] [--data <dir>] [--new-secret] [--no-browser]';
exitUnlessNodeIsCurrent();
/** The terminal speaks its own language (LC_ALL, LC_MESSAGES, LANG). */
const text = hostText(terminalLanguage());
const { t } = text;

const root = fileURLToPath(new URL('../..', import.meta.url));
const rendererDir = join(root, 'out', 'renderer');

function options() {
  try {
    const { values } = parseArgs({
      options: {
        port: { type: 'string', default: '0' },
        data: { type: 'string', default: join(homedir(), '.schooldesk') },
        'new-secret': { type: 'boolean', default: false },
        'no-browser': { type: 'boolean', default: false },
      },
    });
    const port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(t('terminal.badPort'));
    return {
      port,
      dataDir: values.data,
      newSecret: values['new-secret'],
      noBrowser: values['no-browser'],
    };
  } catch (error) {
    console.error(`${(error as Error).message}\n${t('terminal.usage', { command })}`);
    process.exit(2);
  }
}

/** The app's one secret mask: this log and core's auth share it. */
const mask = new SecretMask();
const terminal: LogSink = {
  info: (m) => console.log(m),
  warn: (m) => console.warn(m),
  error: (m) => console.error(m),
};

/**
 * SECURITY: one process per data folder, taken before anything in it is read. A second host
 * exits with the sentence naming the holder (or saying what is wrong with the folder), and
 * touches nothing (its sessions above all:
 * two hosts refreshing with one rotating refresh token get the whole grant revoked).
 */
async function lockFolder(dataDir: string): Promise<FolderLock> {
  try {
    return await lockDataFolder(dataDir, {
      onCompromised: () => {
        // Another process took the folder over: writing on would corrupt its files.
        console.error(t('terminal.folderTakenOver'));
        process.exit(1);
      },
    });
  } catch (error) {
    const refusal = folderRefusal(text, error, 'terminal');
    if (refusal === undefined) throw error;
    console.error(refusal);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const { port, dataDir, newSecret, noBrowser } = options();
  if (
    !existsSync(join(rendererDir, 'index.html')) ||
    !existsSync(join(rendererDir, 'web-bridge.js'))
  ) {
    console.log(t('terminal.building'));
    // On this process's Node (the project's), not through npx and whatever Node runs npm.
    const electronVite = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
    const build = spawnSync(process.execPath, [electronVite, 'build'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error(t('terminal.buildFailed'));
  }
  // Taken after the build: spawnSync blocks this process, and a lock it cannot refresh goes stale.
  const folder = await lockFolder(dataDir);
  if (folder.narrowed) console.warn(t('dataFolder.narrowed', { path: dataDir }));
  // SECURITY: without a browser, the terminal gets the link masked (state, code_challenge);
  // the page shows the real one, which it received over the bridge.
  // Without a browser nothing was opened, and the page must not say it was: it points at the
  // link instead.
  const browser: BrowserOpener = noBrowser
    ? {
        open: (url) => {
          console.log(t('terminal.signInLink', { link: maskAuthorizationUrl(url) }));
          return Promise.reject(new Error('--no-browser: no browser is opened'));
        },
      }
    : { open: async (url) => void (await open(url)) };
  // The terminal's lines, kept with their time in the data folder too (masked before either).
  const log = maskedLogger(withLogFile(join(dataDir, 'logs', 'web-host.log'), terminal), mask);
  const host = await startWebHost({ port, dataDir, newSecret, rendererDir, browser, log, mask });
  const stop = () =>
    void host
      .close()
      .then(() => folder.release())
      .then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // The one place the secret is shown: the address the owner opens (and may bookmark). The
  // log sink masks it everywhere else.
  console.log(t('terminal.ready', { address: `${host.url}/#${host.secret}` }));
  if (host.lostPort !== undefined)
    console.log(t('terminal.portChanged', { port: String(host.lostPort) }));
  if (host.secretOrigin === 'rotated') console.log(t('terminal.newSecret'));
  console.log(t('terminal.bookmark'));
}

main().catch((error: unknown) => {
  console.error(t('terminal.cannotStart', { reason: (error as Error).message }));
  process.exit(1);
});
