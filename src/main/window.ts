import { BrowserWindow } from 'electron';
import { join } from 'node:path';

/**
 * Where the built preload and renderer sit relative to the built main bundle (`out/main`).
 * The preload is CommonJS because sandboxed preloads cannot be ES modules.
 */
const preloadPath = join(import.meta.dirname, '../preload/index.cjs');
const rendererPath = join(import.meta.dirname, '../renderer/index.html');

/**
 * Creates the main application window and loads the renderer into it.
 *
 * In `electron-vite dev` the renderer comes from the Vite dev server (ELECTRON_RENDERER_URL);
 * a packaged app always loads the built files, whatever the environment says.
 */
export function createMainWindow(isPackaged: boolean): BrowserWindow {
  const window = new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 800,
    minHeight: 560,
    title: 'Schooldesk',
    show: false,
    webPreferences: {
      preload: preloadPath,
      // SECURITY: the renderer is untrusted. It gets no Node, runs in the OS sandbox and
      // reaches main-side data only through the preload's named API.
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  });

  // Show once painted so the user never sees a blank white frame.
  window.once('ready-to-show', () => window.show());

  const devUrl = process.env['ELECTRON_RENDERER_URL'];
  if (!isPackaged && devUrl) {
    void window.loadURL(devUrl);
  } else {
    void window.loadFile(rendererPath);
  }
  return window;
}
