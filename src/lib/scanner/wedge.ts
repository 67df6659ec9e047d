/**
 * Keyboard-wedge barcode scanner detection, as pure logic (no DOM, so it is tested with a fake clock).
 *
 * A wedge scanner "types" its code as key presses a few milliseconds apart and ends with Enter; a person
 * types far slower. Whatever has focus must never receive a scan, and we cannot know a burst is a scan
 * until it ends, so every printable key is HELD (the caller prevents its default) while keys keep arriving
 * within `thresholdMs` of each other:
 *  - Enter ending a held burst of at least `minLength` keys → `onScan(code)`; the Enter is held too;
 *  - the burst going quiet for `thresholdMs`, or ending too short, or any other key arriving → the held
 *    characters are REPLAYED (`onReplay`) into where they were typed, in order, so human typing still works,
 *    just later by at most about the threshold.
 * Keys with Ctrl/Meta/Alt, auto-repeat and IME composition belong to the person and pass untouched (after
 * any held characters are replayed, so order is kept). Space never starts a burst: on a focused button it
 * must act at once, and the codes we scan (EAN-13, SKUs) do not start with one.
 */

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
  /** Shortest code accepted as a scan. */
  minLength?: number;
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  onScan: (code: string) => void;
  /** Held characters that turned out to be typing, with the target of the first of them. */
  onReplay: (text: string, target: Target | undefined) => void;
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

/** Keys that change no text and may come between a scanner's characters (it presses Shift for capitals). */
const NEUTRAL_KEYS = new Set(['Shift', 'CapsLock', 'Unidentified', 'Dead']);

export function createWedgeDetector<Target = unknown>(options: WedgeOptions<Target>): WedgeDetector<Target> {
  const threshold = options.thresholdMs ?? DEFAULT_THRESHOLD_MS;
  const minLength = options.minLength ?? DEFAULT_MIN_LENGTH;
  let held = '';
  let origin: Target | undefined;
  let last = 0;
  let timer: unknown = null;

  function stopTimer() {
    if (timer !== null) options.clearTimeout(timer);
    timer = null;
  }

  function flush() {
    stopTimer();
    if (held === '') return;
    const text = held;
    const target = origin;
    held = '';
    origin = undefined;
    options.onReplay(text, target);
  }

  function hold(char: string, target: Target | undefined, at: number) {
    if (held === '') origin = target;
    held += char;
    last = at;
    stopTimer();
    timer = options.setTimeout(flush, threshold);
  }

  function key(event: KeyLike<Target>): KeyVerdict {
    const at = event.timeStamp ?? options.now();
    const fast = held !== '' && at - last <= threshold;
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || event.isComposing) {
      flush();
      return 'pass';
    }
    if (NEUTRAL_KEYS.has(event.key)) return 'pass';
    if (event.key === 'Enter') {
      if (fast && held.length >= minLength) {
        const code = held;
        stopTimer();
        held = '';
        origin = undefined;
        options.onScan(code);
        return 'hold';
      }
      flush();
      return 'pass';
    }
    if (event.key.length !== 1) {
      // Tab, Backspace, arrows…: a person's key; what they typed before it must land first.
      flush();
      return 'pass';
    }
    // A key after a gap the timer has not reported yet (a busy event loop) ends the earlier burst.
    if (held !== '' && !fast) flush();
    if (held === '' && event.key === ' ') return 'pass';
    hold(event.key, event.target, at);
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
