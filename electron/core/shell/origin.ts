/**
 * The renderer is served from a custom, privileged scheme instead of file://, so it has a real origin that
 * the CSP, navigation guards and IPC sender checks can compare against.
 */
export const APP_SCHEME = 'dockhand';
export const APP_HOST = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** True for URLs of the app's own origin (and nothing that merely starts with the same text). */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
  } catch {
    return false;
  }
}
