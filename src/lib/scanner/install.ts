/**
 * The DOM side of the wedge detector (./wedge.ts): one capture-phase keydown listener on the window, so it
 * sees every key before any field does and can withhold a scanner's keys wherever focus sits. Held keys
 * that turn out to be typing are put back where they were typed (./replay.ts), and taken back out if
 * they were the first part of a broken scan.
 */
import type { Retract } from './fragments';
import { chooseByText, typeInto } from './replay';
import { GROUP_SEPARATOR } from '../../db/receiving/fnc1';
import type { Scan, ScanRejection } from './scan';
import { createWedgeDetector, type WedgeDetector } from './wedge';

export interface WedgeScannerOptions {
  onScan: (scan: Scan) => void;
  onRejected: (rejection: ScanRejection) => void;
  thresholdMs?: number;
  minLength?: number;
  prefix?: string;
  suffix?: string;
}

/**
 * Installs the detector on `win` until the returned function is called (which replays anything still held).
 * While installed, no field receives a scan: `onScan` does.
 */
export function installWedgeScanner(win: Window, options: WedgeScannerOptions): () => void {
  let replaying = false;

  function replay(held: string, target: EventTarget | undefined): Retract | undefined {
    // A group separator (Ctrl+] held as part of a would-be GS1 scan) types nothing in a field, nor here.
    const text = held.replaceAll(GROUP_SEPARATOR, '');
    if (text === '') return () => true;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
      return typeInto(target, text);
    }
    if (target instanceof HTMLSelectElement) return chooseByText(target, text);
    if (!target) return undefined;
    // Anything else (a list, a button) gets its keys back as events for its own handlers.
    replaying = true;
    try {
      for (const key of text)
        target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    } finally {
      replaying = false;
    }
    // No text landed anywhere, so there is nothing to take back out.
    return () => true;
  }

  const { onScan, onRejected, thresholdMs, minLength, prefix, suffix } = options;
  const detector: WedgeDetector<EventTarget> = createWedgeDetector<EventTarget>({
    thresholdMs,
    minLength,
    prefix,
    suffix,
    now: () => win.performance.now(),
    setTimeout: (run, ms) => win.setTimeout(run, ms),
    clearTimeout: (handle) => win.clearTimeout(handle as number),
    onScan,
    onRejected,
    onReplay: replay,
  });

  function onKeydown(event: KeyboardEvent) {
    if (replaying) return;
    const verdict = detector.key({
      key: event.key,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      altKey: event.altKey,
      repeat: event.repeat,
      isComposing: event.isComposing,
      code: event.code,
      target: event.target ?? undefined,
      timeStamp: event.timeStamp,
    });
    if (verdict === 'hold') {
      event.preventDefault();
      event.stopPropagation();
    }
  }

  // Leaving the window (alt-tab) ends any burst: what was typed lands now, not after the focus is back.
  const onBlur = () => detector.flush();
  win.addEventListener('keydown', onKeydown, { capture: true });
  win.addEventListener('blur', onBlur);
  return () => {
    win.removeEventListener('keydown', onKeydown, { capture: true });
    win.removeEventListener('blur', onBlur);
    detector.dispose();
  };
}
