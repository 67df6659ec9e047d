/**
 * Cutting a pulled page into slices, so the renderer applies it in several short transactions instead of one
 * long one (issue #11: no main-thread task over 50 ms while syncing). IndexedDB clones every row it is
 * given or hands back on the calling thread, so a transaction's main-thread work grows with its rows: a slice
 * bounds it, and the host gets the thread back between slices to paint and take input.
 *
 * The slice size adapts to what the last slice took: wall time over-counts main-thread time (it includes the
 * database's own thread and the commit), so sizing by it keeps the tasks under the target, never over.
 *
 * The user comes first (issue #24, `UserPace` below): while they are active, or a screen waits for its first
 * rows, a page waits between slices and takes small ones, whichever thread stores it.
 */
import type { CacheWrite } from './cacheWrites';

export interface SliceSizing {
  /** Rows in the first slice of a page. */
  startRows: number;
  minRows: number;
  maxRows: number;
  /** What one slice should take, in ms of wall time. */
  targetMs: number;
}

export const DEFAULT_SLICE_SIZING: SliceSizing = {
  startRows: 100,
  minRows: 20,
  maxRows: 500,
  targetMs: 16,
};

/**
 * The next slice's rows, scaled by how far the last slice was from the target: at most doubled (one quick
 * slice may be luck), and shrunk as far as the measurement says (one slow slice is already a janky frame).
 */
export function nextSliceRows(rows: number, tookMs: number, sizing: SliceSizing): number {
  const scaled = (rows * sizing.targetMs) / Math.max(tookMs, 0.1);
  return Math.round(Math.min(sizing.maxRows, Math.max(sizing.minRows, Math.min(scaled, rows * 2))));
}

const rowsOf = (write: CacheWrite) => (write.delete?.length ?? 0) + (write.put?.length ?? 0);

/**
 * The first `rows` rows of `writes` (deletes before puts, in the order given, as one transaction would apply
 * them) and what is left. A slice takes at least one row, so a page always makes progress.
 */
export function takeSlice(
  writes: readonly CacheWrite[],
  rows: number,
): { slice: CacheWrite[]; rest: CacheWrite[] } {
  const slice: CacheWrite[] = [];
  let room = Math.max(1, rows);
  let i = 0;
  for (; i < writes.length && room > 0; i++) {
    const write = writes[i]!;
    if (rowsOf(write) <= room) {
      if (rowsOf(write) > 0) slice.push(write);
      room -= rowsOf(write);
      continue;
    }
    const deletes = write.delete ?? [];
    const puts = write.put ?? [];
    const takenDeletes = deletes.slice(0, room);
    const takenPuts = puts.slice(0, room - takenDeletes.length);
    slice.push({
      table: write.table,
      ...(takenDeletes.length ? { delete: takenDeletes } : {}),
      ...(takenPuts.length ? { put: takenPuts } : {}),
    });
    const left: CacheWrite = { table: write.table };
    if (deletes.length > takenDeletes.length) left.delete = deletes.slice(takenDeletes.length);
    if (puts.length > takenPuts.length) left.put = puts.slice(takenPuts.length);
    return { slice, rest: [left, ...writes.slice(i + 1)] };
  }
  return { slice, rest: writes.slice(i).filter((write) => rowsOf(write) > 0) };
}

/**
 * Gives the thread back to the host: `scheduler.yield()` where the browser has it (the continuation keeps its
 * place ahead of other timers), a zero timeout elsewhere (Node, the tests' fake-indexeddb).
 */
