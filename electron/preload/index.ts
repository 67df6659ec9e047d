/**
 * Preload: exposes the bridge contract on `window.dockhand` and nothing else. No Node API crosses.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_CHANNEL, type DockhandBridge } from '../../src/bridge/contract';

const bridge: DockhandBridge = {
  invoke: (command, payload) => ipcRenderer.invoke(BRIDGE_CHANNEL, { command, payload }),
};

contextBridge.exposeInMainWorld('dockhand', bridge);
