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

export interface TurnPolicy {
  /** A task stops drawing once it has run this long (at least one draw a task). */
  budgetMs: number;
  /** … and after this many draws, however fast they went (a bound whatever the clock says). */
  most: number;
  now(): number;
  yieldNow: YieldNow;
  /** Runs what the draws changed now (Svelte's `flushSync`), so the clock measures each draw's real cost. */
  flush(): void;
}

/**
 * Many small draws (the rows of a list, each drawing its cells) taken a few a task, in the order asked
 * (issue #24). A list's new answer changes the rows in view all at once: a sync landing newer orders on top,
 * or 30 customers' rows first drawn as a screen opens, were one task of 120–720 ms at 4× CPU throttle on a
 * busy PC. Here each row's draw waits its turn: a task runs draws, flushing each, until `budgetMs` has gone
 * or `most` draws are done, then gives the thread back (a click, a paint) before the next.
 */
export class DrawTurns {
  readonly #waiting = new Set<{ draw: () => void }>();
  #running = false;
  /** How many draws have run, and in how many tasks (for tests). */
  drawn = 0;
  tasks = 0;

  constructor(private readonly policy: TurnPolicy) {}

  /** Draws `draw` in a later task, in its turn; call the answer to take it back while it waits. */
  add(draw: () => void): () => void {
    const turn = { draw };
    this.#waiting.add(turn);
    if (!this.#running) void this.#run();
    return () => this.#waiting.delete(turn);
  }

  /** How many draws wait. */
  get size(): number {
    return this.#waiting.size;
  }

  async #run() {
    this.#running = true;
    try {
      while (this.#waiting.size > 0) {
        await this.policy.yieldNow();
        this.#drawSome();
      }
    } finally {
      this.#running = false;
    }
  }

  #drawSome() {
    const started = this.policy.now();
    let drawn = 0;
    // A Set iterates in insertion order and sees the draws added meanwhile; deleting the one in hand is safe.
    for (const turn of this.#waiting) {
      this.#waiting.delete(turn);
      try {
        turn.draw();
        this.policy.flush();
      } catch (failure) {
        // One row's failure must not stop the others' turns; the error still reaches the window's handler.
        queueMicrotask(() => {
          throw failure;
        });
      }
      drawn++;
      this.drawn++;
      if (drawn >= this.policy.most || this.policy.now() - started >= this.policy.budgetMs) break;
    }
    if (drawn > 0) this.tasks++;
  }
}
