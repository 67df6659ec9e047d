/**
 * Electron main: a thin shell. App lifecycle, one secured window, and the bridge over one IPC channel.
 * Everything with logic lives in electron/core (Node) or src/ (pure/DOM) so it runs without Electron; the
 * security setup in electron/core/shell is applied here to the real Electron objects.
 */
import { join } from 'node:path';
import { app, BrowserWindow, ipcMain, protocol, session } from 'electron';
import { BRIDGE_CHANNEL } from '../../src/bridge/contract';
import { dispatchBridge, type BridgeHandlers } from '../../src/bridge/dispatch';
import { APP_ENTRY_URL, APP_SCHEME } from '../core/shell/origin';
import { rendererProtocolHandler } from '../core/shell/rendererProtocol';
import {
  denyAllPermissions,
  hardenWebContents,
  isTrustedSender,
  secureWebPreferences,
} from '../core/shell/windowSecurity';

const handlers: BridgeHandlers = {
  'app.info': () => ({ name: app.getName(), version: app.getVersion(), host: 'electron' }),
};

// Must happen before `ready`: a standard, secure scheme gets a real origin and the fetch API.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

function logBlocked(what: string, url: string): void {
  console.warn(`dockhand: blocked ${what} ${url}`);
}

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    show: false,
    title: 'Dockhand',
    webPreferences: secureWebPreferences(join(import.meta.dirname, '../preload/index.cjs')),
  });
  hardenWebContents(window.webContents, logBlocked);
  window.once('ready-to-show', () => window.show());
  const devUrl = process.env['ELECTRON_RENDERER_URL'];
  void window.loadURL(devUrl ?? APP_ENTRY_URL);
  return window;
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });
  ipcMain.handle(BRIDGE_CHANNEL, (event, envelope: unknown) => {
    if (!isTrustedSender(event.senderFrame)) {
      return { ok: false, error: { code: 'bad_request', message: 'Untrusted sender' } };
    }
    return dispatchBridge(handlers, envelope);
  });
  void app.whenReady().then(() => {
    protocol.handle(APP_SCHEME, rendererProtocolHandler(join(import.meta.dirname, '../renderer')));
    denyAllPermissions(session.defaultSession);
    createWindow();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createWindow();
    });
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
