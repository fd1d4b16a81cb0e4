import type { MenuItemConstructorOptions } from 'electron';

/**
 * The application menu: the usual roles (app, File, Edit, View, Window, Help), so keyboard
 * shortcuts for copy, paste, undo, zoom and full screen work as users expect.
 *
 * SECURITY: reload and the developer tools appear only when `devTools` is true (unpackaged
 * runs). Without a menu item, their shortcuts do nothing in a packaged app.
 */
export function menuTemplate(options: {
  isMac: boolean;
  devTools: boolean;
}): MenuItemConstructorOptions[] {
  const developer: MenuItemConstructorOptions[] = options.devTools
    ? [
        { role: 'reload' },
        { role: 'forceReload' },
        { role: 'toggleDevTools' },
        { type: 'separator' },
      ]
    : [];
  return [
    ...(options.isMac ? [{ role: 'appMenu' } as const] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        ...developer,
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    // macOS puts About in the app menu and a search field in Help by itself.
    { role: 'help', submenu: options.isMac ? [] : [{ role: 'about' }] },
  ];
}
