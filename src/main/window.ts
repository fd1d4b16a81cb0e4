import { BrowserWindow } from 'electron';
import type { AppEntry } from './app-url';
import type { WindowStateStore } from './window-state';

/**
 * Creates the main application window and loads the app's own page into it (the built file,
 * or the dev server in `electron-vite dev`; see appEntry).
 */
export function createMainWindow(options: {
  entry: AppEntry;
  preloadPath: string;
  devTools: boolean;
  state: WindowStateStore;
}): BrowserWindow {
  const saved = options.state.restore();
  const window = new BrowserWindow({
    width: 1200,
    height: 800,
    ...saved?.bounds,
    minWidth: 800,
    minHeight: 560,
    title: 'Schooldesk',
    show: false,
    webPreferences: {
      preload: options.preloadPath,
      // SECURITY: the renderer is untrusted. It gets no Node, runs in the OS sandbox and
      // reaches main-side data only through the preload's named API.
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      // SECURITY: no `auxclick` (middle-click) events, which can open links in ways that
      // bypass click handlers; new windows are denied anyway (hardening.ts).
      disableBlinkFeatures: 'Auxclick',
      // SECURITY: no developer tools in a packaged app.
      devTools: options.devTools,
      spellcheck: false,
    },
  });
  options.state.track(window);

  // Show once painted so the user never sees a blank white frame.
  window.once('ready-to-show', () => {
    if (saved?.maximized) window.maximize();
    window.show();
  });

  // The entry's URL is either our own file:// page or the loopback dev server (appEntry).
  void window.loadURL(options.entry.url);
  return window;
}
