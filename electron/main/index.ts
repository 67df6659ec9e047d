/**
 * Electron main: a thin shell. App lifecycle, one secured window, and the bridge over one IPC channel.
 * Everything with logic lives in electron/core (Node) or src/ (pure/DOM) so it runs without Electron.
 */
import { join } from 'node:path';
import { app, BrowserWindow, ipcMain } from 'electron';
import { BRIDGE_CHANNEL } from '../../src/bridge/contract';
import { dispatchBridge, type BridgeHandlers } from '../../src/bridge/dispatch';

const handlers: BridgeHandlers = {
  'app.info': () => ({ name: app.getName(), version: app.getVersion(), host: 'electron' }),
};

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    show: false,
    title: 'Dockhand',
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });
  window.once('ready-to-show', () => window.show());
  const devUrl = process.env['ELECTRON_RENDERER_URL'];
  if (devUrl) void window.loadURL(devUrl);
  else void window.loadFile(join(import.meta.dirname, '../renderer/index.html'));
  return window;
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  ipcMain.handle(BRIDGE_CHANNEL, (_event, envelope: unknown) => dispatchBridge(handlers, envelope));
  void app.whenReady().then(() => {
    createWindow();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createWindow();
    });
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
