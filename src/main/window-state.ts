import Store from 'electron-store';
import { screen, type BrowserWindow } from 'electron';
import { restorableState, type WindowState } from './window-bounds';

type ShellSettings = { window?: WindowState };

/**
 * The shell's own settings (window position and size), kept by electron-store in
 * `shell.json` in the data folder, apart from core's settings. Nothing secret goes here.
 */
export class WindowStateStore {
  private readonly store = new Store<ShellSettings>({ name: 'shell', clearInvalidConfig: true });

  /** The saved state if it still fits on a connected display. */
  restore(): WindowState | undefined {
    const areas = screen.getAllDisplays().map((display) => display.workArea);
    return restorableState(this.store.get('window'), areas);
  }

  /** Remembers the window's normal (unmaximised) bounds whenever it closes. */
  track(window: BrowserWindow): void {
    window.on('close', () => {
      this.store.set('window', {
        bounds: window.getNormalBounds(),
        maximized: window.isMaximized(),
      });
    });
  }
}
