/**
 * The store port's pull, status and housekeeping methods over Dexie.
 *
 * A pulled page is applied in slices (./pullSlices.ts), one transaction each, with the host given the
 * thread between them, so a 500-row page never freezes the renderer. The cursor that follows the page is
 * written with its LAST slice: after a crash the cursor never points past rows that were not stored. A crash
 * between slices leaves the earlier slices stored under the old cursor, and the page is pulled again: its
 * rows already stored have the same `modified_on` and are left unchanged (./cacheRows.ts de-duplication),
 * rows with pending edits are rebased again over the same server copy, and deletes of absent rows do
 * nothing, so the replay is harmless.
 *
 * The by-id records the page's rows name (`refs`) are kept with its cursor, in that last slice, so a stored
 * page always has its references kept for the by-id step (./byIdRequests.ts), even if the run dies before it.
 */
import {
  forgetPulledRefs,
  keepPulledRefs,
  pulledRefs,
  settleByIdRequests,
  waitingByIdRequests,
} from './byIdRequests';
import { deleteServerRows, putServerRows } from './cacheRows';
import { countOutbox } from './outboxCounts';
import type { CacheKey, CacheWrite } from './cacheWrites';
import { deleteUnlistedChildren, keysWhereField } from './listedChildren';
import { inPassOrder } from './pageChains';
import { pendingRowsKey } from './pendingRows';
import {
  ACTIVE_SLICE_SIZING,
  currentThreadPace,
  DEFAULT_SLICE_SIZING,
  nextSliceRows,
  takeSlice,
  yieldToHost,
  type Pace,
  type SliceSizing,
} from './pullSlices';
import type { DockhandDb, LocalMeta } from './schema';
import type { StorePort } from './storePort';
import { cleanResolvedTempIds } from './tempIds';

type PullMethods = Pick<
  StorePort,
  | 'getCursor'
  | 'applyPulledPage'
  | 'staleIds'
  | 'requestedById'
  | 'forgetPulledRefs'
  | 'keysWhere'
  | 'countByState'
  | 'prune'
>;

export interface PullApplyOptions {
  sizing?: SliceSizing;
  /** Between two slices of a page (tests inject one to look at the store mid-page). */
  yieldToHost?: () => Promise<void>;
  /** A clock in ms, for sizing slices by what they took. */
  now?: () => number;
  /**
   * The user's side (./pullSlices.ts `UserPace`): while they are active the page waits between slices and
   * takes small ones (`activeSizing`). Without one, the thread's own (`currentThreadPace`), if any.
   */
  pace?: Pace;
  activeSizing?: SliceSizing;
}

/** Rows the slice that writes a page's cursor takes at most (lastSliceApart below). */
const LAST_SLICE_ROWS = 20;

/**
 * Rows for the next slice, leaving the last LAST_SLICE_ROWS of the page to a slice of their own: that one
 * also writes the cursor, and every read of the cursors (the engine's, at each pass) waits for it. A
 * cursor slice of 2,000 rows of a heavy page kept those reads waiting long enough under load for the
 * store port to give up on them (30 s).
 */
function lastSliceApart(rest: readonly CacheWrite[], rows: number): number {
  const left = rest.reduce((sum, write) => sum + (write.put?.length ?? 0) + (write.delete?.length ?? 0), 0);
  return left > LAST_SLICE_ROWS && left <= rows ? left - LAST_SLICE_ROWS : rows;
}

