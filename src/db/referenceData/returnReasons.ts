/**
 * Supplier return reasons: the list's tri-state deleted filter, and the soft delete. The API keeps a
 * deleted reason readable with `deleted: true` and its `deleted_on` (returns filed under it still name it),
 * never renames it, and has no way to restore it (src/api/endpoints/suppliers.ts has create, search, read,
 * rename and delete only; server/README.md, "Parties and reference data"). Its name is free again, so a new
 * reason may take it. DOM-free.
 */
import type { SupplierReturnReason } from '../../api/resources';
import type { OpRecord } from '../ops';
import { editTables, enqueue } from '../outbox';
import type { DockhandDb, LocalMeta } from '../schema';
import type { ListRow } from './listRows';
import { serverRecordOf } from '../edits/queueEdit';

export type CachedReturnReason = Omit<SupplierReturnReason, 'id'> & { id: number } & LocalMeta;

/** The list's filter, as the API's `is_deleted` is: live only, deleted only, or (null) both. */
export const DELETED_FILTERS = ['live', 'deleted'] as const;
export type DeletedFilter = (typeof DELETED_FILTERS)[number];

export function filterReasons<R extends ListRow<CachedReturnReason>>(
  rows: readonly R[],
  filter: DeletedFilter | null,
): R[] {
  return filter === null ? [...rows] : rows.filter((row) => row.record.deleted === (filter === 'deleted'));
}

/** What the API allows, said where a deleted reason is shown. */
export const NO_RESTORE =
  'The back office cannot restore a deleted reason (its API has no way to). Its name is free again: create a new reason with it if it is needed.';

/**
 * Queues `deleteSupplierReturnReason` and marks the cached reason deleted at once, dated now, in one
 * transaction. The reason as the user saw it goes with the op: the engine writes it back deleted when the
 * server's 204 (which carries no record) arrives (electron/core/sync/ops/referenceData.ts).
 */
export async function deleteReturnReason(
  db: DockhandDb,
  id: number,
  options: { now?: Date } = {},
): Promise<{ ok: true; op: OpRecord } | { ok: false; message: string }> {
  const now = options.now ?? new Date();
  return db.transaction('rw', editTables(db), async () => {
    const reason = (await db.returnReasons.get(id)) as CachedReturnReason | undefined;
    if (!reason) return { ok: false, message: 'This return reason is not on this computer any more.' };
    if (reason.deleted) return { ok: false, message: 'This return reason is already deleted.' };
    const base = serverRecordOf(reason);
    const op = await enqueue(db, {
      kind: 'deleteSupplierReturnReason',
      params: { id },
      baseVersion: base,
      cacheChanges: [
        { table: 'returnReasons', put: [{ ...base, deleted: true, deleted_on: now.toISOString() }] },
      ],
      label: `Delete return reason ‘${reason.name ?? id}’`,
      now,
    });
    return { ok: true, op };
  });
}
