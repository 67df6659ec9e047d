/**
 * When a burst of commits to the tables a scorecard reads has settled: no commit to them for `quietMs`.
 * A scorecard reads whole tables (every order, line and invoice of the cache), so it is worked out again once
 * per settled burst, not once per commit, nor once per gap as a coalesced live query does
 * (src/lib/coalescedQuery.ts re-runs at least every 2 s while a pull writes, and a large first sync writes for
 * minutes). Pure, with the clock and the commits in the caller's hands (./settle.test.ts).
 */
import type { ObservabilitySet } from 'dexie';

export interface SettleHooks {
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  /** Calls `listener` with what each commit changed (src/lib/coalescedQuery.ts dexieCommits). */
  onCommit(listener: (parts: ObservabilitySet) => void): () => void;
}

/**
 * Quiet this long after the last commit: a burst is over. Longer than the pause between two pages of a pull
 * (src/lib/windowPace.ts counts a pull as writing 2 s after its last page), short enough that a receipt
 * completed here shows within moments.
 */
export const SETTLE_MS = 2_500;

/** Calls `settled` once commits to `tables` of database `dbName` have stopped for `quietMs`; until stopped. */
export function onSettledCommits(
  dbName: string,
  tables: readonly string[],
  settled: () => void,
  hooks: SettleHooks,
  quietMs = SETTLE_MS,
): () => void {
  // Dexie names what a commit changed `idb://<database>/<table>/<index>`.
  const prefixes = tables.map((table) => `idb://${dbName}/${table}/`);
  let timer: unknown = null;
  const stopListening = hooks.onCommit((parts) => {
    if (!Object.keys(parts).some((part) => prefixes.some((prefix) => part.startsWith(prefix)))) return;
    if (timer !== null) hooks.clearTimer(timer);
    timer = hooks.setTimer(() => {
      timer = null;
      settled();
    }, quietMs);
  });
  return () => {
    stopListening();
    if (timer !== null) hooks.clearTimer(timer);
  };
}
