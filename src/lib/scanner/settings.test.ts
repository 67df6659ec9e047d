import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCANNER_SETTINGS,
  loadScannerSettings,
  saveScannerSettings,
  SCANNER_SETTINGS_KEY,
  validateScannerSettings,
  type SettingsStorage,
} from './settings';

function memoryStorage(
  initial: Record<string, string> = {},
): SettingsStorage & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}

const valid = { thresholdMs: 50, minLength: 8, prefix: '~', suffix: '' };

describe('scanner settings', () => {
  it('defaults to the values scanning used before it had settings', () => {
    expect(DEFAULT_SCANNER_SETTINGS).toEqual({ thresholdMs: 35, minLength: 6, prefix: '', suffix: '' });
    expect(loadScannerSettings(memoryStorage())).toEqual(DEFAULT_SCANNER_SETTINGS);
    expect(loadScannerSettings(undefined)).toEqual(DEFAULT_SCANNER_SETTINGS);
  });

  it('saves under a dockhand. key and loads back what was saved', () => {
    const storage = memoryStorage();
    saveScannerSettings(storage, valid);
    expect(SCANNER_SETTINGS_KEY.startsWith('dockhand.')).toBe(true);
    expect(JSON.parse(storage.items.get(SCANNER_SETTINGS_KEY)!)).toEqual(valid);
    expect(loadScannerSettings(storage)).toEqual(valid);
  });

  it('falls back to the defaults when what is stored is unreadable or out of range', () => {
    expect(loadScannerSettings(memoryStorage({ [SCANNER_SETTINGS_KEY]: '{nope' }))).toEqual(
      DEFAULT_SCANNER_SETTINGS,
    );
    const tooFast = JSON.stringify({ ...valid, thresholdMs: 1 });
    expect(loadScannerSettings(memoryStorage({ [SCANNER_SETTINGS_KEY]: tooFast }))).toEqual(
      DEFAULT_SCANNER_SETTINGS,
    );
    const throwing: SettingsStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
    };
    expect(loadScannerSettings(throwing)).toEqual(DEFAULT_SCANNER_SETTINGS);
  });

  it('refuses to save invalid settings', () => {
    const storage = memoryStorage();
    expect(() => saveScannerSettings(storage, { ...valid, minLength: 0 })).toThrow();
    expect(storage.items.size).toBe(0);
  });

  it('explains each invalid field in plain words', () => {
    const result = validateScannerSettings({ thresholdMs: 2.5, minLength: null, prefix: 'ab', suffix: '7' });
    expect(result).toEqual({
      ok: false,
      errors: {
        thresholdMs: ['The time between keys is a whole number of milliseconds'],
        minLength: ['Enter the shortest code length'],
        prefix: ['The prefix is one character, or leave it empty'],
        suffix: ['The suffix must be a symbol such as ~ or #, not a letter, digit or space'],
      },
    });
  });

  it('names the bounds, and refuses the same character as prefix and suffix', () => {
    expect(validateScannerSettings({ ...valid, thresholdMs: 500, minLength: 100 })).toEqual({
      ok: false,
      errors: {
        thresholdMs: ['The time between keys must be at most 200 ms: a person types slower than that'],
        minLength: ['The shortest code must be at most 64 characters'],
      },
    });
    expect(validateScannerSettings({ ...valid, suffix: '~' })).toEqual({
      ok: false,
      errors: { suffix: ['The suffix must differ from the prefix'] },
    });
    expect(validateScannerSettings(valid)).toEqual({ ok: true, settings: valid });
  });
});
