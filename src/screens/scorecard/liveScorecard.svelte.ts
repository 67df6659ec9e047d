/**
 * A scorecard read (src/db/scorecard/read.ts) as state for the two screens: worked out when the screen opens
 * or its input changes (another period, another supplier), then again once per settled burst of commits to
 * the tables it reads (./settle.ts): during a large first sync, once the sync's writes pause, not after each
 * coalesced commit. An answer worked out for another input is never shown as this one's.
 * Call during component initialisation (it uses $effect).
 */
import { untrack } from 'svelte';
import type { DockhandDb } from '../../db/schema';
import { SCORECARD_TABLES } from '../../db/scorecard/read';
import { dexieCommits } from '../../lib/coalescedQuery';
import { liveWith } from '../../lib/live.svelte';
import { onSettledCommits, type SettleHooks } from './settle';

const WINDOW_HOOKS: SettleHooks = {
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  onCommit: dexieCommits,
};

export interface LiveScorecard<T> {
  /** The answer for the input as it is now; null while it is being worked out (or the input is null). */
  readonly current: T | null;
  readonly error: string | null;
}

export function liveScorecard<I, T>(
  db: () => DockhandDb,
  input: () => I | null,
  read: (input: I) => Promise<T>,
  hooks: SettleHooks = WINDOW_HOOKS,
): LiveScorecard<T> {
  let bursts = $state(0);
  $effect(() => onSettledCommits(db().name, SCORECARD_TABLES, () => bursts++, hooks));
  // The input by its spelling: an equal one made anew (the list's settings after "Clear filters") is no change.
  const key = $derived(JSON.stringify(input()));
  const answer = liveWith<
    { key: string; wanted: I | null; bursts: number },
    { key: string; value: T } | null
  >(
    () => ({ key, wanted: untrack(input), bursts }),
    async ({ key, wanted }) => (wanted === null ? null : { key, value: await read(wanted) }),
    null,
    // No table to follow: a settled burst (the count above) or another input runs it again, never a commit.
    { coalesce: { db, tables: [] } },
  );
  const current = $derived(answer.current?.key === key ? answer.current.value : null);
  return {
    get current() {
      return current;
    },
    get error() {
      return answer.error;
    },
  };
}

/** The scorecards as a list's rows (the list shell's source): none, and not loaded, while worked out. */
export function asListRows<T>(live: LiveScorecard<readonly T[]>) {
  return {
    get current() {
      return live.current ?? [];
    },
    get loaded() {
      return live.current !== null;
    },
    get error() {
      return live.error;
    },
  };
}
