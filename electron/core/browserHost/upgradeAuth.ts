/**
 * Who may open the bridge WebSocket: a page of this host (the Origin header equals the host's own origin,
 * so no other site the user visits can connect to 127.0.0.1) that knows this run's token (printed in the URL
 * the user opens, so no other local program or page without it can drive the bridge). Both are required.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { WEB_BRIDGE_PATH } from '../../../src/bridge/contract';

/** A fresh random token per run: 256 bits, URL-safe. */
export function createBridgeToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Constant-time comparison. Both sides are hashed first so that the comparison takes the same time whatever
 * the given token's length (timingSafeEqual needs equal lengths).
 */
export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(expected), digest(given));
}

export type UpgradeVerdict = { ok: true } | { ok: false; status: 403 | 404; reason: string };

export function checkUpgrade(
  request: { url?: string | undefined; headers: IncomingHttpHeaders },
  expected: { origin: string; token: string },
): UpgradeVerdict {
  let url: URL;
  try {
    url = new URL(`${expected.origin}${request.url ?? ''}`);
  } catch {
    return { ok: false, status: 404, reason: 'malformed request target' };
  }
  if (url.pathname !== WEB_BRIDGE_PATH) return { ok: false, status: 404, reason: 'not the bridge path' };
  if (request.headers.origin !== expected.origin) return { ok: false, status: 403, reason: 'wrong origin' };
  if (!tokenMatches(expected.token, url.searchParams.get('token'))) {
    return { ok: false, status: 403, reason: 'missing or wrong token' };
  }
  return { ok: true };
}
