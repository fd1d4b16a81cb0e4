import type { App, Session } from 'electron';
import type { LogSink } from '../core/adapters';
import { isAllowedRendererRequest, type AppEntry } from './app-url';

/**
 * SECURITY: denies every permission request (camera, notifications, geolocation, ...), every
 * permission check and every device (USB, HID, serial) for the given session. Schooldesk
 * needs none of them, so a compromised or confused renderer cannot obtain any.
 */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
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
