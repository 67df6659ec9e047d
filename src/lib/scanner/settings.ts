/**
 * The scanner settings of this PC: how the wedge detector tells a scanner from a person. They depend on
 * the scanner plugged into this computer and how busy it is, not on the back office, so they live in the
 * browser's localStorage (not secrets), validated on the way in and out. Defaults are the values that
 * worked before they could be changed.
 */
import { z } from 'zod';
import { DEFAULT_MIN_LENGTH, DEFAULT_THRESHOLD_MS } from './wedge';

export const SCANNER_SETTINGS_KEY = 'dockhand.scannerSettings';

export const THRESHOLD_RANGE = { min: 5, max: 200 } as const;
export const MIN_LENGTH_RANGE = { min: 1, max: 64 } as const;

/** One visible character that codes do not start or end with: a letter or digit would eat into codes. */
const markerCharacter = (which: 'prefix' | 'suffix') =>
  z
    .string()
    .refine((value) => value === '' || [...value].length === 1, {
      error: `The ${which} is one character, or leave it empty`,
      abort: true,
    })
    .refine((value) => value === '' || !/[\p{L}\p{N}\s]/u.test(value), {
      error: `The ${which} must be a symbol such as ~ or #, not a letter, digit or space`,
    });

export const ScannerSettingsSchema = z
  .object({
    thresholdMs: z
      .number({ error: 'Enter the time between keys in milliseconds' })
      .int({ error: 'The time between keys is a whole number of milliseconds' })
      .min(THRESHOLD_RANGE.min, {
        error: `The time between keys must be at least ${THRESHOLD_RANGE.min} ms`,
      })
      .max(THRESHOLD_RANGE.max, {
        error: `The time between keys must be at most ${THRESHOLD_RANGE.max} ms: a person types slower than that`,
      }),
    minLength: z
      .number({ error: 'Enter the shortest code length' })
      .int({ error: 'The shortest code is a whole number of characters' })
      .min(MIN_LENGTH_RANGE.min, { error: 'The shortest code must be at least 1 character' })
      .max(MIN_LENGTH_RANGE.max, {
        error: `The shortest code must be at most ${MIN_LENGTH_RANGE.max} characters`,
      }),
    prefix: markerCharacter('prefix'),
    suffix: markerCharacter('suffix'),
  })
  .refine((settings) => settings.prefix === '' || settings.prefix !== settings.suffix, {
    error: 'The suffix must differ from the prefix',
    path: ['suffix'],
  });

export type ScannerSettings = z.output<typeof ScannerSettingsSchema>;
export type ScannerSettingsField = keyof ScannerSettings;
export type ScannerSettingsErrors = Partial<Record<ScannerSettingsField, string[]>>;

export const DEFAULT_SCANNER_SETTINGS: ScannerSettings = Object.freeze({
  thresholdMs: DEFAULT_THRESHOLD_MS,
  minLength: DEFAULT_MIN_LENGTH,
  prefix: '',
  suffix: '',
});

export type ValidatedSettings =
  { ok: true; settings: ScannerSettings } | { ok: false; errors: ScannerSettingsErrors };

/** The form's values checked field by field, with messages the settings screen shows under each field. */
export function validateScannerSettings(input: unknown): ValidatedSettings {
  const result = ScannerSettingsSchema.safeParse(input);
  if (result.success) return { ok: true, settings: result.data };
  const errors: ScannerSettingsErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ScannerSettingsField | undefined;
    if (field === undefined) continue;
    (errors[field] ??= []).push(issue.message);
  }
  return { ok: false, errors };
}

/** The part of the Web Storage API used here (localStorage fits it), so tests pass a Map-backed one. */
export interface SettingsStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The saved settings, or the defaults when none are saved or what is saved is unreadable. */
export function loadScannerSettings(storage: SettingsStorage | undefined): ScannerSettings {
  try {
    const raw = storage?.getItem(SCANNER_SETTINGS_KEY);
    if (raw == null) return DEFAULT_SCANNER_SETTINGS;
    const parsed = ScannerSettingsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_SCANNER_SETTINGS;
  } catch {
    // Storage blocked or the JSON mangled: the scanner must keep working on the defaults.
    return DEFAULT_SCANNER_SETTINGS;
  }
}

/** Validates and saves; throws only if the browser refuses to store (quota, storage disabled). */
export function saveScannerSettings(storage: SettingsStorage, settings: ScannerSettings): ScannerSettings {
  const valid = ScannerSettingsSchema.parse(settings);
  storage.setItem(SCANNER_SETTINGS_KEY, JSON.stringify(valid));
  return valid;
}
