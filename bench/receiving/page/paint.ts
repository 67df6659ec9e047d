/**
 * When a change is on screen: a MutationObserver sees the DOM show the expected text, then the next animation
 * frame is waited for, and a message posted from its requestAnimationFrame callback is handled once that
 * frame's style, layout and paint are done. Times are on the performance.now() clock, measured from the
 * Enter key's press time (./keys.ts), the moment a clerk's scanner finished the code.
 */
import type { EnterKey } from './keys';

export interface PaintSample {
  /** Enter pressed → its keydown handled (CDP delivery and anything queued before it). */
  inputDelayMs: number;
  /** Enter pressed → the DOM shows the new value (the app's own work). */
  shownMs: number;
  /** Enter pressed → the frame showing it is painted: the figure the targets are about. */
  paintedMs: number;
}

function afterNextFrame(): Promise<number> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve(performance.now());
      };
      channel.port2.postMessage(null);
    }),
  );
}

export type PaintOutcome = { painted: PaintSample } | { refused: string };

/**
 * Resolves once `read()` returns `expected` and that is painted, or as soon as `refused()` names why it never
 * will (the app turned the scan down); rejects after `timeoutMs` (a scan neither applied nor answered is a
 * harness error, never a slow sample). `enter()` gives the Enter that caused the change.
 */
export function whenPainted(
  root: Node,
  probe: {
    read: () => string | null;
    expected: string;
    refused: () => string | null;
    enter: () => EnterKey | null;
  },
  timeoutMs: number,
): Promise<PaintOutcome> {
  const { read, expected, refused, enter } = probe;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`still "${read()}" after ${timeoutMs} ms, expected "${expected}"`));
    }, timeoutMs);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    const observer = new MutationObserver(() => {
      const why = refused();
      if (why !== null) {
        stop();
        resolve({ refused: why });
        return;
      }
      if (read() !== expected) return;
      const shownAt = performance.now();
      stop();
      const key = enter();
      if (!key) {
        reject(new Error(`"${expected}" was shown before any Enter was pressed`));
        return;
      }
      void afterNextFrame().then((paintedAt) =>
        resolve({
          painted: {
            inputDelayMs: key.handledAt - key.pressedAt,
            shownMs: shownAt - key.pressedAt,
            paintedMs: paintedAt - key.pressedAt,
          },
        }),
      );
    });
    observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}
