/**
 * A live query that does not re-run on every commit (issue #24). Dexie's liveQuery re-runs a query as soon
 * as a commit touches what it read, and a first sync commits a slice at a time: the purchase order list's
 * supplier and outlet choices walked two whole indexes after every one (bench/sync --profile: the most main-
 * thread time of any live query), and every live query also merges each commit's changed keys into its own
 * set. Here a commit to one of the named tables only marks the result stale; one run at a time, and the next
 * waits at least `minGapMs`, nine times what the last run took, and `syncGapMs` while a pull is writing, so a
 * burst of commits costs one re-run per gap, however many commits it has.
 *
 * For queries that read a whole table or index anyway (where Dexie's finer ranges gain nothing): the first
 * commit after a quiet spell re-runs at once, so a user's own edit still shows without a wait.
 */
import Dexie, { type ObservabilitySet } from 'dexie';

export interface CoalescePolicy {
  minGapMs: number;
  /** The gap after a run is at least this many times what the run took. */
  costFactor: number;
  /** The least gap while a pull is writing pages. */
  syncGapMs: number;
}

export const DEFAULT_COALESCE_POLICY: CoalescePolicy = { minGapMs: 50, costFactor: 9, syncGapMs: 2_000 };

export interface CoalesceHooks {
  now(): number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  /** true while a pull is writing pages (src/lib/windowPace.ts `syncing`). */
  syncing(): boolean;
  /** Calls `listener` with what each commit changed (Dexie's storagemutated, across threads). */
  onCommit(listener: (parts: ObservabilitySet) => void): () => void;
  /**
   * Gives the thread back before each run (../db/yieldingRead.ts `yieldToMain`), so a run starts in a task of its
   * own, not in the one that mounted the screen or told of a commit. None: runs start at once.
   */
  yieldNow?: () => Promise<void>;
}

export const dexieCommits = (listener: (parts: ObservabilitySet) => void): (() => void) => {
  Dexie.on('storagemutated', listener);
  return () => Dexie.on.storagemutated.unsubscribe(listener);
};

export interface CoalescedObserver<T> {
  next(value: T): void;
  error(failure: unknown): void;
}

/** Runs `run` now and again after commits to `tables` of database `dbName`, until the answer is called. */
export function coalescedQuery<T>(
  dbName: string,
  tables: readonly string[],
  run: () => Promise<T>,
  observer: CoalescedObserver<T>,
  hooks: CoalesceHooks,
  policy: CoalescePolicy = DEFAULT_COALESCE_POLICY,
): () => void {
  // Dexie names what a commit changed `idb://<database>/<table>/<index>`.
  const prefixes = tables.map((table) => `idb://${dbName}/${table}/`);
  let stale = true;
  let running = false;
  let stopped = false;
  let gap: unknown;
  let waiting = false;

  const runIfDue = async () => {
    if (stopped || running || waiting || !stale) return;
    running = true;
    stale = false;
    if (hooks.yieldNow) await hooks.yieldNow();
    if (stopped) return;
    const started = hooks.now();
    try {
      const value = await run();
      if (!stopped) observer.next(value);
    } catch (failure) {
      // As Dexie's liveQuery: a database closed under a run (the window switching stores) is no error to show.
      const closed = failure instanceof Error && failure.name === 'DatabaseClosedError';
      if (!stopped && !closed) observer.error(failure);
    }
    running = false;
    if (stopped) return;
    const took = hooks.now() - started;
    const wait = Math.max(policy.minGapMs, policy.costFactor * took, hooks.syncing() ? policy.syncGapMs : 0);
    waiting = true;
    gap = hooks.setTimer(() => {
      waiting = false;
      void runIfDue();
    }, wait);
  };

  const stopListening = hooks.onCommit((parts) => {
    if (!Object.keys(parts).some((part) => prefixes.some((prefix) => part.startsWith(prefix)))) return;
    stale = true;
    void runIfDue();
  });
  void runIfDue();
  return () => {
    stopped = true;
    if (waiting) hooks.clearTimer(gap);
    stopListening();
  };
}
