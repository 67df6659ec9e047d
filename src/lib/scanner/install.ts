/**
 * The DOM side of the wedge detector (./wedge.ts): one capture-phase keydown listener on the window, so it
 * sees every key before any field does and can withhold a scanner's keys wherever focus sits. Held keys
 * that turn out to be typing are put back where they were typed.
 */
import { createWedgeDetector, type WedgeDetector } from './wedge';

export interface WedgeScannerOptions {
  onScan: (code: string) => void;
  thresholdMs?: number;
  minLength?: number;
}

/** Inputs whose text has a caret (`setRangeText` works); number, date… inputs have none. */
function hasCaret(element: HTMLInputElement | HTMLTextAreaElement): boolean {
  try {
    return element.selectionStart !== null;
  } catch {
    return false;
  }
}

function insertText(element: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  if (element.disabled || element.readOnly) return;
  if (hasCaret(element)) {
    const start = element.selectionStart ?? element.value.length;
    const end = element.selectionEnd ?? start;
    element.setRangeText(text, start, end, 'end');
    element.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: text }));
    return;
  }
  // A number input keeps unfinished text ("2.") only inside the browser's editor, which `value` cannot
  // set, so the text is typed through the editing command while the input has focus.
  if (document.activeElement === element) {
    // execCommand is deprecated, yet it is the one way to type into a number input as a person would.
    if (document.execCommand('insertText', false, text)) return;
  }
  element.value += text;
  element.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: text }));
}

/** A select's type-ahead, which held keys would otherwise lose: the first option starting with the text. */
function selectByText(select: HTMLSelectElement, text: string): void {
  const wanted = text.toLocaleLowerCase();
  const index = [...select.options].findIndex((option) => option.text.toLocaleLowerCase().startsWith(wanted));
  if (index < 0 || index === select.selectedIndex) return;
  select.selectedIndex = index;
  select.dispatchEvent(new Event('input', { bubbles: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Installs the detector on `win` until the returned function is called (which replays anything still held).
 * While installed, no field receives a scan: `onScan` does.
 */
export function installWedgeScanner(win: Window, options: WedgeScannerOptions): () => void {
  let replaying = false;

  function replay(text: string, target: EventTarget | undefined) {
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
      insertText(target, text);
    } else if (target instanceof HTMLSelectElement) {
      selectByText(target, text);
    } else if (target) {
      // Anything else (a list, a button) gets its keys back as events for its own handlers.
      replaying = true;
      try {
        for (const key of text)
          target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      } finally {
        replaying = false;
      }
    }
  }

  const detector: WedgeDetector<EventTarget> = createWedgeDetector<EventTarget>({
    thresholdMs: options.thresholdMs,
    minLength: options.minLength,
    now: () => win.performance.now(),
    setTimeout: (run, ms) => win.setTimeout(run, ms),
    clearTimeout: (handle) => win.clearTimeout(handle as number),
    onScan: options.onScan,
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
