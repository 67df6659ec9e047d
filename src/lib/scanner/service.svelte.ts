/**
 * The app's one scanner (./scannerService.ts) on this window, with this PC's settings. Screens and
 * components take scans with `claimScanner({ onScan, onRejected })`, typically in an $effect, whose
 * cleanup is the returned release.
 */
import { untrack } from 'svelte';
import { installWedgeScanner } from './install';
import { createScannerService, type ScanHandler } from './scannerService';
import { SCANNER_SETTINGS_KEY, type SettingsStorage } from './settings';
import { ScannerSettingsStore } from './settingsStore.svelte';

export type { ScanHandler } from './scannerService';
export type { Scan, ScanRejection } from './scan';

function browserStorage(): SettingsStorage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage disabled by policy: the defaults still work, they just cannot be changed.
    return undefined;
  }
}

export const scannerSettings = new ScannerSettingsStore(browserStorage());

// Another window of Dockhand on this PC saved new settings: use them here too.
window.addEventListener('storage', (event) => {
  if (event.key === SCANNER_SETTINGS_KEY) scannerSettings.reload();
});

const service = createScannerService({
  settings: scannerSettings,
  install: (settings, routes) => installWedgeScanner(window, { ...settings, ...routes }),
});

/** Sends scans to `handler` (over any earlier claim) until the returned release is called. */
export function claimScanner(handler: ScanHandler): () => void {
  // The first claim reads the settings to install the detector; an $effect claiming the scanner must not
  // depend on them (the service itself re-installs when they change).
  return untrack(() => service.claim(handler));
}

/** Takes the scans no claim takes (the app's "a scan opens the product") until the returned release. */
export function scannerFallback(handler: ScanHandler): () => void {
  return untrack(() => service.fallback(handler));
}
