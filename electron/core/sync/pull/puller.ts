/**
 * One pull run, by tier (./resources.ts): first the dock tier (open purchase orders with their lines and
 * products, this PC's outlet first during the first sync), then "dock-ready", then the background tier
 * (history, invoices, customers, credit notes, reference lists), a batch of the product supplier sweep
 * (./productSuppliers.ts, on its TTL) and the by-id resources the records referenced (on their TTL).
 *
 * Before pulling anything the run announces every unfinished initial pass with its total (./progress.ts),
 * so progress is whole from second 0, and a restart with a complete cache reports dock-ready and its last
 * sync at once, from the cursors, then pulls only what changed since them.
 *
 * A failure of one resource is logged and the run goes on with the next; losing the network or the
 * credentials ends the run (the engine's connectivity and auth handling take over).
 */
import type { StorePort } from '../../../../src/db/storePort';
import { ApiCallError, CallAbortedError } from '../../api/errors';
import type { ApiClient } from '../../api/types';
import type { PullOptions, PullProgress, PullSummary, SyncLogger } from '../types';
import { refreshById } from './byId';
import { countKeyset, pullKeyset, pullList, type ListPullDeps } from './lists';
import { lanesOf, PASSES_IN_FLIGHT } from './lanes';
import { inPool } from './pool';
import { tierGate } from './tierGate';
import { withPageStore } from './withPageStore';
import { createPullTracker } from './progress';
import { PRODUCT_SUPPLIERS, sweepProductSuppliers } from './productSuppliers';
import {
  BY_ID_RESOURCES,
  LIST_RESOURCES,
  type ByIdName,
  type ListResource,
  type PullContext,
  type Ref,
  type Tier,
} from './resources';

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

/** A cursor row that only records when a run last completed every resource ("Last sync" after a restart). */
export const LAST_RUN = 'lastCompleteRun';

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
}

export interface Puller {
  run(signal: AbortSignal): Promise<void>;
  /**
   * Reports what the cursors say before any run: dock-ready and the last sync of a complete cache, so a
   * start while offline says them too (never "never" with a full cache).
   */
  describe(): Promise<void>;
}

/** Engine options whose pull (unless turned off) starts with this outlet's open orders. */
export function withPriorityOutlet<T extends { pull?: PullOptions | false }>(
  engine: T,
  outletId: number | null,
): T {
  if (outletId === null || engine.pull === false) return engine;
  return { ...engine, pull: { ...engine.pull, priorityOutlet: () => outletId } };
}

export const IDLE_SUMMARY: PullSummary = {
  tier: 'idle',
  dockReady: false,
  firstSync: true,
  done: 0,
  total: 0,
};

function isFatal(error: unknown): error is ApiCallError {
  return (
    error instanceof ApiCallError &&
    (error.kind === 'auth' || (error.kind === 'transient' && error.details.delivery !== 'yes'))
  );
}

