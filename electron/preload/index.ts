/**
 * Preload: exposes the bridge contract on `window.dockhand` and nothing else. No Node API, no ipcRenderer and
 * no IPC event object crosses; the logic (validation, one store server, listener bookkeeping) lives in
 * src/bridge/preloadBridge.ts, where it is tested without Electron.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { createIpcBridge } from '../../src/bridge/preloadBridge';

contextBridge.exposeInMainWorld('dockhand', createIpcBridge(ipcRenderer));
