/**
 * What the scanner layer hands to the screens: a scan, or a burst that looked like a scan but cannot be
 * trusted, with the reason in the words a clerk on the dock understands.
 */

export interface Scan {
  /** The code, without the configured prefix and suffix. */
  code: string;
  /** From the first key of the burst to the key that ended it, on the keys' own time stamps. */
  durationMs: number;
  /** The longest pause between two keys of the burst: what the threshold setting must stay above. */
  longestGapMs: number;
}

export type ScanRejectionKind =
  'interrupted' | 'typed-before' | 'check-digit' | 'unreadable' | 'missing-prefix' | 'missing-suffix';

export interface ScanRejection {
  kind: ScanRejectionKind;
  /** One sentence for the clerk: what happened and what to do. */
  reason: string;
  /** Every character of the broken scan that arrived, in order (prefix and suffix included). */
  text: string;
  /** Part of it was typed into a field and could not be taken back out (the field changed since). */
  leftBehind: boolean;
}

const REASONS: Record<ScanRejectionKind, string> = {
  interrupted: 'The scan was interrupted because the computer was busy — scan again.',
  'typed-before': 'A key pressed just before the scan may be part of it, so it was not used — scan again.',
  'check-digit': 'That barcode did not read correctly (its check digit does not match) — scan again.',
  unreadable: 'That carton label did not read correctly — scan it again, or scan the barcode of one unit.',
  'missing-prefix':
    'That scan did not start with the prefix set in Settings, so it was not used — scan again, or check the prefix the scanner sends.',
  'missing-suffix':
    'That scan did not end with the suffix set in Settings, so it was not used — scan again, or check the suffix the scanner sends.',
};

const LEFT_BEHIND = ' Part of it was typed into the field you were in: check that field.';

export function scanRejection(kind: ScanRejectionKind, text: string, leftBehind: boolean): ScanRejection {
  return { kind, text, leftBehind, reason: REASONS[kind] + (leftBehind ? LEFT_BEHIND : '') };
}
