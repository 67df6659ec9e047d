/**
 * The store port's pull, status and housekeeping methods over Dexie. A pulled page and the cursor that
 * follows it are written in one transaction, so after a crash the cursor never points past rows that were
 * not stored (and never behind rows that were: the overlap window plus de-duplication absorb a replay).
 */
import { deleteServerRows, putServerRows } from './cacheRows';
import { OP_STATES } from './ops';
import type { CacheKey } from './cacheWrites';
import { pendingRowsKey } from './pendingRows';
import type { DockhandDb, LocalMeta } from './schema';
import { emptyCounts, type StorePort } from './storePort';
import { cleanResolvedTempIds } from './tempIds';

type PullMethods = Pick<
  StorePort,
  'getCursor' | 'applyPulledPage' | 'staleIds' | 'keysWhere' | 'countByState' | 'prune'
>;

export function createPullMethods(db: DockhandDb): PullMethods {
  return {
    async getCursor({ resource }) {
      return { cursor: (await db.cursors.get(resource)) ?? null };
    },

    applyPulledPage: ({ writes, cursor, at }) =>
      db.transaction(
        'rw',
        [...new Set(writes.map((w) => db.table(w.table))), db.cursors, db.meta],
        async () => {
          const totals = { written: 0, unchanged: 0, rebased: 0, deleted: 0 };
          for (const write of writes) {
            if (write.delete?.length)
              totals.deleted += (await deleteServerRows(db, write.table, write.delete)).deleted;
            if (!write.put?.length) continue;
            const result = await putServerRows(db, write.table, write.put, at, true);
            totals.written += result.written;
            totals.unchanged += result.unchanged;
            totals.rebased += result.rebased;
          }
          if (cursor) await db.cursors.put(cursor);
          return totals;
        },
      ),

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

    async keysWhere({ table, field, values, after, limit }) {
      const target = db.table(table);
      if (field === undefined) {
        let rows = after === undefined ? target.toCollection() : target.where(':id').above(after);
        if (limit !== undefined) rows = rows.limit(limit);
        return { keys: (await rows.primaryKeys()) as CacheKey[] };
      }
      const wanted = values ?? [];
      const indexed = target.schema.indexes.some((index) => index.keyPath === field);
      const keys = indexed
        ? await target.where(field).anyOf(wanted).primaryKeys()
        : await target
            .filter((row: Record<string, unknown>) => wanted.includes(row[field] as number))
            .primaryKeys();
      return { keys: keys as CacheKey[] };
    },

    // One read transaction: an op moving between two of the counts must not be counted in both.
    countByState: () =>
      db.transaction('r', db.outbox, async () => {
        const counts = emptyCounts();
        for (const state of OP_STATES) counts[state] = await db.outbox.where('state').equals(state).count();
        return { counts };
      }),

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
}
