/**
 * Reads and passes over large lists a slice at a time, giving the thread back between slices (issue #24).
 *
 * A list read over a whole table (20,000 customers, 4,000 open orders) used to be one IndexedDB request whose
 * rows were cloned, then turned into list rows, sorted and filtered, all in the request's success callback:
 * at 4× CPU throttle one such callback took up to 1.1 s, and a click waited behind it. Here a read takes the
 * keys first (no row is cloned), then the rows a slice at a time, and a pass over many items stops every
 * few milliseconds; between slices the thread is given back (`scheduler.yield` where the browser has it, so
 * the read keeps its place ahead of other tasks, else a message to itself, which no timer clamp delays).
 *
 * Never yield inside a Dexie transaction: IndexedDB commits a transaction once the thread is given back with
 * no request of it pending. Inside a Dexie live query, the helper's promises are wrapped so that Dexie still
 * sees the reads after a yield as the query's own (its rule for non-Dexie promises in a querier).
 */
export type YieldNow = () => Promise<void>;

interface SchedulerLike {
  yield?: () => Promise<void>;
}

/** A message to this thread: a task of its own, without the 4 ms clamp that nested timers get. */
function postedTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    // (Typed for the window and its workers; Node's ports, in the tests, take `onmessage` too.)
    const port = channel.port1 as unknown as { onmessage: (() => void) | null; close(): void };
    port.onmessage = () => {
      port.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Gives the thread back once: what is queued (a click, a paint) runs before the caller goes on. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerLike }).scheduler;
  const next =
    typeof scheduler?.yield === 'function'
      ? scheduler.yield()
      : typeof MessageChannel === 'function'
        ? postedTask()
        : new Promise<void>((resolve) => setTimeout(resolve, 0));
  // As Dexie's liveQuery docs ask of a non-Dexie promise in a querier (./yieldingRead.test.ts: still followed).
  return Promise.resolve(next);
}

export interface SlicePolicy {
  /** Rows read per request. */
  rows: number;
  /** A pass over items gives the thread back once it has run this long. */
  budgetMs: number;
  now(): number;
  yieldNow: YieldNow;
}

/**
 * A few hundred rows a read (a slice of customers or orders is cloned in a few ms at 4× throttle), and
 * passes stopped every 8 ms: half a frame, well under the 50 ms a task may take before it counts as long.
 */
export const DEFAULT_SLICES: SlicePolicy = {
  rows: 500,
  budgetMs: 8,
  now: () => performance.now(),
  yieldNow: yieldToMain,
};

/** Items a pass handles between two looks at the clock. */
const CHECK_EVERY = 64;

/**
 * A pass's time budget: `await budget.tick()` after each item gives the thread back once the pass has run
 * `budgetMs` since it last did; `await budget.pause()` always does.
 */
export class SliceBudget {
  #since: number;
  #count = 0;
  /** How many times the thread was given back. */
  yields = 0;

  constructor(private readonly policy: SlicePolicy = DEFAULT_SLICES) {
    this.#since = policy.now();
  }

  /** One item done: yields when the budget is spent (the clock is read every few items). */
  tick(): Promise<void> | undefined {
    if (++this.#count % CHECK_EVERY !== 0) return undefined;
    if (this.policy.now() - this.#since < this.policy.budgetMs) return undefined;
    return this.pause();
  }

  async pause(): Promise<void> {
    this.yields++;
    await this.policy.yieldNow();
    this.#since = this.policy.now();
  }
}

/** `keys`' rows in the same order (undefined for a key with no row), read `policy.rows` at a time. */
export async function bulkGetInSlices<T, K>(
  table: { bulkGet(keys: K[]): PromiseLike<(T | undefined)[]> },
  keys: readonly K[],
  policy: SlicePolicy = DEFAULT_SLICES,
  budget: SliceBudget = new SliceBudget(policy),
): Promise<(T | undefined)[]> {
  const rows: (T | undefined)[] = [];
  for (let at = 0; at < keys.length; at += policy.rows) {
    if (at > 0) await budget.pause();
    const slice = await table.bulkGet(keys.slice(at, at + policy.rows) as K[]);
    for (const row of slice) rows.push(row);
  }
  return rows;
}

/** `make` of each item, in order, the pass giving the thread back as its budget is spent. */
export async function mapInSlices<T, U>(
  items: Iterable<T>,
  make: (item: T) => U,
  budget: SliceBudget = new SliceBudget(),
): Promise<U[]> {
  const made: U[] = [];
  for (const item of items) {
    made.push(make(item));
    const due = budget.tick();
    if (due) await due;
  }
  return made;
}

/** Items sorted at a time before the runs are merged: a run of this size sorts in about a millisecond. */
const SORT_RUN = 512;

/** Merges two runs already in `compare`'s order (stable: `a` wins ties), ticking `budget` per item. */
export async function mergeInSlices<T>(
  a: readonly T[],
  b: readonly T[],
  compare: (x: T, y: T) => number,
  budget: SliceBudget = new SliceBudget(),
): Promise<T[]> {
  const out = new Array<T>(a.length + b.length);
  let i = 0;
  let j = 0;
  for (let k = 0; k < out.length; k++) {
    out[k] = j >= b.length || (i < a.length && compare(a[i]!, b[j]!) <= 0) ? a[i++]! : b[j++]!;
    const due = budget.tick();
    if (due) await due;
  }
  return out;
}

/**
 * `items` in `compare`'s order, as a stable sort gives it, the thread given back as `budget` is spent: runs
 * of a few hundred are sorted, then merged pairwise. (One `Array.sort` of 20,000 customers took 35–70 ms
 * here, 4× that on a throttled dock PC: a long task on its own, issue #24.)
 */
export async function sortInSlices<T>(
  items: readonly T[],
  compare: (x: T, y: T) => number,
  budget: SliceBudget = new SliceBudget(),
): Promise<T[]> {
  let runs: T[][] = [];
  for (let at = 0; at < items.length; at += SORT_RUN) {
    runs.push(items.slice(at, at + SORT_RUN).sort(compare));
    for (let n = Math.min(SORT_RUN, items.length - at); n > 0; n--) {
      const due = budget.tick();
      if (due) await due;
    }
  }
  while (runs.length > 1) {
    const merged: T[][] = [];
    for (let r = 0; r < runs.length; r += 2)
      merged.push(
        r + 1 < runs.length ? await mergeInSlices(runs[r]!, runs[r + 1]!, compare, budget) : runs[r]!,
      );
    runs = merged;
  }
  return runs[0] ?? [];
}