type Cursor = Awaited<ReturnType<StorePort['getCursor']>>['cursor'];
const finishedCursor = (cursor: Cursor) =>
  cursor !== null && (cursor.initial === undefined || cursor.initial.finished);

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

  async function outlet(): Promise<number | null> {
    try {
      return (await deps.options.priorityOutlet?.()) ?? null;
    } catch (error) {
      deps.logger.warn({ event: 'pull-outlet-unknown', detail: String(error) });
      return null;
    }
  }

  /** This run's resources with their filters, and what the cursors say before anything is pulled. */
  async function plan(context: PullContext) {
    // Read together: each is a round trip to the renderer's store, and a start waited for them one by one.
    const read = await Promise.all(
      selected.map((resource) => deps.store.getCursor({ resource: resource.name })),
    );
    const cursors = new Map<string, Cursor>(selected.map((resource, i) => [resource.name, read[i]!.cursor]));
    const runs: { resource: ListResource; filter: ListPullDeps['filter']; cursor: Cursor }[] = [];
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
    const { cursor: lastRun } = await deps.store.getCursor({ resource: LAST_RUN });
    const lastSyncAt = complete
      ? (lastRun?.completedAt ?? cached.map((cursor) => cursor!.completedAt).sort()[0])
      : undefined;
    return { runs, dockReady, lastSyncAt };
  }

  async function describe(): Promise<void> {
    try {
      const { dockReady, lastSyncAt } = await plan({ outletId: null });
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
    const { runs, dockReady, lastSyncAt } = await plan({ outletId: await outlet() });
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
    const refs: Ref[] = [];
    let failed = false;
    // No page is stored before every total is announced (`counting` below); a count that ended the run
    // (stopped, offline, credentials) lets none be stored.
    let counted: (ok: boolean) => void = () => {};
    const gate = tierGate(afterCounts(deps.store, new Promise<boolean>((resolve) => (counted = resolve))));
    const listDeps = (run: (typeof runs)[number]): ListPullDeps => ({
      store: gate[run.resource.tier],
      client: deps.client,
      now: deps.now,
      signal,
      // A resource's own size is a most: a smaller pull page size (tests, a slow link) still applies.
      pageSize: Math.min(run.resource.pageSize ?? pageSize, pageSize),
      overlapMs,
      ...(run.filter ? { filter: run.filter } : {}),
      onProgress: (progress) => tracker.progress(run.resource.name, { ...progress, tier: run.resource.tier }),
      onRefs: (found) => refs.push(...found),
    });

    /** The records the user asked for by id and the store still waits for (src/db/byIdRequests.ts). */
    async function requestedRefs(): Promise<Ref[]> {
      return (await deps.store.requestedById({})).refs.flatMap((ref) => {
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
        return true;
      }
    }

    // Totals first, dock tier first: one small request per unfinished initial pass (a pass that waits for
    // another is counted when its turn comes), a few in flight, announced in the runs' order. They are asked
    // beside the first pages, not before them: waiting for them (the token's request included) held the
    // first page back by a round trip of its own, ~0.6 s of the small demo's first sync (bench/sync). No
    // page is stored before every total is announced (the gate above), so progress is whole before any row
    // lands, as before.
    const counts = runs.filter(
      (run) => run.resource.strategy === 'keyset' && !run.resource.after && !run.resource.openedBy,
    );
    const counting = inPool(counts, async (run) => {
      let standing: Awaited<ReturnType<typeof countKeyset>> = null;
      const ok = await step(run.resource.name, async () => {
        standing = await countKeyset(listDeps(run), run.resource, { cursor: run.cursor });
      });
      return { ok, standing };
    }).then((standings) => {
      for (const [i, { standing }] of standings.entries())
        if (standing) tracker.announce(counts[i]!.resource.name, counts[i]!.resource.tier, standing);
      return standings.every(({ ok }) => ok);
    });
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
      if (deps.options.byId !== false) {
        const requested = await requestedRefs();
        if (requested.length) {
          const ok = await step('byIdRequested', () =>
            refreshById(
              {
                store: deps.store,
                client: deps.client,
                now: deps.now,
                signal,
                refreshTtlMs,
                refreshBatch: 0,
              },
              requested,
            ),
          );
          if (!ok) return;
        }
      }

      /** One resource's pass: false when the run must end; `failed` says whether this pass failed. */
      async function pass(run: (typeof runs)[number]): Promise<{ ok: boolean; failed: boolean }> {
        if (run.resource.after || run.resource.openedBy) {
          const { after, openedBy } = run.resource;
          // A store that cannot answer fails this pass, like any of its steps, never the run.
          let due = false;
          const ok = await step(run.resource.name, async () => {
            if (after && !finishedCursor((await deps.store.getCursor({ resource: after })).cursor)) return;
            const own = openedBy
              ? (await deps.store.getCursor({ resource: run.resource.name })).cursor
              : null;
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
                store: deps.store,
                client: deps.client,
                now: deps.now,
                signal,
                refreshTtlMs,
                batch: deps.options.productSuppliersBatch ?? PULL_DEFAULTS.productSuppliersBatch,
              });
              deps.onProgress(PRODUCT_SUPPLIERS, undefined, deps.now().toISOString());
            });
      const byId = async () =>
        deps.options.byId === false
          ? true
          : // Requests made while this run was under way are read again: they need not wait for the next run.
            step('byId', async () =>
              refreshById({ store: deps.store, client: deps.client, now: deps.now, signal, refreshTtlMs }, [
                ...(await requestedRefs()),
                ...refs,
              ]),
            );
      const finished = await Promise.all([sweep(), byId()]);
      if (!finished.every(Boolean)) return;
      if (!failed) {
        const at = deps.now().toISOString();
        const cursor = { resource: LAST_RUN, modifiedOn: at, id: 0, completedAt: at };
        if (!(await step(LAST_RUN, () => deps.store.applyPulledPage({ writes: [], cursor, at })))) return;
        tracker.update({ tier: 'idle', lastSyncAt: at });
      } else tracker.update({ tier: 'idle' });
    }
  }

  return { run, describe };
}
