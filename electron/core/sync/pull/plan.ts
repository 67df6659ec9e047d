/**
 * What a pull run will do, from the cursors before it pulls anything (./puller.ts): which passes run with
 * which filters, whether the dock is ready and when the last whole run ended, and every pass's progress as
 * the cursors hold it, so the run's totals are the whole first sync's from its first second (./progress.ts).
 */
import type { StorePort } from '../../../../src/db/storePort';
import type { PullOptions, PullSummary, PullTier } from '../types';
import type { ListPullDeps } from './lists';
import type { ListResource, PullContext } from './resources';

/** A cursor row that only records when a run last completed every resource ("Last sync" after a restart). */
export const LAST_RUN = 'lastCompleteRun';

export const IDLE_SUMMARY: PullSummary = {
  tier: 'idle',
  dockReady: false,
  firstSync: true,
  done: 0,
  total: 0,
};

/** Engine options whose pull (unless turned off) starts with this outlet's open orders. */
export function withPriorityOutlet<T extends { pull?: PullOptions | false }>(
  engine: T,
  outletId: number | null,
): T {
  if (outletId === null || engine.pull === false) return engine;
  return { ...engine, pull: { ...engine.pull, priorityOutlet: () => outletId } };
}

export type Cursor = Awaited<ReturnType<StorePort['getCursor']>>['cursor'];
export const finishedCursor = (cursor: Cursor) =>
  cursor !== null && (cursor.initial === undefined || cursor.initial.finished);

export interface PlannedRun {
  resource: ListResource;
  filter: ListPullDeps['filter'];
  cursor: Cursor;
}

/** A pass's initial progress as its cursor holds it, before the run (PullTracker.seed). */
export interface Seed {
  resource: string;
  tier: PullTier;
  done: number;
  total: number;
  finished: boolean;
}

export interface RunPlan {
  runs: PlannedRun[];
  dockReady: boolean;
  lastSyncAt: string | undefined;
  seeds: Seed[];
}

export async function planRun(
  store: StorePort,
  selected: readonly ListResource[],
  context: PullContext,
): Promise<RunPlan> {
  // Read together: each is a round trip to the renderer's store, and a start waited for them one by one.
  const read = await Promise.all(selected.map((resource) => store.getCursor({ resource: resource.name })));
  const cursors = new Map<string, Cursor>(selected.map((resource, i) => [resource.name, read[i]!.cursor]));
  const runs: PlannedRun[] = [];
  for (const resource of selected) {
    const filter = resource.filter?.(context);
    if (filter === null) continue;
    const done = (name: string) => finishedCursor(cursors.get(name) ?? null);
    if (resource.whileInitial && (done(resource.name) || done(resource.whileInitial))) continue;
    // A pass another opens: under way, or about to be opened by its opener's first pass in this run.
    if (resource.openedBy) {
      const opened = cursors.get(resource.name) ?? null;
      if (opened ? done(resource.name) : done(resource.openedBy)) continue;
    }
    runs.push({ resource, filter, cursor: cursors.get(resource.name) ?? null });
  }
  const cached = runs.map((run) => cursors.get(run.resource.name) ?? null);
  const complete = cached.every(finishedCursor);
  const dockReady = runs.every((run, i) => run.resource.tier !== 'dock' || finishedCursor(cached[i]!));
  // When the last whole run ended; a cache from before that record was kept was last synced when its
  // least recent resource was.
  const { cursor: lastRun } = await store.getCursor({ resource: LAST_RUN });
  const lastSyncAt = complete
    ? (lastRun?.completedAt ?? cached.map((cursor) => cursor!.completedAt).sort()[0])
    : undefined;
  // Finished passes count as done; passes under way with the total their cursor holds (0: not counted
  // yet, the run counts it). A head start this run skips is left out: it will never finish.
  const running = new Set(runs.map((run) => run.resource.name));
  const seeds = selected.flatMap((resource): Seed[] => {
    const initial = cursors.get(resource.name)?.initial;
    if (!initial || (!initial.finished && (!running.has(resource.name) || initial.total === 0))) return [];
    const total = Math.max(initial.total, initial.done);
    return [{ resource: resource.name, tier: resource.tier, ...initial, total }];
  });
  return { runs, dockReady, lastSyncAt, seeds };
}
