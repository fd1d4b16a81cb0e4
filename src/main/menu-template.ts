import type { MenuItemConstructorOptions } from 'electron';
import type { HostText } from '../core/host';

/**
 * The application menu: the usual roles (app, File, Edit, View, Window, Help), so keyboard
 * shortcuts for copy, paste, undo, zoom and full screen work as users expect.
 *
 * Every item is labelled from the `host` catalog in the owner's language: Electron's own role
 * labels are English, so each menu is spelled out (a role with a submenu of its own keeps its
 * special behaviour, such as macOS's window list, but its items come from here).
 *
 * SECURITY: reload and the developer tools appear only when `devTools` is true (unpackaged
 * runs). Without a menu item, their shortcuts do nothing in a packaged app.
 */
export function menuTemplate(options: {
  isMac: boolean;
  devTools: boolean;
  text: HostText;
}): MenuItemConstructorOptions[] {
  const { isMac } = options;
  const { t } = options.text;
  const separator = { type: 'separator' } as const;
  const developer: MenuItemConstructorOptions[] = options.devTools
    ? [
        { role: 'reload', label: t('menu.reload') },
        { role: 'forceReload', label: t('menu.forceReload') },
        { role: 'toggleDevTools', label: t('menu.toggleDevTools') },
        separator,
      ]
    : [];
  const about: MenuItemConstructorOptions = { role: 'about', label: t('menu.about') };
  return [
    ...(isMac
      ? [
          {
            role: 'appMenu',
            label: 'Schooldesk',
            submenu: [
              about,
              separator,
              { role: 'services', label: t('menu.services') },
              separator,
              { role: 'hide', label: t('menu.hide') },
              { role: 'hideOthers', label: t('menu.hideOthers') },
              { role: 'unhide', label: t('menu.showAll') },
              separator,
              { role: 'quit', label: t('menu.quitApp') },
            ],
          } satisfies MenuItemConstructorOptions,
        ]
      : []),
    {
      role: 'fileMenu',
      label: t('menu.file'),
      submenu: [
        isMac
          ? { role: 'close', label: t('menu.closeWindow') }
          : { role: 'quit', label: t('menu.quit') },
      ],
    },
    {
      role: 'editMenu',
      label: t('menu.edit'),
      submenu: [
        { role: 'undo', label: t('menu.undo') },
        { role: 'redo', label: t('menu.redo') },
        separator,
        { role: 'cut', label: t('menu.cut') },
        { role: 'copy', label: t('menu.copy') },
        { role: 'paste', label: t('menu.paste') },
        ...(isMac
          ? ([
              { role: 'pasteAndMatchStyle', label: t('menu.pasteAndMatchStyle') },
              { role: 'delete', label: t('menu.delete') },
              { role: 'selectAll', label: t('menu.selectAll') },
              separator,
              {
                label: t('menu.speech'),
                submenu: [
                  { role: 'startSpeaking', label: t('menu.startSpeaking') },
                  { role: 'stopSpeaking', label: t('menu.stopSpeaking') },
                ],
              },
            ] satisfies MenuItemConstructorOptions[])
          : ([
              { role: 'delete', label: t('menu.delete') },
              separator,
              { role: 'selectAll', label: t('menu.selectAll') },
            ] satisfies MenuItemConstructorOptions[])),
      ],
    },
    {
      label: t('menu.view'),
      submenu: [
        ...developer,
        { role: 'resetZoom', label: t('menu.actualSize') },
        { role: 'zoomIn', label: t('menu.zoomIn') },
        { role: 'zoomOut', label: t('menu.zoomOut') },
        separator,
        { role: 'togglefullscreen', label: t('menu.fullScreen') },
      ],
    },
    {
      role: 'windowMenu',
      label: t('menu.window'),
      submenu: [
        { role: 'minimize', label: t('menu.minimize') },
        { role: 'zoom', label: t('menu.zoom') },
        ...(isMac
          ? ([
              separator,
              { role: 'front', label: t('menu.bringAllToFront') },
            ] satisfies MenuItemConstructorOptions[])
          : ([{ role: 'close', label: t('menu.close') }] satisfies MenuItemConstructorOptions[])),
      ],
    },
    // macOS puts About in the app menu and a search field in Help by itself.
    { role: 'help', label: t('menu.help'), submenu: isMac ? [] : [about] },
  ];
}
