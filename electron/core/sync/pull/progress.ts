/**
 * The pull's progress as the status bar shows it: per resource (with its tier) and as a whole (which tier
 * runs, dock-ready, rows done of total, an ETA). Totals come from the API's `total_records`, announced
 * before the first page (./lists.ts countKeyset) so a resource shows from second 0 rather than when its
 * turn comes. The ETA divides the rows left by the rows this run has fetched per millisecond of the
 * engine's clock (injectable): one measured rate for the whole run, since resources run one after another.
 */
import type { PullProgress, PullSummary, PullTier } from '../types';

interface Entry {
  tier: PullTier;
  done: number;
  total: number;
  finished: boolean;
}

export interface PullTracker {
  /** A resource's initial pass: its rows done and total so far (from the cursor or a count). */
  announce(resource: string, tier: PullTier, progress: { done: number; total: number }): void;
  /** A page of an initial pass landed (or the pass finished). */
  progress(resource: string, progress: PullProgress): void;
  update(patch: Partial<Pick<PullSummary, 'tier' | 'dockReady' | 'lastSyncAt'>>): void;
  summary(): PullSummary;
}

export function createPullTracker(options: {
  now(): Date;
  initial: PullSummary;
  onResource(resource: string, progress: PullProgress): void;
  onSummary(summary: PullSummary): void;
}): PullTracker {
  const entries = new Map<string, Entry>();
  const began = options.now().getTime();
  let rows = 0;
  let state: PullSummary = { ...options.initial };

  /** Rows a millisecond, or undefined before anything was measured. */
  function rate(): number | undefined {
    const elapsed = options.now().getTime() - began;
    return rows > 0 && elapsed > 0 ? rows / elapsed : undefined;
  }

  function summary(): PullSummary {
    let done = 0;
    let total = 0;
    let firstSync = false;
    for (const entry of entries.values()) {
      done += entry.finished ? Math.max(entry.total, entry.done) : entry.done;
      total += Math.max(entry.total, entry.done);
      if (!entry.finished) firstSync = true;
    }
    const perMs = rate();
    const left = total - done;
    const { etaMs: _drop, ...rest } = state;
    return {
      ...rest,
      firstSync: firstSync || (state.firstSync && entries.size === 0),
      done,
      total,
      ...(left > 0 && perMs ? { etaMs: left / perMs } : {}),
    };
  }

  function emit() {
    state = summary();
    options.onSummary(state);
  }

  function entryProgress(entry: Entry): PullProgress {
    const perMs = rate();
    const left = Math.max(0, entry.total - entry.done);
    return {
      done: entry.done,
      total: Math.max(entry.total, entry.done),
      finished: entry.finished,
      tier: entry.tier,
      ...(!entry.finished && left > 0 && perMs ? { etaMs: left / perMs } : {}),
    };
  }

  return {
    announce(resource, tier, progress) {
      const entry = { tier, done: progress.done, total: progress.total, finished: false };
      entries.set(resource, entry);
      options.onResource(resource, entryProgress(entry));
      emit();
    },
    progress(resource, progress) {
      const known = entries.get(resource);
      // The rate's numerator: rows this run fetched, whichever resource fetched them.
      rows += Math.max(0, progress.done - (known?.done ?? 0));
      // A delta pull (no initial pass announced) only reports that it finished: not part of the totals.
      if (!known && progress.finished) {
        options.onResource(resource, progress);
        return;
      }
      const entry = known ?? { tier: progress.tier ?? 'background', ...progress };
      entry.done = progress.done;
      entry.total = progress.total;
      entry.finished = progress.finished;
      entries.set(resource, entry);
      options.onResource(resource, entryProgress(entry));
      emit();
    },
    update(patch) {
      state = { ...state, ...patch };
      emit();
    },
    summary,
  };
}
