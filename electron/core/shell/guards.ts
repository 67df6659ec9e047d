/**
 * The decisions behind the shell's global guards (electron/main/index.ts wires them to Electron through
 * ./windowSecurity.ts): which URL a web page of this app may navigate or redirect to, and which browser
 * permission it may have. Plain functions over strings, so they are tested without Electron.
 */
import { isAppUrl } from './origin';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The origin of an http(s) URL on a loopback host, else undefined (the dev server's, see ./trustedSender.ts). */
export function loopbackOrigin(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    return LOOPBACK.has(parsed.hostname) ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where a page may go: the app's own origin (dockhand://app), and in development the electron-vite dev
 * server's origin, only on a loopback host (as ./trustedSender.ts trusts it). Everything else (the web, file://,
 * the API itself, javascript:) is cancelled.
 */
export function navigationPolicy(devServerUrl?: string): (url: string) => boolean {
  const devOrigin = devServerUrl ? loopbackOrigin(devServerUrl) : undefined;
  return (url) => isAppUrl(url) || (devOrigin !== undefined && loopbackOrigin(url) === devOrigin);
}

/**
 * The browser permissions the renderer uses: none. It reads no camera, microphone, location or device (the
 * scanner is a keyboard), sends no notifications, and copies through the keyboard's own copy, not the
 * clipboard API; a permission it starts to need is added here, with its reason, and the test names it.
 */
export const PERMISSIONS_IN_USE: ReadonlySet<string> = new Set<string>();

/** A permission request or check: granted only for one in use, asked for by the app's own origin. */
export function permissionAllowed(permission: string, requestingUrl: string | undefined): boolean {
  return PERMISSIONS_IN_USE.has(permission) && requestingUrl !== undefined && isAppUrl(requestingUrl);
}

/** WebHID, WebUSB, Web Serial and Bluetooth devices: never (none is in use, and a device stays granted). */
export function devicePermissionAllowed(): boolean {
  return false;
}
