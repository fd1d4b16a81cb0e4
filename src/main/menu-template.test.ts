import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { hostText } from '../core/host';
import { menuTemplate } from './menu-template';

const en = hostText('en');
const zh = hostText('zh-TW');

function roles(items: MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [
    ...(item.role ? [item.role] : []),
    ...(Array.isArray(item.submenu) ? roles(item.submenu) : []),
  ]);
}

/** Every item's label, submenus included (separators have none). */
function labels(items: MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [
    ...(item.type === 'separator' ? [] : [item.label ?? `<no label: ${item.role}>`]),
    ...(Array.isArray(item.submenu) ? labels(item.submenu) : []),
  ]);
}

/** Top menu titles, in order. */
const titles = (items: MenuItemConstructorOptions[]) => items.map((item) => item.label);

describe('menuTemplate', () => {
  it('has the usual menus', () => {
    expect(roles(menuTemplate({ isMac: true, devTools: false, text: en }))).toEqual(
      expect.arrayContaining(['appMenu', 'fileMenu', 'editMenu', 'windowMenu', 'help']),
    );
    expect(roles(menuTemplate({ isMac: false, devTools: false, text: en }))).not.toContain(
      'appMenu',
    );
  });

  it('offers reload and developer tools only when asked (unpackaged runs)', () => {
    const production = roles(menuTemplate({ isMac: false, devTools: false, text: en }));
    expect(production).not.toContain('toggleDevTools');
    expect(production).not.toContain('reload');
    expect(production).not.toContain('forceReload');
    expect(roles(menuTemplate({ isMac: false, devTools: true, text: en }))).toContain(
      'toggleDevTools',
    );
  });

  it('is in English for an English owner', () => {
    const menu = menuTemplate({ isMac: false, devTools: true, text: en });
    expect(titles(menu)).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);
    expect(labels(menu)).toEqual(
      expect.arrayContaining(['Undo', 'Copy', 'Paste', 'Select All', 'Zoom In', 'Quit']),
    );
    expect(labels(menuTemplate({ isMac: true, devTools: false, text: en }))).toEqual(
      expect.arrayContaining(['About Schooldesk', 'Quit Schooldesk', 'Bring All to Front']),
    );
  });

  it('is in Traditional Chinese for a zh-TW owner, every item labelled', () => {
    for (const isMac of [false, true]) {
      const menu = menuTemplate({ isMac, devTools: true, text: zh });
      expect(titles(menu)).toEqual([
        ...(isMac ? ['Schooldesk'] : []),
        '檔案',
        '編輯',
        '檢視',
        '視窗',
        '說明',
      ]);
      const all = labels(menu);
      expect(all).toEqual(expect.arrayContaining(['復原', '剪下', '複製', '貼上', '全選']));
      expect(all).toContain(isMac ? '結束 Schooldesk' : '結束');
      // No item left to Electron's English role label, and no English word in any label.
      expect(all.filter((label) => label.startsWith('<no label'))).toEqual([]);
      expect(all.filter((label) => /[A-Za-z]/.test(label.replace('Schooldesk', '')))).toEqual([]);
    }
  });
});
