/**
 * Which bridge the renderer uses: the Electron preload's `window.dockhand` when present; otherwise, in the
 * browser host, a WebSocket bridge authorised by the per-run token the host put in the URL (`#token=…`).
 * The token is kept in sessionStorage so a reload (after the hash is gone) still connects, and removed
 * from the visible URL so it is not copied, bookmarked or shown in screenshots.
 */
import { WEB_BRIDGE_PATH, type DockhandBridge } from '../../bridge/contract';

export const TOKEN_STORAGE_KEY = 'dockhand.bridgeToken';

/** The parts of `window` the choice reads; passed in so it runs in Node tests. */
export interface BridgeWindow {
  dockhand?: DockhandBridge;
  location: { protocol: string; host: string; pathname: string; search: string; hash: string };
  history: { replaceState(data: unknown, unused: string, url?: string): void };
  sessionStorage?: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}

/** Reads the token from the hash (and strips it from the visible URL) or from sessionStorage. */
export function takeBridgeToken(win: BridgeWindow): string | null {
  const params = new URLSearchParams(win.location.hash.replace(/^#/, ''));
  const fromHash = params.get('token');
  if (fromHash) {
    params.delete('token');
    const rest = params.toString();
    const { pathname, search } = win.location;
    win.history.replaceState(null, '', `${pathname}${search}${rest ? `#${rest}` : ''}`);
    try {
      win.sessionStorage?.setItem(TOKEN_STORAGE_KEY, fromHash);
    } catch {
      // Storage disabled: this page load still works; a reload needs the URL with the token again.
    }
    return fromHash;
  }
  try {
    return win.sessionStorage?.getItem(TOKEN_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The WebSocket URL of the host that served this page. */
export function webBridgeUrl(location: BridgeWindow['location'], token: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${WEB_BRIDGE_PATH}?token=${encodeURIComponent(token)}`;
}

export function selectBridge(
  win: BridgeWindow | undefined,
  createWebSocketBridge: (url: string) => DockhandBridge,
): DockhandBridge | null {
  if (!win) return null;
  if (win.dockhand) return win.dockhand;
  const token = takeBridgeToken(win);
  return token ? createWebSocketBridge(webBridgeUrl(win.location, token)) : null;
}
