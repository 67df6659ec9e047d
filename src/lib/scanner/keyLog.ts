/**
 * What a scanner sends, key by key, for the scanner tester in Settings: every key named so a clerk can
 * read it (a GS1 barcode's group separator, Tab and Enter are invisible otherwise), the last burst of keys,
 * and the prefix or suffix the scanner is seen to send, which the tester offers to use.
 */
import { ScannerSettingsSchema } from './settings';

export interface LoggedKey {
  key: string;
  ctrlKey: boolean;
  /** Time stamp of the key, in ms. */
  at: number;
}

/** A pause longer than this ends one scan's keys in the log: far longer than a scanner's, and a stall's. */
export const BURST_PAUSE_MS = 1500;

const CONTROL_NAMES = [
  'NUL',
  'SOH',
  'STX',
  'ETX',
  'EOT',
  'ENQ',
  'ACK',
  'BEL',
  'BS',
  'Tab',
  'LF',
  'VT',
  'FF',
  'CR',
  'SO',
  'SI',
  'DLE',
  'DC1',
  'DC2',
  'DC3',
  'DC4',
  'NAK',
  'SYN',
  'ETB',
  'CAN',
  'EM',
  'SUB',
  'ESC',
  'FS',
  'GS',
  'RS',
  'US',
];
/** Scanners that send a control character type it as Ctrl + the key 64 places above it (Ctrl+] is GS). */
const CTRL_KEYS: Record<string, string> = { ']': 'GS', '^': 'RS', _: 'US', '\\': 'FS', '[': 'ESC' };

/** Keys that carry nothing of the code: the scanner presses Shift for capitals. */
const SILENT = new Set(['Shift', 'CapsLock', 'Control', 'Alt', 'Meta']);

export function isLogged(key: LoggedKey): boolean {
  return !SILENT.has(key.key);
}

/** One key as the tester shows it: the character itself, or a name (GS, Tab, Enter, Space). */
export function keyName(key: LoggedKey): string {
  if (key.ctrlKey && CTRL_KEYS[key.key]) return CTRL_KEYS[key.key]!;
  if (key.key === ' ') return 'Space';
  if (key.key.length === 1) {
    const code = key.key.charCodeAt(0);
    if (code < 0x20) return CONTROL_NAMES[code]!;
    if (code === 0x7f) return 'DEL';
  }
  return key.ctrlKey ? `Ctrl+${key.key}` : key.key;
}

/** The keys since the last pause longer than BURST_PAUSE_MS: what the last scan sent. */
export function lastBurst(keys: readonly LoggedKey[]): LoggedKey[] {
  let start = keys.length - 1;
  while (start > 0 && keys[start]!.at - keys[start - 1]!.at <= BURST_PAUSE_MS) start--;
  return keys.slice(Math.max(start, 0));
}

const usable = (candidate: string, field: 'prefix' | 'suffix') =>
  ScannerSettingsSchema.shape[field].safeParse(candidate).success;

export interface Framing {
  /** A symbol before the code that the prefix setting can take. */
  prefix: string | null;
  /** A symbol after the code (before any Enter) that the suffix setting can take. */
  suffix: string | null;
  /** How the keys ended: 'Enter', 'Tab', another key's name, or null when they ended with a character. */
  endedBy: string | null;
}

/** What the scanner puts around its codes, judged from one burst of keys. */
export function framingOf(burst: readonly LoggedKey[]): Framing {
  const keys = burst.filter(isLogged);
  const last = keys.at(-1);
  const named = last && (last.key.length !== 1 || last.ctrlKey) ? keyName(last) : null;
  const characters = keys.filter((key) => key.key.length === 1 && !key.ctrlKey).map((key) => key.key);
  const first = characters[0];
  const final = characters.length > 1 ? characters.at(-1) : undefined;
  return {
    prefix: first !== undefined && usable(first, 'prefix') ? first : null,
    suffix: final !== undefined && final !== first && usable(final, 'suffix') ? final : null,
    endedBy: named,
  };
}