export function yieldToHost(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Slices while someone in the window is using the database (issue #24). A write transaction holds up every
 * read of its tables until it commits, so a read the window starts behind one of these waits a few ms, not
 * the 150 ms of an idle worker's slice; and each commit re-runs the window's live queries, so fewer rows a
 * slice while the user works also means the pauses between slices (`PacePolicy`) are what the window sees.
 */
export const ACTIVE_SLICE_SIZING: SliceSizing = {
  startRows: 40,
  minRows: 10,
  maxRows: 100,
  targetMs: 10,
};

export interface PacePolicy {
  /** The user counts as active until this long after their last input (a click, a key, a scan, a route). */
  quietMs: number;
  /** One pause between two slices lasts at most this long: the pull moves on while the user works. */
  maxPauseMs: number;
  /**
   * A page pauses at most this long in all, so it is stored well inside the store port's time limit
   * (30 s) however busy the user is; past it the page goes on in small slices without pauses.
   */
  pageBudgetMs: number;
  /** A screen's read counts as pending for at most this long: one that never settles cannot starve the pull. */
  readingMaxMs: number;
}

export const DEFAULT_PACE_POLICY: PacePolicy = {
  quietMs: 300,
  maxPauseMs: 1_000,
  pageBudgetMs: 5_000,
  readingMaxMs: 5_000,
};

export interface PaceClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realPaceClock: PaceClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** What the pull asks of the user's side before each slice (./dexiePull.ts). */
export interface Pace {
  readonly policy: PacePolicy;
  /** true while the user is active or a screen is reading: the next slice is small. */
  active(): boolean;
  /** Waits while the user is active, at most `maxMs`; returns as soon as they are quiet, with the ms waited. */
  settle(maxMs: number): Promise<number>;
}

/** How long `settle` sleeps at most before it looks again (a read that ends, input that arrives). */
const SETTLE_STEP_MS = 50;

/**
 * The user's activity as the thread that stores pages sees it: inputs (`input()`, their time taken on this
 * thread's clock when they arrive) and whether a screen is waiting for its first rows (`reading`). In the
 * pull worker both come as messages from the window (src/lib/windowPace.ts); in the window they are its
 * own, and `alsoActive` adds input the browser has queued but not yet dispatched (isInputPending).
 */
export class UserPace implements Pace {
  #lastInput = -Infinity;
  #readingSince: number | null = null;
  /** The pauses waiting now (two passes' pages may be stored at once). */
  #wakers = new Set<() => void>();

  constructor(
    readonly policy: PacePolicy = DEFAULT_PACE_POLICY,
    private readonly clock: PaceClock = realPaceClock,
    private readonly alsoActive: () => boolean = () => false,
  ) {}

  input(): void {
    this.#lastInput = this.clock.now();
  }

  /** A screen started (true) or finished (false) waiting for its first rows. */
  reading(pending: boolean): void {
    if (pending) {
      this.#readingSince ??= this.clock.now();
      return;
    }
    this.#readingSince = null;
    // A pause that waited for this read ends now, not at its next look: most reads take a few ms.
    for (const wake of this.#wakers) wake();
  }

  active(): boolean {
    const now = this.clock.now();
    if (this.#readingSince !== null && now - this.#readingSince < this.policy.readingMaxMs) return true;
    return now - this.#lastInput < this.policy.quietMs || this.alsoActive();
  }

  async settle(maxMs: number): Promise<number> {
    const from = this.clock.now();
    const until = from + maxMs;
    while (this.active()) {
      const now = this.clock.now();
      if (now >= until) break;
      const quietAt = this.#lastInput + this.policy.quietMs;
      const step = quietAt > now ? Math.min(quietAt - now, SETTLE_STEP_MS) : SETTLE_STEP_MS;
      let wake = () => {};
      const woken = new Promise<void>((resolve) => this.#wakers.add((wake = resolve)));
      await Promise.race([this.clock.sleep(Math.max(1, Math.min(step, until - now))), woken]);
      this.#wakers.delete(wake);
    }
    return this.clock.now() - from;
  }
}

/**
 * The pace of the thread that applies pages without being told one: the window registers its own
 * (src/lib/windowPace.ts) for the pages it stores itself when no worker could start. Node has none.
 */
let threadPace: Pace | null = null;

export function useThreadPace(pace: Pace | null): void {
  threadPace = pace;
}

export function currentThreadPace(): Pace | null {
  return threadPace;
}
