import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { menuTemplate } from './menu-template';

function roles(items: MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [
    ...(item.role ? [item.role] : []),
    ...(Array.isArray(item.submenu) ? roles(item.submenu) : []),
  ]);
}

describe('menuTemplate', () => {
  it('has the usual menus', () => {
    expect(roles(menuTemplate({ isMac: true, devTools: false }))).toEqual(
      expect.arrayContaining(['appMenu', 'fileMenu', 'editMenu', 'windowMenu', 'help']),
    );
    expect(roles(menuTemplate({ isMac: false, devTools: false }))).not.toContain('appMenu');
  });

  it('offers reload and developer tools only when asked (unpackaged runs)', () => {
    const production = roles(menuTemplate({ isMac: false, devTools: false }));
    expect(production).not.toContain('toggleDevTools');
    expect(production).not.toContain('reload');
    expect(production).not.toContain('forceReload');
    expect(roles(menuTemplate({ isMac: false, devTools: true }))).toContain('toggleDevTools');
  });
});
