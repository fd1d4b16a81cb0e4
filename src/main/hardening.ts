import type { App, Session } from 'electron';
import type { LogSink } from '../core/host';
import { isAllowedRendererRequest, type AppEntry } from './app-url';
import { isPermissionAllowed } from './permissions';

/**
 * SECURITY: answers every permission request and check of the session with
 * isPermissionAllowed (clipboard writing for the app's own page, nothing else), and refuses
 * every device (USB, HID, serial) outright.
 */
export function restrictPermissions(session: Session, entry: AppEntry): void {
  session.setPermissionRequestHandler((_webContents, permission, callback, details) =>
    callback(isPermissionAllowed(permission, details.requestingUrl, entry)),
  );
  session.setPermissionCheckHandler((webContents, permission, _origin, details) =>
    isPermissionAllowed(permission, details.requestingUrl ?? webContents?.getURL(), entry),
  );
  session.setDevicePermissionHandler(() => false);
}

/**
 * SECURITY: cancels every request the renderer makes that is not for the app's own files
 * (or the dev server). Schooldesk shows no remote content and talks to schools only from
 * main, so this holds even if the CSP were loosened or bypassed.
 */
export function blockForeignRequests(session: Session, entry: AppEntry, log: LogSink): void {
  session.webRequest.onBeforeRequest((details, callback) => {
    const allowed = isAllowedRendererRequest(details.url, entry);
    if (!allowed) log.warn(`blocked a ${details.resourceType} request from the renderer`);
    callback({ cancel: !allowed });
  });
}

/**
 * SECURITY: locks down every web contents the app ever creates, including ones created
 * later: no navigation away from the loaded page, no new windows (`window.open`, target
 * links), and no `<webview>` tags.
 *
 * The one link that legitimately leaves the app is the sign-in page ("Open the sign-in page"
 * on the waiting screen). It is handed to `openExternally`, which opens it in the system
 * browser only if it is an authorization request to a discovered endpoint; the app window
 * itself never goes anywhere.
 */
export function lockDownWebContents(app: App, openExternally: (url: string) => boolean): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event) => {
      event.preventDefault();
      openExternally(event.url);
    });
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      openExternally(url);
      return { action: 'deny' };
    });
  });
}
