/**
 * This PC's scanner settings as reactive state, for the settings screen and the scanner service (which
 * subscribes, to re-install the detector when they change).
 */
import {
  DEFAULT_SCANNER_SETTINGS,
  loadScannerSettings,
  saveScannerSettings,
  type ScannerSettings,
  type SettingsStorage,
} from './settings';

export type SaveResult = { ok: true } | { ok: false; message: string };

export class ScannerSettingsStore {
  current = $state.raw<ScannerSettings>(DEFAULT_SCANNER_SETTINGS);
  readonly #storage: SettingsStorage | undefined;
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- listeners, never rendered
  readonly #listeners = new Set<(settings: ScannerSettings) => void>();

  constructor(storage: SettingsStorage | undefined) {
    this.#storage = storage;
    this.current = loadScannerSettings(storage);
  }

  /** Validated settings (validateScannerSettings) become this PC's. */
  save(settings: ScannerSettings): SaveResult {
    if (!this.#storage) return { ok: false, message: 'This computer does not let Dockhand save settings.' };
    try {
      this.#set(saveScannerSettings(this.#storage, settings));
      return { ok: true };
    } catch (failure) {
      const detail = failure instanceof Error ? failure.message : String(failure);
      return { ok: false, message: `The settings could not be saved: ${detail}` };
    }
  }

  /** Re-reads the saved settings (another window of this PC changed them). */
  reload(): void {
    this.#set(loadScannerSettings(this.#storage));
  }

  subscribe(listener: (settings: ScannerSettings) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #set(settings: ScannerSettings) {
    if (JSON.stringify(settings) === JSON.stringify(this.current)) return;
    this.current = settings;
    for (const listener of this.#listeners) listener(settings);
  }
}
