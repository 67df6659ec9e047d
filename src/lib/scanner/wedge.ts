/**
 * Keyboard-wedge barcode scanner detection, as pure logic (no DOM, so it is tested with a fake clock).
 *
 * A wedge scanner "types" its code as key presses a few milliseconds apart and ends with Enter (or the
 * configured suffix); a person types far slower. Whatever has focus must never receive a scan, and we
 * cannot know a burst is a scan until it ends, so every printable key is HELD (the caller prevents its
 * default) while keys keep arriving within `thresholdMs` of each other:
 *  - Enter (or the suffix) ending a held burst of at least `minLength` characters → `onScan`; the Enter
 *    is held too;
 *  - the burst going quiet, or ending too short, or any other key arriving → the held characters are
 *    REPLAYED (`onReplay`) into where they were typed, in order, so human typing still works, just later
 *    by about the threshold.
 * Keys with Ctrl/Meta/Alt, auto-repeat and IME composition belong to the person and pass untouched (after
 * any held characters are replayed, so order is kept). Space never starts a burst: on a focused button it
 * must act at once, and the codes we scan (EAN-13, SKUs) do not start with one.
 *
 * A busy computer can split a scan: its first part goes quiet long enough to be replayed as typing, and
 * the rest would end in Enter as a shorter, WRONG code. Gaps are judged on the keys' own time stamps (when
 * they were pressed, not when a busy page got round to them), the quiet timer waits longer while the page
 * runs behind the keyboard, and a scan that still arrives broken is recognised (./fragments.ts) and
 * delivered to `onRejected`, its replayed part taken back out of the field where possible. With a prefix
 * configured only a burst starting with it is a scan, which also tells a split scan's tail from a new scan.
 */
import { FragmentMemory, type Fragment, type Retract } from './fragments';
import { scanRejection, type Scan, type ScanRejection, type ScanRejectionKind } from './scan';

export interface KeyLike<Target = unknown> {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  repeat?: boolean;
  isComposing?: boolean;
  /** Where the key was typed: handed back with the replay. */
  target?: Target;
  /**
   * When the key was pressed, on the `now()` clock (a DOM event's timeStamp). Queued events are judged by
   * when they happened, not by when a busy page got round to them. Defaults to `now()`.
   */
  timeStamp?: number;
}

export type KeyVerdict = 'hold' | 'pass';

export interface WedgeOptions<Target = unknown> {
  /** Longest gap between two keys of a scan, in ms. */
  thresholdMs?: number;
  /** Shortest code accepted as a scan (without prefix and suffix). */
  minLength?: number;
  /** When set (one character), only a burst starting with it is a scan; it is stripped from the code. */
  prefix?: string;
  /** When set (one character), it ends a scan instead of Enter (an Enter right after it is swallowed). */
  suffix?: string;
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  onScan: (scan: Scan) => void;
  /** A burst that ended like a scan but cannot be trusted; its replayed parts were retracted first. */
  onRejected: (rejection: ScanRejection) => void;
  /**
   * Held characters that turned out to be typing, with the target of the first of them. May return how
   * to take them back out, used when they turn out to be the first part of a broken scan.
   */
  onReplay: (text: string, target: Target | undefined) => Retract | undefined | void;
}

export interface WedgeDetector<Target = unknown> {
  /** Classifies one keydown; 'hold' means the caller must prevent its default and stop it. */
  key(event: KeyLike<Target>): KeyVerdict;
  /** Replays anything held now (e.g. before focus moves or the detector is removed). */
  flush(): void;
  dispose(): void;
}

export const DEFAULT_THRESHOLD_MS = 35;
export const DEFAULT_MIN_LENGTH = 6;
/**
 * How long apart two parts of one scan may arrive on a busy computer and still be told apart from a
 * person's typing followed by a scan. Longer stalls than this are not seen as one scan.
 */
export const SPLIT_WINDOW_MS = 1000;
/** The most the quiet timer waits beyond the threshold for a page running behind the keyboard. */
const MAX_LAG_MS = 500;

/** Keys that change no text and may come between a scanner's characters (it presses Shift for capitals). */
const NEUTRAL_KEYS = new Set(['Shift', 'CapsLock', 'Unidentified', 'Dead']);

interface Burst<Target> {
  text: string;
  target: Target | undefined;
  firstAt: number;
  lastAt: number;
  longestGapMs: number;
}

