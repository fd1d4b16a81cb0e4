import { writeFile } from 'node:fs/promises';
import { app, dialog, type BrowserWindow } from 'electron';
import type { FileSaver, HostText } from '../../core/host';
import { dialogSaver } from './dialog-saver';

/**
 * The Electron host's FileSaver: a save dialog (attached to the app window when there is
 * one) and a UTF-8 write to the path the owner chose, in the owner's language (`text`).
 */
export function electronSaveFile(
  appWindow: () => BrowserWindow | undefined,
  text: () => HostText,
): FileSaver {
  return dialogSaver({
    show: (options) => {
      const window = appWindow();
      return window ? dialog.showSaveDialog(window, options) : dialog.showSaveDialog(options);
    },
    writeFile: (path, content) => writeFile(path, content, 'utf8'),
    downloadsDir: app.getPath('downloads'),
    text,
  });
}
