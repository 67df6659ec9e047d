/**
 * The renderer's handle on the host bridge. The preload puts it on `window.dockhand`; the browser host
 * will provide the same interface over a WebSocket. Nothing else in the renderer knows which host it is in.
 */
import type { DockhandBridge } from '../bridge/contract';

declare global {
  interface Window {
    dockhand?: DockhandBridge;
  }
}

export const bridge: DockhandBridge | null = typeof window !== 'undefined' ? (window.dockhand ?? null) : null;
