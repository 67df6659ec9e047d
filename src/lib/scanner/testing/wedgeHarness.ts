/**
 * The wedge detector (../wedge.ts) on a fake clock, for its tests. The clock is the page's: `advance` lets
 * time pass on an idle page (timers fire when due), `stall` blocks it (a long task: nothing runs, timers
 * fire late on the next `runOverdueTimers`). Keys carry the time they were pressed, which `deliver` can put
 * in the past, as a busy page hands over queued keys. Replays land in fake fields, and their retract takes
 * them back out.
 */
import type { Scan, ScanRejection } from '../scan';
import { createWedgeDetector, type KeyLike, type KeyVerdict, type WedgeOptions } from '../wedge';

type Settings = Pick<WedgeOptions, 'thresholdMs' | 'minLength' | 'prefix' | 'suffix'>;

export function harness(settings: Settings = {}) {
  let clock = 0;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let nextId = 1;
  const scans: Scan[] = [];
  const rejections: ScanRejection[] = [];
  const replays: { text: string; target: string | undefined }[] = [];
  const fields: Record<string, string> = {};
  const detector = createWedgeDetector<string>({
    thresholdMs: 35,
    minLength: 6,
    ...settings,
    now: () => clock,
    setTimeout: (run, ms) => {
      const id = nextId++;
      timers.push({ at: clock + ms, run, id });
      return id;
    },
    clearTimeout: (id) => {
      timers = timers.filter((timer) => timer.id !== id);
    },
    onScan: (scan) => scans.push(scan),
    onRejected: (rejection) => rejections.push(rejection),
    onReplay: (text, target) => {
      replays.push({ text, target });
      const field = target ?? 'page';
      fields[field] = (fields[field] ?? '') + text;
      return () => {
        if (!fields[field]!.endsWith(text)) return false;
        fields[field] = fields[field]!.slice(0, -text.length);
        return true;
      };
    },
  });

  function runTimer(due: { at: number; run: () => void; id: number }) {
    timers = timers.filter((timer) => timer !== due);
    due.run();
  }

  /** An idle page: each timer fires exactly when due. */
  function advance(ms: number) {
    const until = clock + ms;
    for (;;) {
      const due = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      clock = Math.max(clock, due.at);
      runTimer(due);
    }
    clock = until;
  }

  /** A blocked page: time passes and nothing runs. */
  function stall(ms: number) {
    clock += ms;
  }

  /** The page is free again: timers that came due during a stall fire now, late. */
  function runOverdueTimers() {
    for (;;) {
      const due = timers.filter((timer) => timer.at <= clock).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      runTimer(due);
    }
  }

  function press(key: string | KeyLike<string>, target = 'quantity'): KeyVerdict {
    const event = typeof key === 'string' ? { key } : key;
    return detector.key({ target, timeStamp: clock, ...event });
  }

  /** Presses each key `gap` ms after the previous one on an idle page; returns the verdicts. */
  function type(keys: string[], gap: number, target = 'quantity'): KeyVerdict[] {
    return keys.map((key, i) => {
      if (i > 0) advance(gap);
      return press(key, target);
    });
  }

  /** Keys pressed `gap` ms apart from `pressedAt`, handed over together now by a page that was busy. */
  function deliver(keys: string[], pressedAt: number, gap: number, target = 'quantity'): KeyVerdict[] {
    return keys.map((key, i) => detector.key({ key, target, timeStamp: pressedAt + i * gap }));
  }

  return {
    detector,
    scans,
    rejections,
    replays,
    fields,
    advance,
    stall,
    runOverdueTimers,
    press,
    type,
    deliver,
    now: () => clock,
  };
}

export const chars = (text: string) => [...text];
export const codes = (scans: Scan[]) => scans.map((scan) => scan.code);
export const INTERRUPTED = 'The scan was interrupted because the computer was busy — scan again.';
