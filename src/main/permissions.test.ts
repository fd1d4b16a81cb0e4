import { describe, expect, it } from 'vitest';
import { appEntry } from './app-url';
import { isPermissionAllowed } from './permissions';

const rendererPath = '/app/out/renderer/index.html';
const entry = appEntry({ isPackaged: true, devUrl: undefined, rendererPath });
const appPage = `file://${rendererPath}#/waiting`;

describe('isPermissionAllowed', () => {
  it('lets the app page write the sign-in link to the clipboard', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', appPage, entry)).toBe(true);
  });

  it('refuses clipboard writing to any other page', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', 'https://evil.example/', entry)).toBe(
      false,
    );
    expect(isPermissionAllowed('clipboard-sanitized-write', undefined, entry)).toBe(false);
  });

  it.each([
    'clipboard-read',
    'media',
    'geolocation',
    'notifications',
    'openExternal',
    'fullscreen',
    'fileSystem',
    'unknown',
  ])('refuses %s, even to the app page', (permission) => {
    expect(isPermissionAllowed(permission, appPage, entry)).toBe(false);
  });
});
