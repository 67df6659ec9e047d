/**
 * How the end-to-end specs find a browser: Debian's Chromium when it is installed (our machines cannot
 * download Playwright's own build), otherwise Playwright's default. The flags keep Chromium from reaching
 * for the network, which this machine refuses.
 */
import { existsSync } from 'node:fs';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export function chromiumExecutable(): string | undefined {
  return existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined;
}
