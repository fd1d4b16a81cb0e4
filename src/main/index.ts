import { join } from 'node:path';
import { app, type BrowserWindow, dialog, Menu, safeStorage, session, shell } from 'electron';
import {
  createHandlers,
  createServices,
  DATABASE_HELPER_FILE,
  favourMemoryOverSpeed,
  folderRefusal,
  hostText,
  lockDataFolder,
  pollingNetworkHint,
  SecretMask,
  type FolderLock,
  type HostText,
  type Services,
} from '../core/host';
import { pickLanguage } from '../shared/languages';
import { isOnline } from './adapters/connectivity';
import { createAuthorizationOpener } from './adapters/external-browser';
import { SafeStorageEncryptor } from './adapters/safe-storage-encryptor';
import { electronSaveFile } from './adapters/save-dialog';
import { utilityHelper } from './adapters/utility-helper';
import { appEntry } from './app-url';
import { blockForeignRequests, lockDownWebContents, restrictPermissions } from './hardening';
import { hostOverrides } from './host-overrides';
import { eventSender, registerIpc } from './ipc';
import { setUpLogging } from './logging';
import { menuTemplate } from './menu-template';
import { createMainWindow } from './window';
import { WindowStateStore } from './window-state';

/**
 * Electron host entry point: lifecycle and composition. Core does the work; this file hands
 * it the host's adapters (safeStorage, the system browser, the data folder) and wires the
 * window, IPC and menu.
 */

favourMemoryOverSpeed();

// Set before anything reads the data folder: the single-instance lock, electron-store,
// electron-log and core all use it. See host-overrides.ts for the variables.
const overrides = hostOverrides(process.env, app.isPackaged);
if (overrides.dataDir) {
  app.setPath('userData', overrides.dataDir);
  app.setAppLogsPath(join(overrides.dataDir, 'logs'));
}

// Built bundles sit side by side in out/: main, preload (CommonJS, because sandboxed preloads
// cannot be ES modules) and renderer.
const preloadPath = join(import.meta.dirname, '../preload/index.cjs');
const entry = appEntry({
  isPackaged: app.isPackaged,
  devUrl: process.env['ELECTRON_RENDERER_URL'],
  rendererPath: join(import.meta.dirname, '../renderer/index.html'),
});

// A second copy would fight the first over the data folder and the sign-in loopback
// listener, so only one instance runs (per data folder); a second launch focuses this one.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  start();
}

function start(): void {
  // The app's one secret mask: the log hook below and core's auth share it.
  const mask = new SecretMask();
  const log = setUpLogging({ console: !app.isPackaged, mask });
  const dataDir = app.getPath('userData');
  // Bound once core's services exist; the opener only asks when a sign-in opens a browser.
  let services: Services | undefined;
  let mainWindow: BrowserWindow | undefined;
  const appWindow = () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow : undefined);
  /**
   * The words of the menu and dialogs: the language the owner chose in Account, else the
   * system's (app.getLocale(), as the renderer's navigator.languages). Before the data folder
   * is locked its settings are not read, so a refusal then speaks the system's language.
   */
  const text = (): HostText =>
    hostText(services?.settings.language ?? pickLanguage([app.getLocale()]));
  /** The menu, and the About panel, in the owner's language; built again when it changes. */
  const setMenu = () => {
    app.setAboutPanelOptions({
      applicationName: 'Schooldesk',
      applicationVersion: app.getVersion(),
      credits: text().t('dialog.aboutText'),
    });
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        menuTemplate({
          isMac: process.platform === 'darwin',
          devTools: !app.isPackaged,
          text: text(),
        }),
      ),
    );
  };

  const opener = createAuthorizationOpener({
    // Read afresh on every call from core's own Settings (core writes them while it runs).
    endpoints: () => services?.settings.authorizationEndpoints() ?? [],
    // SECURITY: the one call of shell.openExternal; the opener calls it only for URLs that
    // pass authorizationUrlProblem (adapters/authorization-url.ts).
    launch: overrides.openBrowser
      ? (url) => shell.openExternal(url)
      : () => {
          log.info('not opening the system browser (SCHOOLDESK_NO_BROWSER)');
          return Promise.resolve();
        },
    log,
  });
  lockDownWebContents(app, (url) => opener.openFromRenderer(url));

  app.on('second-instance', () => {
    const window = appWindow();
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });

  // Each school's sync stops and its local copy is saved before the app quits; then the data
  // folder is given up.
  let folder: FolderLock | undefined;
  let closing = false;
  app.on('before-quit', (event) => {
    if (closing || !services) return;
    closing = true;
    event.preventDefault();
    void services.schools
      .closeAll()
      .finally(() => folder?.release())
      .finally(() => app.quit());
  });

  /** Says why the app cannot run on its data folder, and quits without touching it. */
  const refuse = (message: string) => {
    log.error(message);
    dialog.showErrorBox('Schooldesk', message);
    app.exit(1);
  };

  // macOS keeps apps alive without windows; everywhere else closing the last window quits.
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  void app.whenReady().then(async () => {
    // SECURITY: the single-instance lock keeps out a second Electron only; the data folder
    // lock also keeps out a web host on this folder. Taken before core reads the folder, so a
    // refused start touches none of its sessions.
    try {
      folder = await lockDataFolder(dataDir, {
        onCompromised: () => refuse(text().t('dialog.folderTakenOver')),
      });
    } catch (error) {
      return refuse(
        folderRefusal(text(), error, 'dialog') ??
          text().t('dialog.cannotStart', {
            reason: error instanceof Error ? error.message : String(error),
          }),
      );
    }
    if (folder.narrowed) log.warn(text().t('dataFolder.narrowed', { path: dataDir }));
    restrictPermissions(session.defaultSession, entry);
    blockForeignRequests(session.defaultSession, entry, log);

    // safeStorage answers truthfully only once the app is ready.
    const encryptor = await SafeStorageEncryptor.create(safeStorage);
    if (encryptor.protection === 'basic_text')
      log.warn('no OS keyring: tokens stay in memory unless the user opts in');
    services = createServices({
      dataDir,
      encryptor,
      mask,
      // Chromium's own view of the network: a hint for the status line, never the verdict.
      networkHint: pollingNetworkHint(isOnline),
      browser: opener,
      emit: eventSender(appWindow, entry),
      log,
      saveFile: electronSaveFile(appWindow, text),
      // The owner chose a language in Account: the menu follows at once.
      onLanguageChanged: () => setMenu(),
      // The build writes the helper's program beside this bundle.
      launchHelper: utilityHelper(join(import.meta.dirname, DATABASE_HELPER_FILE)),
    });
    setMenu();
    const windowState = new WindowStateStore();
    registerIpc({ handlers: createHandlers(services), appWindow, entry, log });

    const openWindow = () => {
      mainWindow = createMainWindow({
        entry,
        preloadPath,
        devTools: !app.isPackaged,
        state: windowState,
      });
    };
    openWindow();
    app.on('activate', () => {
      if (!appWindow()) openWindow();
    });
    log.info(`Schooldesk ${app.getVersion()} started`);
  });
}
