/**
 * A list filter's choices drawn a slice at a time (issue #24). The purchase order list's supplier filter
 * holds every supplier the cache names (2,000 in the large demo): drawing 2,000 `<option>`s was one task of
 * 230–340 ms at 4× CPU throttle, the longest of a route change mid-sync (bench/stress/profile.ts). Here the
 * select starts with the first `slice` choices and gains a slice after each time the thread is given back,
 * so a click in between is answered; a press on the select or focus in it (a clerk about to choose, by mouse
 * or keyboard) draws them all at once, before it opens. The chosen one is always drawn, so the select never
 * shows "Any supplier" while one is chosen. Create it during a component's initialisation (it uses $effect).
 *
 * The slices are drawn when the window is idle (`whenIdle`), not after a `scheduler.yield`: a yield's
 * continuation runs ahead of the tasks already queued, so mid-sync the growing selects (a slice costs more as
 * the select grows: Chromium lays out its options again) were the most common long task after a route change,
 * ahead of the list's own reads (bench/stress/profile.ts, 4× CPU throttle). And by themselves they grow only
 * to `BY_ITSELF` choices: 2,000 drawn options cost as much again to take down when the clerk goes to another
 * screen (the longest task of the click to Customers after a while on the orders), so the rest wait for a
 * clerk who goes to the select.
 */
import { yieldToMain, type YieldNow } from '../../db/yieldingRead';

/** Choices drawn per task: 50 options are a few milliseconds at 4× throttle, in a select of 2,000. */
export const OPTION_SLICE = 50;

/** Choices drawn without the clerk going to the select: the first few slices. */
export const BY_ITSELF = 4 * OPTION_SLICE;

type IdleCallback = (run: () => void) => unknown;

/** Resolves in an idle period of the window (requestIdleCallback), or after a yield where there is none. */
export function whenIdle(): Promise<void> {
  const idle = (globalThis as { requestIdleCallback?: IdleCallback }).requestIdleCallback;
  return typeof idle === 'function' ? new Promise((resolve) => void idle(() => resolve())) : yieldToMain();
}

export class GrowingOptions {
  #limit = $state(OPTION_SLICE);

  /** `most`: how many choices the longest of the selects has (they grow together). */
  constructor(most: () => number, yieldNow: YieldNow = whenIdle, slice = OPTION_SLICE, byItself = BY_ITSELF) {
    this.#limit = slice;
    $effect(() => {
      const limit = this.#limit;
      if (limit >= Math.min(most(), byItself)) return;
      let stopped = false;
      void yieldNow().then(() => {
        if (!stopped) this.#limit = limit + slice;
      });
      return () => {
        stopped = true;
      };
    });
  }

  /** How many choices each select draws now. */
  get limit(): number {
    return this.#limit;
  }

  /** Every choice, from now on. */
  showAll(): void {
    this.#limit = Infinity;
  }

  /** The choices to draw: the first `limit`, and the chosen one when it comes later. */
  of<C extends { value: string | number }>(
    choices: readonly C[],
    chosen: string | number | null,
  ): readonly C[] {
    if (choices.length <= this.#limit) return choices;
    const first = choices.slice(0, this.#limit);
    if (chosen === null || first.some((choice) => choice.value === chosen)) return first;
    const picked = choices.find((choice) => choice.value === chosen);
    return picked ? [...first, picked] : first;
  }
}
