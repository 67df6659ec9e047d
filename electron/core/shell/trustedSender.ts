/**
 * Which frames may use the bridge. Always the app's own top-level document (windowSecurity.ts); in
 * development also the electron-vite dev server's, which serves the renderer over http with hot reload
 * instead of the dockhand:// scheme. The dev origin is trusted only on a loopback host, so a stray
 * ELECTRON_RENDERER_URL can never make a remote page a bridge client.
 */
import { loopbackOrigin } from './guards';
import { isTrustedSender } from './windowSecurity';

export type SenderFrame = { url: string; parent?: unknown } | null | undefined;

export function trustedSenderCheck(devServerUrl?: string): (frame: SenderFrame) => boolean {
  const devOrigin = devServerUrl ? loopbackOrigin(devServerUrl) : undefined;
  return (frame) => {
    if (isTrustedSender(frame)) return true;
    if (!devOrigin || !frame || frame.parent) return false;
    return loopbackOrigin(frame.url) === devOrigin;
  };
}
