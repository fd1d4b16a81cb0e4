import { isAppUrl, type AppEntry } from './app-url';

/** The parts of an Electron frame (WebFrameMain) the sender check reads. */
export type FrameFacts = {
  readonly url: string;
  readonly frameToken: string;
  readonly parent: unknown;
  readonly detached: boolean;
};

/** Who sent an IPC message: the web contents' id and the frame it came from. */
export type SenderFacts = { readonly webContentsId: number; readonly frame: FrameFacts | null };

/** The app window as the sender check needs it, or undefined when there is none. */
export type WindowFacts = { readonly webContentsId: number; readonly mainFrame: FrameFacts };

/**
 * SECURITY: IPC is answered only for the app window's own main frame showing the app's own
 * page. Subframes (an injected iframe), other web contents, detached or navigated frames and
 * messages sent while no app window exists are all refused, and `handle()` turns the refusal
 * into a coded `forbidden` error.
 */
export function isOwnMainFrame(
  sender: SenderFacts,
  window: WindowFacts | undefined,
  entry: AppEntry,
): boolean {
  const frame = sender.frame;
  if (!frame || !window) return false;
  return (
    sender.webContentsId === window.webContentsId &&
    frame.parent === null &&
    !frame.detached &&
    frame.frameToken === window.mainFrame.frameToken &&
    isAppUrl(frame.url, entry)
  );
}
