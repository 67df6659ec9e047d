/**
 * The window's security setup, written against the few Electron members it uses (passed in), so unit tests
 * assert every preference and handler without the Electron binary. electron/main applies it to the real objects.
 */
import { isAppUrl } from './origin';

/**
 * The webPreferences of the one window: isolated, sandboxed, no Node, nothing optional left on. DevTools only
 * where the shell policy allows them (unpackaged runs, see packagedPolicy.ts).
 */
export function secureWebPreferences(preloadPath: string, options: { readonly devTools: boolean }) {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    devTools: options.devTools,
  } as const;
}

interface PreventableEvent {
  preventDefault(): void;
}

/** The parts of Electron's WebContents the hardening touches. */
export interface HardenableContents {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (event: PreventableEvent, url: string) => void,
  ): void;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): void;
}

/**
 * New windows are always denied (links to the web are not this app's business); navigation and redirects
 * away from the app's origin are cancelled; webviews never attach. `onBlocked` lets the shell log attempts.
 */
export function hardenWebContents(
  contents: HardenableContents,
  onBlocked: (what: string, url: string) => void,
) {
  contents.setWindowOpenHandler(({ url }) => {
    onBlocked('window-open', url);
    return { action: 'deny' };
  });
  const guard = (what: string) => (event: PreventableEvent, url: string) => {
    if (isAppUrl(url)) return;
    event.preventDefault();
    onBlocked(what, url);
  };
  contents.on('will-navigate', guard('navigation'));
  contents.on('will-redirect', guard('redirect'));
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    onBlocked('webview', '');
  });
}

/** The parts of Electron's Session the permission policy touches. */
export interface PermissionSession {
  setPermissionRequestHandler(
    handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void,
  ): void;
  setPermissionCheckHandler(handler: (contents: unknown, permission: string) => boolean): void;
}

/** Dockhand needs no browser permission (camera, notifications, geolocation…): every request is denied. */
export function denyAllPermissions(session: PermissionSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/** IPC is accepted only from the app's own top-level document, never from another origin or a subframe. */
export function isTrustedSender(frame: { url: string; parent?: unknown } | null | undefined): boolean {
  if (!frame) return false;
  if (frame.parent) return false;
  return isAppUrl(frame.url);
}
