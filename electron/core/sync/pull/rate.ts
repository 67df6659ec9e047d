/**
 * The pull's speed in rows a millisecond, smoothed, for the time left (./progress.ts). The first version
 * divided the rows of the run by its age: a page held back (the background tier waits for the dock tier), a
 * slow stretch or a store that stopped answering for a while dragged the whole run's rate down and the next
 * burst pushed it up, so a loaded PC showed "3 h left", then "18 min" (issue 24).
 *
 * Here rows are counted in windows of at least `windowMs`; each closed window is one observation, folded
 * into an exponentially weighted average whose weight grows with the window's length (half the old rate
 * is forgotten every `halfLifeMs` of observed time), so one fast or slow window moves the estimate a
 * little, not all the way. Time during which the pull could not move (a stall, `pause`) is not observed at
 * all: waiting for a store that did not answer says nothing about how fast rows are stored.
 */

export interface RateOptions {
  /** The shortest stretch of time one observation covers. */
  windowMs: number;
  /** Observed time after which an old rate weighs half as much. */
  halfLifeMs: number;
}

export const RATE_DEFAULTS: RateOptions = { windowMs: 5_000, halfLifeMs: 60_000 };

export interface SmoothedRate {
  /** `rows` were stored at `at` (ms, engine clock). The first call only starts the clock. */
  add(rows: number, at: number): void;
  /** Nothing can move from now on: the time until `resume` is not observed. */
  pause(): void;
  resume(at: number): void;
  /** Rows a millisecond, or undefined until a whole window was observed. */
  perMs(): number | undefined;
}

export function smoothedRate(options: RateOptions = RATE_DEFAULTS): SmoothedRate {
  let rate: number | undefined;
  let windowStart: number | undefined;
  let windowRows = 0;
  let paused = false;
  return {
    add(rows, at) {
      if (paused) return;
      // The first page's rows were fetched before any clock of ours started: they open the window.
      if (windowStart === undefined) {
        windowStart = at;
        return;
      }
      windowRows += rows;
      const elapsed = at - windowStart;
      if (elapsed < options.windowMs) return;
      const observed = windowRows / elapsed;
      const weight = 1 - 2 ** (-elapsed / options.halfLifeMs);
      rate = rate === undefined ? observed : rate + weight * (observed - rate);
      windowStart = at;
      windowRows = 0;
    },
    pause() {
      // The window under way is dropped: its time would count the stall as slow rows.
      paused = true;
      windowStart = undefined;
      windowRows = 0;
    },
    resume(at) {
      if (!paused) return;
      paused = false;
      windowStart = at;
    },
    perMs: () => rate,
  };
}
