/**
 * One pull run, by tier (./resources.ts): first the dock tier (open purchase orders with their lines and
 * products, this PC's outlet first during the first sync), then "dock-ready", then the background tier
 * (history, invoices, customers, credit notes, reference lists), a batch of the product supplier sweep
 * (./productSuppliers.ts, on its TTL) and the by-id resources the records referenced (on their TTL), as the
 * stored pages kept them (./byId.ts).
 *
 * Before pulling anything the run announces every unfinished initial pass with its total (./progress.ts),
 * so progress is whole from second 0, and a restart with a complete cache reports dock-ready and its last
 * sync at once, from the cursors, then pulls only what changed since them.
 *
 * A failure of one resource is logged, shown as failed until the next run, and the run goes on with the next;
 * losing the network or the credentials ends the run (the engine's connectivity and auth handling take over).
 * A store call that is not answered in time is sent again until it is (./storeRetry.ts), the progress
 * saying "stalled" meanwhile: a slow PC never leaves a pass still without saying so.
 */
import type { StorePort } from '../../../../src/db/storePort';
import { ApiCallError, CallAbortedError } from '../../api/errors';
import type { ApiClient } from '../../api/types';
import type { PullOptions, PullProgress, PullSummary, SyncLogger } from '../types';
import { refreshById } from './byId';
import { countKeyset, pullKeyset, pullList, refKey, type ListPullDeps } from './lists';
import { lanesOf, PASSES_IN_FLIGHT } from './lanes';
import { inPool } from './pool';
import { tierGate } from './tierGate';
import { withPageStore } from './withPageStore';
import { createPullTracker, type PullTracker } from './progress';
import { finishedCursor, IDLE_SUMMARY, LAST_RUN, planRun, type PlannedRun } from './plan';
import { withStoreRetry, type RetryingStore } from './storeRetry';
import { PRODUCT_SUPPLIERS, sweepProductSuppliers } from './productSuppliers';
import { BY_ID_RESOURCES, LIST_RESOURCES, type ByIdName, type Ref, type Tier } from './resources';

export { IDLE_SUMMARY, LAST_RUN, withPriorityOutlet } from './plan';

/** The by-id resource stored in `table`, if any (a by-id request names its table). */
const byIdNameOf = (table: string): ByIdName | undefined =>
  (Object.keys(BY_ID_RESOURCES) as ByIdName[]).find((name) => BY_ID_RESOURCES[name].table === table);

export const PULL_DEFAULTS = {
  pageSize: 500,
  overlapMs: 2_000,
  intervalMs: 60_000,
  refreshTtlMs: 60 * 60_000,
  productSuppliersBatch: 50,
} as const;

export interface PullerDeps {
  store: StorePort;
  client: ApiClient;
  now(): Date;
  logger: SyncLogger;
  options: PullOptions;
  onProgress(resource: string, progress: PullProgress | undefined, finishedAt?: string): void;
  /** The pull as a whole (tier, dock-ready, overall progress, last sync). */
  onSummary?(summary: PullSummary): void;
  /** The run stopped on an error that is the engine's business (offline, credentials). */
  onFatal(error: ApiCallError): void;
  /** Where a retried store call waits (tests pass a manual clock's); default real time. */
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
}

export interface Puller {
  run(signal: AbortSignal): Promise<void>;
  /**
   * Reports what the cursors say before any run: dock-ready and the last sync of a complete cache, so a
   * start while offline says them too (never "never" with a full cache).
   */
  describe(): Promise<void>;
  /** Retry now: a store call waiting to be sent again goes at once (the Retry button, via sync.now). */
  retryNow(): void;
}

type Standing = NonNullable<Awaited<ReturnType<typeof countKeyset>>>;

function isFatal(error: unknown): error is ApiCallError {
  return (
    error instanceof ApiCallError &&
    (error.kind === 'auth' || (error.kind === 'transient' && error.details.delivery !== 'yes'))
  );
}

/** `store` whose page stores wait for `ready`, and are refused (the run ends) when it says false. */
function afterCounts(store: StorePort, ready: Promise<boolean>): StorePort {
  return withPageStore(store, async (request) => {
    if (!(await ready)) throw new CallAbortedError('applyPulledPage', 'no');
    return store.applyPulledPage(request);
  });
}

