/**
 * The window's security setup, written against the few Electron members it uses (passed in), so unit tests
 * assert every preference and handler without the Electron binary. electron/main applies it to the real objects.
 */
import { devicePermissionAllowed, permissionAllowed } from './guards';
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
 * New windows are always denied (links to the web are not this app's business); navigation and redirects to
 * a URL `mayNavigate` refuses (default: anything off the app's origin; ./guards.ts navigationPolicy) are
 * cancelled; webviews never attach. `onBlocked` lets the shell log attempts.
 */
export function hardenWebContents(
  contents: HardenableContents,
  onBlocked: (what: string, url: string) => void,
  mayNavigate: (url: string) => boolean = isAppUrl,
) {
  contents.setWindowOpenHandler(({ url }) => {
    onBlocked('window-open', url);
    return { action: 'deny' };
  });
  const guard = (what: string) => (event: PreventableEvent, url: string) => {
    if (mayNavigate(url)) return;
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

/** The part of Electron's `app` the global guard needs: every web contents, whoever creates it. */
export interface WebContentsSource {
  on(
    event: 'web-contents-created',
    listener: (event: unknown, contents: HardenableContents) => void,
  ): unknown;
}

/**
 * The global guard: every web contents the app ever creates (the window, a DevTools page, anything a future
 * change or a compromised renderer opens) is hardened the moment it exists, not only the one window.
 */
export function guardEveryWebContents(
  app: WebContentsSource,
  onBlocked: (what: string, url: string) => void,
  mayNavigate: (url: string) => boolean = isAppUrl,
): void {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, onBlocked, mayNavigate));
}

/** The parts of Electron's Session the permission policy touches. */
export interface PermissionSession {
  setPermissionRequestHandler(
    handler: (
      contents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: { requestingUrl?: string },
    ) => void,
  ): void;
  setPermissionCheckHandler(
    handler: (contents: unknown, permission: string, requestingOrigin: string) => boolean,
  ): void;
  setDevicePermissionHandler(handler: (details: unknown) => boolean): void;
}

/**
 * Browser permissions (camera, notifications, geolocation, clipboard API…) and devices (HID, USB, serial):
 * granted only as ./guards.ts allows, which today is nothing. `onDenied` lets the shell log requests.
 */
export function enforcePermissionPolicy(
  session: PermissionSession,
  onDenied: (permission: string) => void = () => {},
): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const granted = permissionAllowed(permission, details?.requestingUrl);
    if (!granted) onDenied(permission);
    callback(granted);
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    permissionAllowed(permission, requestingOrigin),
  );
  session.setDevicePermissionHandler(() => devicePermissionAllowed());
}

/** IPC is accepted only from the app's own top-level document, never from another origin or a subframe. */
export function isTrustedSender(frame: { url: string; parent?: unknown } | null | undefined): boolean {
  if (!frame) return false;
  if (frame.parent) return false;
  return isAppUrl(frame.url);
}
