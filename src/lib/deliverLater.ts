/**
 * Hands a live query's answers to the screen in a task of their own (issue #24). A query's answer arrives
 * in an IndexedDB callback, and Svelte redraws what changed in the microtasks right after it: the read and
 * the redraw of a list were one task, and at 4× CPU throttle such tasks ran past a second while a click
 * waited. Here the redraw comes after the thread was given back; answers that arrive meanwhile replace the
 * one waiting, so only the newest is drawn.
 */
import { yieldToMain, type YieldNow } from '../db/yieldingRead';

export interface Delivery<T> {
  /** The newest answer: applied once the thread has been given back (unless a newer one came first). */
  push(value: T): void;
  /** Applies nothing more, whatever is waiting. */
  stop(): void;
}

export function deliverLater<T>(apply: (value: T) => void, yieldNow: YieldNow = yieldToMain): Delivery<T> {
  let waiting: { value: T } | null = null;
  let stopped = false;
  return {
    push(value) {
      if (stopped) return;
      const scheduled = waiting !== null;
      waiting = { value };
      if (scheduled) return;
      void yieldNow().then(() => {
        const due = waiting;
        waiting = null;
        if (due && !stopped) apply(due.value);
      });
    },
    stop() {
      stopped = true;
      waiting = null;
    },
  };
}
