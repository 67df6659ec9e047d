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
 * any held characters are replayed, so order is kept), except Ctrl+]: a wedge's FNC1 in a GS1 label, held
 * as the group separator. Space never starts a burst: on a focused button it
 * must act at once, and the codes we scan (EAN-13, SKUs) do not start with one.
 *
 * A scan is accepted only when it is provably whole. Without a prefix that means: its keys and its Enter
 * each came within the threshold of the one before (judged on the keys' own time stamps, not when a busy
 * page got round to them), and nothing was replayed less than SPLIT_WINDOW_MS before it, except a typed
 * quantity such as `12x` (./fragments.ts). Anything else ending like a scan is refused (`onRejected`,
 * "scan again") and its replayed parts are taken back out of the field; an Enter arriving late after keys
 * only a scanner types is refused the same way, so a broken scan's pieces are never entered as a code. With a prefix configured, a burst starting with it is framed: it is
 * held whatever the pauses inside it, for up to FRAME_CAP_MS, until the suffix (or Enter) ends it, so
 * detection no longer depends on timing. GS1 check digits are judged by the caller (src/db/receiving/gtin.ts).
 */
import { FragmentMemory, type Fragment, type Retract } from './fragments';
import { GROUP_SEPARATOR } from '../../db/receiving/fnc1';
import { scanRejection, type Scan, type ScanRejection, type ScanRejectionKind } from './scan';

export interface KeyLike<Target = unknown> {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  repeat?: boolean;
  isComposing?: boolean;
  /** The physical key (a DOM event's `code`): Ctrl+] is read by position, whatever the layout prints on it. */
  code?: string;
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
 * How long apart two parts of one scan may arrive on a busy computer and still be known as one: a key
 * replayed less than this before a scan may be its beginning. Longer stalls cannot be told from a person
 * who typed, paused and scanned; a prefix (framed scans) or a check digit covers them.
 */
export const SPLIT_WINDOW_MS = 1500;
/** The longest a framed scan (one starting with the prefix) may take from its prefix to its end. */
export const FRAME_CAP_MS = 3000;
/** The most the quiet timer waits beyond the threshold for a page running behind the keyboard. */
const MAX_LAG_MS = 500;

/**
 * FNC1 in a GS1 label (src/db/receiving/gs1.ts): a wedge types the group separator as Ctrl+] (the key right of P, which a
 * German layout calls "+"), or as the character itself. Either is a character of the scan, held like any
 * other: a key that passed through would end the burst and cut the label in two.
 */
function isGroupSeparator(event: KeyLike<unknown>): boolean {
  if (event.key === GROUP_SEPARATOR) return true;
  if (!event.ctrlKey || event.altKey || event.metaKey || event.repeat) return false;
  return event.key === ']' || event.code === 'BracketRight';
}

/** Keys that change no text and may come between a scanner's characters (it presses Shift for capitals). */
const NEUTRAL_KEYS = new Set(['Shift', 'CapsLock', 'Unidentified', 'Dead']);

interface Burst<Target> {
  text: string;
  target: Target | undefined;
  firstAt: number;
  lastAt: number;
  longestGapMs: number;
  /** Starts with the configured prefix: held whatever its pauses, up to FRAME_CAP_MS. */
  framed: boolean;
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

  /** Still part of the held burst: within the threshold, or inside an open frame. */
  function continues(current: Burst<Target>, at: number): boolean {
    return at - current.lastAt <= threshold || (current.framed && at - current.firstAt <= FRAME_CAP_MS);
  }

  function hold(char: string, target: Target | undefined, at: number) {
    if (burst === null)
      burst = { text: char, target, firstAt: at, lastAt: at, longestGapMs: 0, framed: char === prefix };
    else {
      burst.longestGapMs = Math.max(burst.longestGapMs, at - burst.lastAt);
      burst.text += char;
      burst.lastAt = at;
    }
    // While the page runs behind the keyboard (keys handled well after they were pressed), the scanner's
    // next key is as late: wait that much longer before deciding the burst went quiet.
    const lag = Math.min(Math.max(options.now() - at, 0), MAX_LAG_MS);
    graceGiven = false;
    // A frame stays open until its cap, whatever the pauses inside it.
    const frameLeft = burst.framed ? burst.firstAt + FRAME_CAP_MS - at : 0;
    schedule(Math.max(threshold, frameLeft) + lag);
  }

