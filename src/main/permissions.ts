import { isAppUrl, type AppEntry } from './app-url';

/**
 * SECURITY: the one permission Schooldesk grants: writing to the clipboard, for the waiting
 * screen's "Copy link" button, and only to the app's own page (Chromium also requires a user
 * gesture for it). Everything else (camera, notifications, geolocation, clipboard reading,
 * devices, ...) is refused, so a compromised or confused renderer cannot obtain any of it.
 */
export function isPermissionAllowed(
  permission: string,
  requestingUrl: string | undefined,
  entry: AppEntry,
): boolean {
  return (
    permission === 'clipboard-sanitized-write' &&
    requestingUrl !== undefined &&
    isAppUrl(requestingUrl, entry)
  );
}
