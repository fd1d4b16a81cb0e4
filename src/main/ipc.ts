import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent, type WebFrameMain } from 'electron';
import { handle, type Handlers, type LogSink } from '../core/host';
import { CHANNELS, EVENT_CHANNEL, type AppEvent } from '../shared/contract';
import { isAppUrl, type AppEntry } from './app-url';
import { isOwnMainFrame, type FrameFacts, type WindowFacts } from './sender-check';

/**
 * The only file that touches ipcMain: the contract's channels in, the one event channel out.
 * `appWindow` answers the live app window (undefined while there is none).
 */
export type IpcOptions = {
  handlers: Handlers;
  appWindow: () => BrowserWindow | undefined;
  entry: AppEntry;
  log: LogSink;
};

/**
 * Registers every contract channel with `ipcMain.handle`, each through core's `handle()`
 * wrapper, which validates the request and answers a coded Result (it never throws).
 *
 * SECURITY: the sender is trusted only when it is the app window's own main frame showing the
 * app's own page (isOwnMainFrame); anything else gets `forbidden`. Libraries' IPC listeners
 * (electron-log's and electron-store's renderer bridges, which we do not use) are removed, so
 * the contract's channels are all main answers. Call this after those libraries are loaded
 * and after the first electron-store is created.
 */
export function registerIpc(options: IpcOptions): void {
  closeForeignChannels();
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event, request: unknown) =>
      handle(options.handlers, channel, request, {
        trustedSender: isTrusted(event, options),
        log: options.log,
      }),
    );
  }
}

/**
 * Answers the `emit` function core pushes events through: each event goes to the app window
 * over EVENT_CHANNEL, and is dropped while there is no window or it shows anything but the
 * app's own page (events carry no tokens, but nothing of ours goes to a foreign page).
 */
export function eventSender(
  appWindow: () => BrowserWindow | undefined,
  entry: AppEntry,
): (event: AppEvent) => void {
  return (event) => {
    const contents = appWindow()?.webContents;
    if (!contents || contents.isDestroyed() || !isAppUrl(contents.mainFrame.url, entry)) return;
    contents.send(EVENT_CHANNEL, event);
  };
}

function isTrusted(event: IpcMainInvokeEvent, options: IpcOptions): boolean {
  const window = options.appWindow();
  const trusted = isOwnMainFrame(
    { webContentsId: event.sender.id, frame: senderFrame(event) },
    window && windowFacts(window),
    options.entry,
  );
  if (!trusted) options.log.warn('refused an IPC request that did not come from the app window');
  return trusted;
}

/** The sending frame; null when it navigated away or was destroyed since it sent. */
function senderFrame(event: IpcMainInvokeEvent): FrameFacts | null {
  try {
    return event.senderFrame ? frameFacts(event.senderFrame) : null;
  } catch {
    return null;
  }
}

function windowFacts(window: BrowserWindow): WindowFacts | undefined {
  if (window.isDestroyed() || window.webContents.isDestroyed()) return undefined;
  return {
    webContentsId: window.webContents.id,
    mainFrame: frameFacts(window.webContents.mainFrame),
  };
}

function frameFacts(frame: WebFrameMain): FrameFacts {
  return {
    url: frame.url,
    frameToken: frame.frameToken,
    parent: frame.parent,
    detached: frame.detached,
  };
}

/** electron-log's renderer bridge (`__ELECTRON_LOG__`) and electron-store's, both unused. */
function closeForeignChannels(): void {
  ipcMain.removeHandler('__ELECTRON_LOG__');
  ipcMain.removeAllListeners('__ELECTRON_LOG__');
  ipcMain.removeAllListeners('electron-store-get-data');
}
