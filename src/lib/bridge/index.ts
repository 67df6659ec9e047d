/**
 * The renderer's handle on the host bridge: the preload's `window.dockhand` in Electron, a WebSocket bridge
 * in the browser host (./select.ts decides), or null when the page was opened some other way.
 */
import type { DockhandBridge } from '../../bridge/contract';
import { selectBridge } from './select';
import { createWebSocketBridge } from './webSocketBridge';

declare global {
  interface Window {
    dockhand?: DockhandBridge;
  }
}

export const bridge: DockhandBridge | null = selectBridge(
  typeof window !== 'undefined' ? window : undefined,
  (url) => createWebSocketBridge(url),
);
