/**
 * The pull's progress as the status bar shows it: per resource (with its tier) and as a whole (which tier
 * runs, dock-ready, rows done of total, an ETA, whether it is stalled).
 *
 * Totals are counted once per run and are the whole first sync's: the run seeds every pass its cursors know
 * (finished ones too, as done) before it pulls anything, then announces the counts of the rest, the passes
 * that only start later (a light pass's follower) included (./puller.ts). After that a pass's total changes
 * only when the server's `total_records` does. Before, each run summed only the passes still under way and a
 * follower joined the sum when its turn came, so the headline jumped between 20,000 and 49,457 rows as
 * passes opened and closed (issue 24). Done never goes back: a page answered late (a retried store call)
 * cannot undo the pages stored after it.
 *
 * The ETA divides the rows left by a smoothed rate of rows stored (./rate.ts) on the engine's clock
 * (injectable); while a store call waits to be retried there is no ETA, the summary says "stalled" instead.
 */
import type { PullProgress, PullStall, PullSummary, PullTier } from '../types';
import { RATE_DEFAULTS, smoothedRate, type RateOptions, type SmoothedRate } from './rate';

interface Entry {
  tier: PullTier;
  done: number;
  total: number;
  finished: boolean;
  rate: SmoothedRate;
}

/** A store call that waits to be sent again (./storeRetry.ts): whose, and when. */
export interface StalledCall {
  resource?: string;
  retryAt: string;
}

export interface PullTracker {
  /** What the cursors said before the run: a pass under way, or one an earlier run finished. No emit. */
  seed(resource: string, tier: PullTier, progress: { done: number; total: number; finished: boolean }): void;
  /** A resource's initial pass: its rows done and total (from the cursor or a count). */
  announce(resource: string, tier: PullTier, progress: { done: number; total: number }): void;
  /**
   * The run's counts, announced together (one summary). Until then the headline total is at least the last
   * run's: a pass no cursor knows yet would otherwise be missing from it for the moments the counts take.
   */
  counted(counts: readonly { resource: string; tier: PullTier; done: number; total: number }[]): void;
  /** A page of an initial pass landed (or the pass finished). */
  progress(resource: string, progress: PullProgress): void;
  /** The store calls now waiting to be retried; empty once every one was answered. */
  stalls(calls: readonly StalledCall[]): void;
  /** A pass failed (not fatally): shown as failed until the next run, at `retryAt`. */
  failed(resource: string, retryAt: string): void;
  update(patch: Partial<Pick<PullSummary, 'tier' | 'dockReady' | 'lastSyncAt'>>): void;
  summary(): PullSummary;
}