export function createWedgeDetector<Target = unknown>(options: WedgeOptions<Target>): WedgeDetector<Target> {
  const threshold = options.thresholdMs ?? DEFAULT_THRESHOLD_MS;
  const minLength = options.minLength ?? DEFAULT_MIN_LENGTH;
  const prefix = options.prefix ?? '';
  const suffix = options.suffix ?? '';
  const fragments = new FragmentMemory({ thresholdMs: threshold, splitWindowMs: SPLIT_WINDOW_MS, prefix });
  let burst: Burst<Target> | null = null;
  let timer: unknown = null;
  let timerDueAt = 0;
  let graceGiven = false;
  /** When the last scan ended with the suffix: the scanner's Enter may follow it. */
  let suffixScanAt: number | null = null;

  function stopTimer() {
    if (timer !== null) options.clearTimeout(timer);
    timer = null;
  }

  function schedule(ms: number) {
    stopTimer();
    timerDueAt = options.now() + ms;
    timer = options.setTimeout(onQuiet, ms);
  }

  function onQuiet() {
    timer = null;
    // A timer that fires long after it was due means the page was blocked, and the scanner's next keys
    // may be queued right behind this task: give them one more turn before calling the burst typing.
    if (!graceGiven && options.now() - timerDueAt > threshold) {
      graceGiven = true;
      schedule(threshold);
      return;
    }
    flush();
  }

  function flush() {
    stopTimer();
    if (burst === null) return;
    const replayed = burst;
    burst = null;
    const retract = options.onReplay(replayed.text, replayed.target) ?? undefined;
    fragments.remember({ text: replayed.text, firstAt: replayed.firstAt, lastAt: replayed.lastAt, retract });
  }

  /** A key the person meant: what was held lands first, and it ends any broken scan's chance to finish. */
  function passThrough(): KeyVerdict {
    flush();
    fragments.forget();
    return 'pass';
  }

  function hold(char: string, target: Target | undefined, at: number) {
    if (burst === null) burst = { text: char, target, firstAt: at, lastAt: at, longestGapMs: 0 };
    else {
      burst.longestGapMs = Math.max(burst.longestGapMs, at - burst.lastAt);
      burst.text += char;
      burst.lastAt = at;
    }
    // While the page runs behind the keyboard (keys handled well after they were pressed), the scanner's
    // next key is as late: wait that much longer before deciding the burst went quiet.
    const lag = Math.min(Math.max(options.now() - at, 0), MAX_LAG_MS);
    graceGiven = false;
    schedule(threshold + lag);
  }

  function reject(kind: ScanRejectionKind, text: string, run: readonly Fragment[]) {
    stopTimer();
    burst = null;
    const allBack = FragmentMemory.retractAll(run);
    fragments.forget();
    options.onRejected(scanRejection(kind, text, !allBack));
  }

  /** Rejects a whole burst that is shaped like a scan but breaks the prefix/suffix rule; else false. */
  function rejectIfScanShaped(kind: ScanRejectionKind, text: string): boolean {
    if (text.length < minLength) return false;
    reject(kind, text, []);
    return true;
  }

  /** Enter or the suffix at `at`: true when it ended a scan (accepted or rejected) and must be held. */
  function end(at: number, by: 'enter' | 'suffix'): boolean {
    const lastAt = burst?.lastAt ?? fragments.latest?.lastAt;
    // Late: a person's Enter, or the end of what they typed.
    if (lastAt === undefined || at - lastAt > threshold) return false;
    const held = burst?.text ?? '';
    const startsWithPrefix = prefix !== '' && held.startsWith(prefix);
    // A burst that starts with the prefix is a new scan whatever came before it.
    const run = startsWithPrefix ? [] : fragments.scannerRunBefore(burst?.firstAt ?? at);
    const broken = run.map((fragment) => fragment.text).join('') + held;
    if (run.length > 0 && broken.length >= minLength) {
      reject('interrupted', broken, run);
      return true;
    }
    if (burst === null) return false;
    if (prefix !== '' && !startsWithPrefix) return rejectIfScanShaped('missing-prefix', held);
    if (suffix !== '' && by === 'enter') return rejectIfScanShaped('missing-suffix', held);
    const code = held.slice(prefix.length, by === 'suffix' ? held.length - suffix.length : held.length);
    if (code.length < minLength) return false;
    const scan: Scan = {
      code,
      durationMs: at - burst.firstAt,
      longestGapMs: Math.max(burst.longestGapMs, at - burst.lastAt),
    };
    stopTimer();
    burst = null;
    fragments.forget();
    suffixScanAt = by === 'suffix' ? at : null;
    options.onScan(scan);
    return true;
  }

  function key(event: KeyLike<Target>): KeyVerdict {
    const at = event.timeStamp ?? options.now();
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || event.isComposing)
      return passThrough();
    if (NEUTRAL_KEYS.has(event.key)) return 'pass';
    if (event.key === 'Enter') {
      if (burst === null && suffixScanAt !== null && at - suffixScanAt <= threshold) {
        suffixScanAt = null;
        return 'hold';
      }
      return end(at, 'enter') ? 'hold' : passThrough();
    }
    // Tab, Backspace, arrows…: a person's key; what they typed before it must land first.
    if (event.key.length !== 1) return passThrough();
    // A key after a gap the timer has not reported yet (a busy event loop) ends the earlier burst.
    if (burst !== null && at - burst.lastAt > threshold) flush();
    if (burst === null && event.key === ' ') return 'pass';
    hold(event.key, event.target, at);
    if (suffix !== '' && event.key === suffix) end(at, 'suffix');
    return 'hold';
  }

  return {
    key,
    flush,
    dispose() {
      flush();
    },
  };
}