export function createPullMethods(db: DockhandDb, options: PullApplyOptions = {}): PullMethods {
  const sizing = options.sizing ?? DEFAULT_SLICE_SIZING;
  const pause = options.yieldToHost ?? yieldToHost;
  const now = options.now ?? (() => performance.now());
  const activeSizing = options.activeSizing ?? ACTIVE_SLICE_SIZING;
  // Per table (a product row costs several times a return reason), kept across pages: a table's next page
  // starts at the size its last one ended with. One size for all let a quick table grow the slice a slow
  // one then took whole (bench/sync --profile: 500 ms tasks of bulkPut and bulkGet).
  const sliceRows = new Map<string, number>();
  // The same while the user is active: a table's small slices learn apart from its idle ones.
  const activeRows = new Map<string, number>();

  const methods: PullMethods = {
    async getCursor({ resource }) {
      return { cursor: (await db.cursors.get(resource)) ?? null };
    },

    async applyPulledPage({ writes, cursor, at, listedChildren, refs }) {
      const totals = { written: 0, unchanged: 0, rebased: 0, deleted: 0 };
      let rest = writes;
      // The children the page leaves out go with its first slice (./listedChildren.ts).
      let unlisted = listedChildren;
      const pace = options.pace ?? currentThreadPace();
      let paused = 0;
      for (;;) {
        // The user first (issue #24): while they are active the page waits, within its budget, then
        // goes on in small slices, so their reads never queue behind a long write.
        if (pace?.active() && paused < pace.policy.pageBudgetMs) {
          const waited = await pace.settle(
            Math.min(pace.policy.maxPauseMs, pace.policy.pageBudgetMs - paused),
          );
          // At least 1 ms a pause, so the budget runs out even on a clock that stood still.
          paused += Math.max(1, waited);
        }
        const active = pace?.active() ?? false;
        const [modeSizing, modeRows] = active ? [activeSizing, activeRows] : [sizing, sliceRows];
        const table = rest[0]?.table ?? '';
        const rows = modeRows.get(table) ?? modeSizing.startRows;
        const asked = lastSliceApart(rest, rows);
        const { slice, rest: after } = takeSlice(rest, asked);
        const last = after.length === 0;
        const started = now();
        const children = unlisted;
        unlisted = undefined;
        const touched = [...slice.map((w) => w.table), ...(children ? [children.table] : [])];
        const tables = [...new Set(touched.map((name) => db.table(name))), db.meta];
        await db.transaction('rw', last ? [...tables, db.cursors] : tables, async () => {
          if (children) totals.deleted += await deleteUnlistedChildren(db, children, writes);
          for (const write of slice) {
            await settleByIdRequests(db, write, at);
            if (write.delete?.length)
              totals.deleted += (await deleteServerRows(db, write.table, write.delete)).deleted;
            if (!write.put?.length) continue;
            const result = await putServerRows(db, write.table, write.put, at, true);
            totals.written += result.written;
            totals.unchanged += result.unchanged;
            totals.rebased += result.rebased;
          }
          // Before the cursor: the cursor's write failing takes the references with it too.
          if (last && refs) await keepPulledRefs(db, refs, at);
          if (last && cursor) await db.cursors.put(cursor);
        });
        // Only a full slice says what `sliceRows` rows cost (a page's short tail is mostly fixed cost).
        if (!last && asked === rows) modeRows.set(table, nextSliceRows(rows, now() - started, modeSizing));
        if (last) return totals;
        rest = after;
        await pause();
      }
    },

    async staleIds({ table, ids, fetchedBefore, limit }) {
      const target = db.table(table);
      const isStale = (row: LocalMeta | undefined) =>
        row?._fetchedAt === undefined || row._fetchedAt < fetchedBefore;
      if (!ids) {
        const keys = await target
          .filter((row: LocalMeta & { id: number }) => row.id > 0 && isStale(row))
          .limit(limit ?? 100)
          .primaryKeys();
        return { ids: keys as number[] };
      }
      const unique = [...new Set(ids)];
      const rows = (await target.bulkGet(unique)) as (LocalMeta | undefined)[];
      return { ids: unique.filter((_, i) => isStale(rows[i])).slice(0, limit ?? unique.length) };
    },

    async requestedById({ pulled }) {
      const asked = (await waitingByIdRequests(db)).map(({ table, id }) => ({ table, id }));
      return { refs: pulled ? [...asked, ...(await pulledRefs(db))] : asked };
    },

    async forgetPulledRefs({ refs }) {
      await forgetPulledRefs(db, refs);
      return {};
    },

    async keysWhere({ table, field, values, after, limit }) {
      const target = db.table(table);
      if (field === undefined) {
        let rows = after === undefined ? target.toCollection() : target.where(':id').above(after);
        if (limit !== undefined) rows = rows.limit(limit);
        return { keys: (await rows.primaryKeys()) as CacheKey[] };
      }
      return { keys: await keysWhereField(db, table, field, values ?? []) };
    },

    countByState: async () => ({ counts: await countOutbox(db) }),

    prune: ({ before, tempIdsResolvedBefore }) =>
      db.transaction('rw', db.outbox, db.meta, db.tempIds, async () => {
        const old = await db.outbox
          .where('state')
          .anyOf('done', 'discarded')
          .filter((op) => (op.lastAttemptAt ?? op.createdAt) < before)
          .toArray();
        await db.outbox.bulkDelete(old.map((op) => op.seq!));
        await db.meta.bulkDelete(old.map((op) => pendingRowsKey(op.id)));
        if (tempIdsResolvedBefore === undefined) return { pruned: old.length };
        return { pruned: old.length, tempIds: await cleanResolvedTempIds(db, tempIdsResolvedBefore) };
      }),
  };
  // Pages of one pass in order, each only after the one before it was stored (./pageChains.ts).
  methods.applyPulledPage = inPassOrder(methods.applyPulledPage.bind(methods));
  return methods;
}