export function createPullTracker(options: {
  now(): Date;
  initial: PullSummary;
  onResource(resource: string, progress: PullProgress): void;
  onSummary(summary: PullSummary): void;
  rate?: RateOptions;
}): PullTracker {
  const rateOptions = options.rate ?? RATE_DEFAULTS;
  const entries = new Map<string, Entry>();
  const overall = smoothedRate(rateOptions);
  let stalled: readonly StalledCall[] = [];
  /** Passes that failed this run, and when the next run starts them again. */
  const failures = new Map<string, string>();
  // A run starts with no stall of its own: the last run's failure is this run's to retry.
  const { stalled: _last, ...initial } = options.initial;
  let state: PullSummary = initial;
  let counting = true;

  const at = () => options.now().getTime();
  const newEntry = (tier: PullTier, done: number, total: number, finished: boolean): Entry => ({
    tier,
    done,
    total,
    finished,
    rate: smoothedRate(rateOptions),
  });

  function stallOf(resource: string): PullStall | undefined {
    const calls = stalled.filter((call) => call.resource === resource);
    if (calls.length) return { reason: 'store-slow', retryAt: earliest(calls.map((c) => c.retryAt)) };
    const retryAt = failures.get(resource);
    return retryAt ? { reason: 'failed', retryAt } : undefined;
  }

  function summaryStall(): PullSummary['stalled'] {
    if (stalled.length) {
      const resources = [...new Set(stalled.flatMap((call) => (call.resource ? [call.resource] : [])))];
      return { reason: 'store-slow', retryAt: earliest(stalled.map((c) => c.retryAt)), resources };
    }
    if (!failures.size) return undefined;
    return { reason: 'failed', retryAt: earliest([...failures.values()]), resources: [...failures.keys()] };
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
    const perMs = overall.perMs();
    const left = total - done;
    const stall = summaryStall();
    const { etaMs: _eta, stalled: _stall, ...rest } = state;
    return {
      ...rest,
      firstSync: firstSync || (state.firstSync && entries.size === 0),
      done,
      total: counting ? Math.max(total, initial.total) : total,
      ...(left > 0 && perMs && stall?.reason !== 'store-slow' ? { etaMs: left / perMs } : {}),
      ...(stall ? { stalled: stall } : {}),
    };
  }

  function emit() {
    state = summary();
    options.onSummary(state);
  }

  function entryProgress(resource: string, entry: Entry): PullProgress {
    const perMs = entry.rate.perMs();
    const left = Math.max(0, entry.total - entry.done);
    const stall = entry.finished ? undefined : stallOf(resource);
    return {
      done: entry.done,
      total: Math.max(entry.total, entry.done),
      finished: entry.finished,
      tier: entry.tier,
      ...(!entry.finished && left > 0 && perMs && !stall ? { etaMs: left / perMs } : {}),
      ...(stall ? { stalled: stall } : {}),
    };
  }

  const show = (resource: string, entry: Entry) =>
    options.onResource(resource, entryProgress(resource, entry));

  /** A count: the pass's total from the server (or its cursor); what it has done never goes back. */
  function set(resource: string, tier: PullTier, progress: { done: number; total: number }) {
    const entry = entries.get(resource) ?? newEntry(tier, progress.done, progress.total, false);
    entry.done = Math.max(entry.done, progress.done);
    entry.total = progress.total;
    entries.set(resource, entry);
    show(resource, entry);
  }

  return {
    seed(resource, tier, progress) {
      entries.set(resource, newEntry(tier, progress.done, progress.total, progress.finished));
    },
    announce(resource, tier, progress) {
      set(resource, tier, progress);
      emit();
    },
    counted(counts) {
      for (const count of counts) set(count.resource, count.tier, count);
      counting = false;
      emit();
    },
    progress(resource, progress) {
      const known = entries.get(resource);
      // A delta pull (no initial pass announced) only reports that it finished: not part of the totals.
      if (!known && progress.finished) {
        options.onResource(resource, progress);
        return;
      }
      const entry = known ?? newEntry(progress.tier ?? 'background', 0, progress.total, false);
      entries.set(resource, entry);
      const before = entry.done;
      entry.done = Math.max(entry.done, progress.done);
      // A pass reports its own done as its total until the server said one: never a smaller known total.
      if (progress.total > progress.done || progress.total >= entry.total || progress.finished)
        entry.total = progress.finished ? Math.max(entry.total, entry.done) : progress.total;
      entry.finished = progress.finished;
      const now = at();
      entry.rate.add(entry.done - before, now);
      overall.add(entry.done - before, now);
      show(resource, entry);
      emit();
    },
    stalls(calls) {
      const was = stalled;
      stalled = [...calls];
      if (!was.length && stalled.length) {
        overall.pause();
        for (const entry of entries.values()) entry.rate.pause();
      } else if (was.length && !stalled.length) {
        const now = at();
        overall.resume(now);
        for (const entry of entries.values()) entry.rate.resume(now);
      }
      const touched = new Set([...was, ...stalled].flatMap((call) => (call.resource ? [call.resource] : [])));
      for (const resource of touched) {
        const entry = entries.get(resource);
        if (entry && !entry.finished) show(resource, entry);
      }
      emit();
    },
    failed(resource, retryAt) {
      failures.set(resource, retryAt);
      // A pass with no initial progress (a delta pull) has no bar: the summary still says it failed.
      const entry = entries.get(resource);
      if (entry && !entry.finished) show(resource, entry);
      emit();
    },
    update(patch) {
      state = { ...state, ...patch };
      emit();
    },
    summary,
  };
}

function earliest(times: readonly string[]): string {
  return times.reduce((a, b) => (Date.parse(b) < Date.parse(a) ? b : a));
}