  function reject(kind: ScanRejectionKind, text: string, run: readonly Fragment[]) {
    stopTimer();
    burst = null;
    const allBack = FragmentMemory.retractAll(run);
    fragments.forget();
    options.onRejected(scanRejection(kind, text, !allBack));
  }

  function accept(code: string, current: Burst<Target>, at: number, by: 'enter' | 'suffix') {
    stopTimer();
    burst = null;
    fragments.forget();
    suffixScanAt = by === 'suffix' ? at : null;
    options.onScan({
      code,
      durationMs: at - current.firstAt,
      longestGapMs: Math.max(current.longestGapMs, at - current.lastAt),
    });
  }

  /** An Enter long after the last key: the person's, unless it ends keys only a scanner types. */
  function lateEnter(at: number): boolean {
    flush();
    const chain = fragments.chainBefore(at);
    if (!chain.scannerMade || chain.text.length < minLength) return false;
    reject('interrupted', chain.text, chain.fragments);
    return true;
  }

  /** Enter or the suffix at `at`: true when it ended a scan (accepted or rejected) and must be held. */
  function end(at: number, by: 'enter' | 'suffix'): boolean {
    if (burst?.framed) {
      // A page too busy to run the cap's timer: the frame is judged by its keys' time stamps all the same.
      if (at - burst.firstAt > FRAME_CAP_MS) return rejectWhole('interrupted', burst.text);
      return endFrame(burst, at, by);
    }
    if (burst === null || at - burst.lastAt > threshold) return by === 'enter' && lateEnter(at);
    const held = burst.text;
    const before = fragments.brokenStartBefore(burst.firstAt);
    const broken = before.text + held;
    if (before.fragments.length > 0 && broken.length >= minLength) {
      reject(before.scannerMade ? 'interrupted' : 'typed-before', broken, before.fragments);
      return true;
    }
    const code = by === 'suffix' ? held.slice(0, -suffix.length) : held;
    if (code.length < minLength) return false;
    if (prefix !== '') return rejectWhole('missing-prefix', held);
    if (suffix !== '' && by === 'enter') return rejectWhole('missing-suffix', held);
    // Keys typed just before it that ran into a product scan ("-5", "12x") are judged per claim, by the
    // scanner service (./scannerService.ts): a docket's number may start like that.
    accept(code, burst, at, by);
    return true;
  }

  /** A burst that starts with the prefix ends: a scan, whatever its pauses, when it is long enough. */
  function endFrame(frame: Burst<Target>, at: number, by: 'enter' | 'suffix'): boolean {
    const code = frame.text.slice(prefix.length, by === 'suffix' ? -suffix.length : undefined);
    if (code.length < minLength) return false;
    if (suffix !== '' && by === 'enter') return rejectWhole('missing-suffix', frame.text);
    accept(code, frame, at, by);
    return true;
  }

  function rejectWhole(kind: ScanRejectionKind, text: string): boolean {
    reject(kind, text, []);
    return true;
  }

  function key(event: KeyLike<Target>): KeyVerdict {
    const at = event.timeStamp ?? options.now();
    if (isGroupSeparator(event)) return held(GROUP_SEPARATOR, event.target, at);
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
    return held(event.key, event.target, at);
  }

  /** A character key: held as part of a burst (or passed, a space starting one). */
  function held(char: string, target: Target | undefined, at: number): KeyVerdict {
    // A key after a gap the timer has not reported yet (a busy event loop) ends the earlier burst.
    if (burst !== null && !continues(burst, at)) flush();
    if (burst === null && char === ' ') return 'pass';
    hold(char, target, at);
    if (suffix !== '' && char === suffix && burst !== null && burst.text.length > 1) end(at, 'suffix');
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
