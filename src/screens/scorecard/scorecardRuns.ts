/**
 * When a scorecard is worked out, and which of its reads hold the pull back (issue #24). A scorecard reads
 * whole tables (years of orders, lines and invoices), so a read can take long on a busy PC:
 *   - its first read for an input (the screen opening, another period or supplier) holds the pull back
 *     (src/lib/windowPace.ts holdRead) until its answer is drawn, as every screen's first read does;
 *   - a read again after a settled burst of commits (./settle.ts) does NOT: the screen already shows the
 *     scorecard, and holding the pull for the whole of such a read would stall the sync it is following.
 * One read at a time per input: a burst that settles while one runs is read once more after it, so reads
 * never pile up however long each takes. An answer for an input no longer wanted is dropped.
 * Pure, with the hold, the yield and the answers in the caller's hands (./scorecardRuns.test.ts).
 */
import { deliverLater, type Delivery } from '../../lib/deliverLater';

const NOT_READ: unique symbol = Symbol('not read');

export type RunAnswer<T> = { key: string; value: T } | { key: string; failure: unknown };

export interface RunHooks {
  /** Holds the pull back until the answer is called (src/lib/windowPace.ts). */
  holdRead(): () => void;
  /** Gives the thread back: a read starts, and an answer is drawn, in a task of its own. */
  yieldNow(): Promise<void>;
}

export class ScorecardRuns<I, T> {
  #key: string | null = null;
  #input: I | null = null;
  /** Bumped by each new input: a read of an earlier one answers nothing. */
  #generation = 0;
  /** The generation whose read is running, if one is. */
  #running: number | null = null;
  /** A burst settled while the read ran: read once more after it. */
  #again = false;
  #release: (() => void) | null = null;
  #delivery: Delivery<RunAnswer<T>>;
  #stopped = false;

  constructor(
    private readonly read: (input: I) => Promise<T>,
    private readonly answer: (answer: RunAnswer<T>) => void,
    private readonly hooks: RunHooks,
  ) {
    this.#delivery = this.#deliver();
  }

  /** The input `key` spells (null: nothing to work out): read it at once, holding the pull until answered. */
  want(key: string, input: I | null): void {
    if (this.#stopped || key === this.#key) return;
    this.#generation++;
    this.#key = key;
    this.#input = input;
    this.#again = false;
    this.#letGo();
    // An answer of the input before, waiting to be drawn, is never drawn.
    this.#delivery.stop();
    this.#delivery = this.#deliver();
    if (input === null) return;
    this.#release = this.hooks.holdRead();
    this.#start();
  }

  /** What the scorecard reads has changed (a settled burst): read it again, without holding the pull. */
  rerun(): void {
    if (this.#stopped || this.#input === null) return;
    if (this.#running === this.#generation) this.#again = true;
    else this.#start();
  }

  /** Reads and draws nothing more, and lets the pull go. */
  stop(): void {
    this.#stopped = true;
    this.#delivery.stop();
    this.#letGo();
  }

  #start(): void {
    const generation = this.#generation;
    const key = this.#key!;
    const input = this.#input as I;
    this.#running = generation;
    const stale = () => this.#stopped || generation !== this.#generation;
    const settle = (answer: RunAnswer<T>) => {
      if (stale()) return;
      this.#running = null;
      this.#delivery.push(answer);
      if (this.#again) {
        this.#again = false;
        this.#start();
      }
    };
    void this.hooks
      .yieldNow()
      // An input changed, or the screen went, before the read began: it is not begun.
      .then<T | typeof NOT_READ>(() => (stale() ? NOT_READ : this.read(input)))
      .then(
        (value) => value === NOT_READ || settle({ key, value }),
        (failure: unknown) => settle({ key, failure }),
      );
  }

  #deliver(): Delivery<RunAnswer<T>> {
    return deliverLater((answer) => {
      // The first answer drawn lets the pull go; a read again never held it.
      this.#letGo();
      this.answer(answer);
    }, this.hooks.yieldNow);
  }

  #letGo(): void {
    this.#release?.();
    this.#release = null;
  }
}
