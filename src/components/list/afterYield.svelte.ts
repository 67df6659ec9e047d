/**
 * Work a screen puts off so that the task that mounts or updates it stays short (issue #24). Call these
 * during component initialisation (they use $effect).
 */
import { flushSync, untrack } from 'svelte';
import { yieldToMain, type YieldNow } from '../../db/yieldingRead';
import { DrawTurns } from '../../lib/deliverLater';

/**
 * Whether the thread has been given back once since the component was created: a screen draws what must
 * show at once in its mounting task (a route change's click), the rest in a task of its own.
 */
export function afterYield(yieldNow: YieldNow = yieldToMain): { readonly done: boolean } {
  let done = $state(false);
  $effect(() => {
    let gone = false;
    void yieldNow().then(() => {
      if (!gone) done = true;
    });
    return () => {
      gone = true;
    };
  });
  return {
    get done() {
      return done;
    },
  };
}

/**
 * The turns of every list row's cells in the window: 8 ms of rows a task, at most 8 (a purchase order's or
 * a customer's row took 3–5 ms to draw at 4× CPU throttle, bench/stress/profile.ts), top rows first.
 */
export const rowTurns = new DrawTurns({
  budgetMs: 8,
  most: 8,
  now: () => performance.now(),
  yieldNow: yieldToMain,
  flush: () => flushSync(),
});

/**
 * `source()` as a row draws it: its first value and each change after it are taken in turn (`rowTurns`),
 * a few rows a task, never in the task that brought them (a live query's answer, a list mounting). Until
 * its first turn, `current` is undefined. A source that answers the same object does not ask for a turn:
 * rows whose data did not change keep their object (src/lib/sameData.ts `keepRows`) and are not redrawn.
 */
export function drawnInTurn<T>(
  source: () => T,
  turns: DrawTurns = rowTurns,
): { readonly current: T | undefined } {
  let shown = $state.raw<T | undefined>(undefined);
  $effect(() => {
    const value = source();
    // `shown` read untracked: a drawn turn must not re-run the effect.
    if (
      Object.is(
        value,
        untrack(() => shown),
      )
    )
      return;
    return turns.add(() => {
      shown = value;
    });
  });
  return {
    get current() {
      return shown;
    },
  };
}