export function createPuller(deps: PullerDeps): Puller {
  const pageSize = deps.options.pageSize ?? PULL_DEFAULTS.pageSize;
  const overlapMs = deps.options.overlapMs ?? PULL_DEFAULTS.overlapMs;
  const refreshTtlMs = deps.options.refreshTtlMs ?? PULL_DEFAULTS.refreshTtlMs;
  const wanted = deps.options.resources;
  const selected = LIST_RESOURCES.filter(
    (r) => !wanted || wanted.includes(r.name) || (r.family !== undefined && wanted.includes(r.family)),
  );
  let summary: PullSummary = IDLE_SUMMARY;
  /** The run under way's store calls, so Retry reaches the ones waiting. */
  let current: RetryingStore | undefined;

  async function outlet(): Promise<number | null> {
    try {
      return (await deps.options.priorityOutlet?.()) ?? null;
    } catch (error) {
      deps.logger.warn({ event: 'pull-outlet-unknown', detail: String(error) });
      return null;
    }
  }

  async function describe(): Promise<void> {
    try {
      const { dockReady, lastSyncAt } = await planRun(deps.store, selected, { outletId: null });
      const last = summary.lastSyncAt ?? lastSyncAt;
      summary = {
        ...summary,
        dockReady: summary.dockReady || dockReady,
        firstSync: last === undefined,
        ...(last ? { lastSyncAt: last } : {}),
      };
      deps.onSummary?.(summary);
    } catch (error) {
      deps.logger.warn({ event: 'pull-describe-failed', detail: String(error) });
    }
  }

  async function run(signal: AbortSignal): Promise<void> {
    // Every store call of the run, its plan's too: one not answered in time is sent again (./storeRetry.ts).
    let shown: PullTracker | undefined;
    const retrying = withStoreRetry(deps.store, {
      signal,
      now: deps.now,
      logger: deps.logger,
      ...(deps.options.storeRetry ? { backoff: deps.options.storeRetry } : {}),
      ...(deps.sleep ? { sleep: deps.sleep } : {}),
      onStalls: (calls) => shown?.stalls(calls),
    });
    current = retrying;
    try {
      await runWith(retrying.store, signal, (tracker) => {
        // Stalls of the plan's own reads show once there is progress to show them in.
        shown = tracker;
        if (retrying.stalled().length) tracker.stalls(retrying.stalled());
      });
    } finally {
      if (current === retrying) current = undefined;
    }
  }

  async function runWith(
    store: StorePort,
    signal: AbortSignal,
    showStalls: (tracker: PullTracker) => void,
  ): Promise<void> {
    const { runs, dockReady, lastSyncAt, seeds } = await planRun(store, selected, {
      outletId: await outlet(),
    });
    const tracker = createPullTracker({
      now: deps.now,
      initial: {
        ...summary,
        tier: 'dock',
        dockReady: summary.dockReady || dockReady,
        ...((summary.lastSyncAt ?? lastSyncAt) ? { lastSyncAt: summary.lastSyncAt ?? lastSyncAt } : {}),
        firstSync: !dockReady || lastSyncAt === undefined,
      },
      onResource: (resource, progress) => deps.onProgress(resource, progress),
      onSummary: (next) => {
        summary = next;
        deps.onSummary?.(next);
      },
    });
    for (const seed of seeds) tracker.seed(seed.resource, seed.tier, seed);
    showStalls(tracker);
    // The by-id references this run's pages stored (src/db/byIdRequests.ts): a later page does not send one again.
    const refsStored = new Set<string>();
    const byIdStep = deps.options.byId !== false;
    let failed = false;
    // No page is stored before every total is announced (`counting` below); a count that ended the run
    // (stopped, offline, credentials) lets none be stored.
    let counted: (ok: boolean) => void = () => {};
    const gate = tierGate(afterCounts(store, new Promise<boolean>((resolve) => (counted = resolve))));
    const listDeps = (run: PlannedRun): ListPullDeps => ({
      store: gate[run.resource.tier],
      client: deps.client,
      now: deps.now,
      signal,
      // A resource's own size is a most: a smaller pull page size (tests, a slow link) still applies.
      pageSize: Math.min(run.resource.pageSize ?? pageSize, pageSize),
      overlapMs,
      ...(run.filter ? { filter: run.filter } : {}),
      onProgress: (progress) => tracker.progress(run.resource.name, { ...progress, tier: run.resource.tier }),
      onRefs: (found) => found.forEach((ref) => refsStored.add(refKey(ref))),
      ...(byIdStep ? { refsStored } : {}),
      productStored: gate.productStored,
    });

    /**
     * The records the user asked for by id and the store still waits for (src/db/byIdRequests.ts); with
     * `pulled`, also those that stored pages named, this run's and a killed run's.
     */
    async function requestedRefs(pulled = false): Promise<Ref[]> {
      return (await store.requestedById(pulled ? { pulled } : {})).refs.flatMap((ref) => {
        const name = byIdNameOf(ref.table);
        return name ? [{ resource: name, id: ref.id }] : [];
      });
    }

    /** Runs one step; false when the run must end (stopped, offline, credentials). */
    async function step(name: string, work: () => Promise<unknown>, onFailed?: () => void): Promise<boolean> {
      try {
        await work();
        return true;
      } catch (error) {
        if (signal.aborted || error instanceof CallAbortedError) return false;
        if (isFatal(error)) {
          deps.onFatal(error);
          return false;
        }
        failed = true;
        onFailed?.();
        deps.logger.warn({ event: 'pull-failed', resource: name, detail: String(error) });
        // Said, not only logged: the next run (or Retry) starts it again.
        const interval = deps.options.intervalMs ?? PULL_DEFAULTS.intervalMs;
        tracker.failed(name, new Date(deps.now().getTime() + interval).toISOString());
        return true;
      }
    }

    // Totals first, dock tier first: one small request per unfinished initial pass, a few in flight, announced
    // in the runs' order. A pass that follows another (a light pass's follower) is counted now too and again
    // when its turn comes: counted only then, it joined the total late and the headline jumped (issue 24). They are asked
    // beside the first pages, not before them: waiting for them (the token's request included) held the
    // first page back by a round trip of its own, ~0.6 s of the small demo's first sync (bench/sync). No
    // page is stored before every total is announced (the gate above), so progress is whole before any row
    // lands, as before.
    const counts = runs.filter((run) => run.resource.strategy === 'keyset');
    const counting = inPool(counts, async (run) => {
      let standing: Standing | null = null;
      const ok = await step(run.resource.name, async () => {
        standing = await countKeyset(listDeps(run), run.resource, { cursor: run.cursor });
      });
      return { ok, standing };
    }).then(
      (standings) => {
        tracker.counted(
          standings.flatMap(({ standing }, i) => {
            const { name, tier } = counts[i]!.resource;
            return standing ? [{ resource: name, tier, ...(standing as Standing) }] : [];
          }),
        );
        return standings.every(({ ok }) => ok);
      },
      (error: unknown) => {
        tracker.counted([]);
        throw error;
      },
    );
    void counting.then(counted, () => counted(false));
    try {
      await pullTiers();
    } finally {
      // Nothing of this run is left running unobserved, whichever way it ended.
      await counting.catch(() => false);
    }

    async function pullTiers(): Promise<void> {
      // Records the user asked for by id ("open supplier 123") come first: someone is waiting for them, and a
      // first sync's tiers can take minutes. Only those are read here; the by-id step below does the rest.
      if (byIdStep) {
        const requested = await requestedRefs();
        if (requested.length) {
          const ok = await step('byIdRequested', () =>
            refreshById(
              { store, client: deps.client, now: deps.now, signal, refreshTtlMs, refreshBatch: 0 },
              requested,
            ),
          );
          if (!ok) return;
        }
      }

      /** One resource's pass: false when the run must end; `failed` says whether this pass failed. */
      async function pass(run: PlannedRun): Promise<{ ok: boolean; failed: boolean }> {
        if (run.resource.after || run.resource.openedBy) {
          const { after, openedBy } = run.resource;
          // A store that cannot answer fails this pass, like any of its steps, never the run.
          let due = false;
          const ok = await step(run.resource.name, async () => {
            if (after && !finishedCursor((await store.getCursor({ resource: after })).cursor)) return;
            const own = openedBy ? (await store.getCursor({ resource: run.resource.name })).cursor : null;
            if (openedBy && (!own || finishedCursor(own))) return;
            due = true;
            const standing = await countKeyset(listDeps(run), run.resource);
            if (standing) tracker.announce(run.resource.name, run.resource.tier, standing);
          });
          if (!ok || !due) return { ok, failed: false };
        }
        let passFailed = false;
        const ok = await step(
          run.resource.name,
          async () => {
            if (run.resource.strategy === 'keyset') await pullKeyset(listDeps(run), run.resource);
            else await pullList(listDeps(run), run.resource);
            deps.onProgress(run.resource.name, undefined, deps.now().toISOString());
          },
          () => (passFailed = true),
        );
        return { ok, failed: passFailed };
      }

      // A tier's passes run in lanes (./lanes.ts): a pass waits only for the passes it follows, so the small
      // lists are stored while the renderer stores the heavy order pages, instead of after them.
      let stop = false;
      const runTier = (tier: Tier) =>
        inPool(
          lanesOf(runs.filter((r) => r.resource.tier === tier)),
          async (lane) => {
            let laneFailed = false;
            for (const run of lane) {
              if (stop || signal.aborted) return { ok: false, failed: laneFailed };
              const result = await pass(run);
              laneFailed ||= result.failed;
              if (!result.ok) {
                stop = true;
                return { ok: false, failed: laneFailed };
              }
            }
            return { ok: true, failed: laneFailed };
          },
          PASSES_IN_FLIGHT,
        );
      tracker.update({ tier: 'dock' });
      const dock = runTier('dock');
      // The background tier starts asking once the dock tier stores its first page; it stores nothing before
      // the dock tier has finished (./tierGate.ts).
      const background = gate.started.then(() => runTier('background'));
      // Settled below in every case; until then a failure must not count as unhandled.
      background.catch(() => {});
      const dockResults = await dock.catch((error: unknown) => {
        gate.open(false);
        throw error;
      });
      const dockOk = !signal.aborted && dockResults.every((r) => r.ok);
      if (dockOk) {
        if (!dockResults.some((r) => r.failed)) tracker.update({ dockReady: true });
        tracker.update({ tier: 'background' });
      }
      gate.open(dockOk);
      const backgroundResults = await background;
      if (!dockOk || signal.aborted || backgroundResults.some((r) => !r.ok)) return;

      // The sweep and the by-id records go side by side: different tables, different requests, and each
      // waited for the other's round trips (~0.2 s of the small demo's first sync, bench/sync).
      const sweep = async () =>
        wanted && !wanted.includes(PRODUCT_SUPPLIERS)
          ? true
          : step(PRODUCT_SUPPLIERS, async () => {
              await sweepProductSuppliers({
                store,
                client: deps.client,
                now: deps.now,
                signal,
                refreshTtlMs,
                batch: deps.options.productSuppliersBatch ?? PULL_DEFAULTS.productSuppliersBatch,
              });
              deps.onProgress(PRODUCT_SUPPLIERS, undefined, deps.now().toISOString());
            });
      const byId = async () =>
        !byIdStep
          ? true
          : // Requests made while this run was under way are read again: they need not wait for the next run.
            // The references come from the store, where each page kept its own: a page a killed run stored
            // is skipped by this one, and only the store still knows what it named.
            step('byId', async () =>
              refreshById(
                { store, client: deps.client, now: deps.now, signal, refreshTtlMs },
                await requestedRefs(true),
              ),
            );
      const finished = await Promise.all([sweep(), byId()]);
      if (!finished.every(Boolean)) return;
      if (!failed) {
        const at = deps.now().toISOString();
        const cursor = { resource: LAST_RUN, modifiedOn: at, id: 0, completedAt: at };
        if (!(await step(LAST_RUN, () => store.applyPulledPage({ writes: [], cursor, at })))) return;
        tracker.update({ tier: 'idle', lastSyncAt: at });
      } else tracker.update({ tier: 'idle' });
    }
  }

  return { run, describe, retryNow: () => current?.retryNow() };
}
