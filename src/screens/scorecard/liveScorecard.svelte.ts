/**
 * A scorecard read (src/db/scorecard/read.ts) as state for the two screens: worked out when the screen opens
 * or its input changes (another period, another supplier), then again once per settled burst of commits to
 * the tables it reads (./settle.ts): during a large first sync, once the sync's writes pause, not after each
 * coalesced commit. Only the first read of an input holds the pull back; a read again after a burst does not
 * (./scorecardRuns.ts). An answer worked out for another input is never shown as this one's, and one equal
 * to the answer shown changes nothing (src/lib/sameData.ts).
 * Call during component initialisation (it uses $effect).
 */
import { untrack } from 'svelte';
import type { DockhandDb } from '../../db/schema';
import { SCORECARD_TABLES } from '../../db/scorecard/read';
import { yieldToMain } from '../../db/yieldingRead';
import { dexieCommits } from '../../lib/coalescedQuery';
import { sameData } from '../../lib/sameData';
import { windowPace } from '../../lib/windowPace';
import { ScorecardRuns, type RunHooks } from './scorecardRuns';
import { onSettledCommits, type SettleHooks } from './settle';

const WINDOW_HOOKS: SettleHooks & RunHooks = {
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  onCommit: dexieCommits,
  holdRead: () => windowPace.holdRead(),
  yieldNow: yieldToMain,
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
  hooks: SettleHooks & RunHooks = WINDOW_HOOKS,
): LiveScorecard<T> {
  let shown = $state.raw<{ key: string; value: T } | null>(null);
  let error = $state<string | null>(null);
  const runs = new ScorecardRuns<I, T>(
    read,
    (answer) => {
      if ('failure' in answer) {
        error = answer.failure instanceof Error ? answer.failure.message : String(answer.failure);
        return;
      }
      error = null;
      if (!(shown?.key === answer.key && sameData(shown.value, answer.value))) shown = answer;
    },
    hooks,
  );
  // The input by its spelling: an equal one made anew (the list's settings after "Clear filters") is no change.
  const key = $derived(JSON.stringify(input()));
  $effect(() => {
    const wanted = key;
    untrack(() => runs.want(wanted, input()));
  });
  $effect(() => onSettledCommits(db().name, SCORECARD_TABLES, () => runs.rerun(), hooks));
  $effect(() => () => runs.stop());
  const current = $derived(shown?.key === key ? shown.value : null);
  return {
    get current() {
      return current;
    },
    get error() {
      return error;
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
