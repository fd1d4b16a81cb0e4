import { app, BrowserWindow, session } from 'electron';
import { denyAllPermissions, lockDownWebContents } from './hardening';
import { createMainWindow } from './window';

/**
 * Electron host entry point: lifecycle only. Services, IPC wiring and adapters for core
 * arrive with later issues and are composed here.
 */

// A second copy would fight the first over the local database and the sign-in loopback
// listener, so only one instance runs; a second launch focuses the existing window.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  lockDownWebContents(app);

  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });

  // macOS keeps apps alive without windows; everywhere else closing the last window quits.
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  void app.whenReady().then(() => {
    denyAllPermissions(session.defaultSession);
    createMainWindow(app.isPackaged);

    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createMainWindow(app.isPackaged);
    });
  });
}
