import type { App, Session } from 'electron';

/**
 * SECURITY: denies every permission request (camera, notifications, geolocation, ...) and
 * every permission check for the given session. Schooldesk needs none of them, so a
 * compromised or confused renderer cannot obtain any.
 */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/**
 * SECURITY: locks down every web contents the app ever creates, including ones created
 * later: no navigation away from the loaded page, no new windows (`window.open`, target
 * links), and no `<webview>` tags. Sign-in opens in the system browser from main, never
 * from the renderer, so nothing legitimate needs any of these.
 */
export function lockDownWebContents(app: App): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event) => event.preventDefault());
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
}
