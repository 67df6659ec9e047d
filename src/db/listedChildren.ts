/**
 * Children a pulled page lists in full (a PO's lines with include_items): the cached children of the page's
 * parents that the page leaves out were deleted on the server, so the store deletes them in the same
 * transaction as the page's first rows.
 *
 * The engine used to ask for those children (keysWhere) before sending each page: a store round trip per
 * page, and in the renderer a read of the lines table queued between the pull worker's writes to it. In the
 * large demo's dock tier that wait was 100–475 ms a page, on the engine's path to the next page (bench/sync,
 * session 11). Here it is one indexed read inside a write the store makes anyway.
 */
import { deleteServerRows, keyOf } from './cacheRows';
import type { CacheKey, CacheWrite } from './cacheWrites';
import type { DockhandDb } from './schema';
import type { PortRequest } from './storePort';

export type ListedChildren = NonNullable<PortRequest<'applyPulledPage'>['listedChildren']>;

/** Keys of `table`'s rows whose `field` is one of `values` (by its index when it has one). */
export async function keysWhereField(
  db: DockhandDb,
  table: CacheWrite['table'],
  field: string,
  values: readonly number[],
): Promise<CacheKey[]> {
  const target = db.table(table);
  const indexed = target.schema.indexes.some((index) => index.keyPath === field);
  const keys = indexed
    ? await target
        .where(field)
        .anyOf([...values])
        .primaryKeys()
    : await target
        .filter((row: Record<string, unknown>) => values.includes(row[field] as number))
        .primaryKeys();
  return keys as CacheKey[];
}

/**
 * Deletes the cached children of `listed.parents` that no put of `writes` to `listed.table` names: server
 * keys only (a temp row is a local create still queued), and rows with pending ops stay (deleteServerRows).
 * Runs inside the caller's transaction, which covers `listed.table`.
 */
export async function deleteUnlistedChildren(
  db: DockhandDb,
  listed: ListedChildren,
  writes: readonly CacheWrite[],
): Promise<number> {
  if (listed.parents.length === 0) return 0;
  const named = new Set<CacheKey>();
  for (const write of writes) {
    if (write.table !== listed.table) continue;
    for (const row of write.put ?? []) named.add(keyOf(db, listed.table, row as Record<string, unknown>));
  }
  const cached = await keysWhereField(db, listed.table, listed.parentField, listed.parents);
  const gone = cached.filter((key) => typeof key === 'number' && key > 0 && !named.has(key));
  if (gone.length === 0) return 0;
  return (await deleteServerRows(db, listed.table, gone)).deleted;
}
