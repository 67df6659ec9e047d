/**
 * Which cache rows each queued op changed, which fields, and what they held before: written by the outbox
 * with the op (same transaction), read when a server version of the row arrives (rebase), when the op's
 * temp ids resolve (rewrite), and when the user discards it (undo).
 *
 * Kept in the `meta` table under `pendingRows:<opId>` so the cache tables need no extra index: a row's
 * `_pendingOps` says THAT it has local edits; this record says WHICH fields.
 */
import type { CacheKey } from './cacheWrites';
import type { CacheTable, DockhandDb } from './schema';

export interface PendingRow {
  table: CacheTable;
  key: CacheKey;
  /** Top-level fields the op changed on the row. */
  fields: string[];
  /** The row's values of those fields before the op, or null when the op created the row. */
  before: Record<string, unknown> | null;
  /**
   * The op deleted the row (./tombstones.ts holds it deleted meanwhile); `before` is then the whole row, put
   * back if the op is discarded, or null when the row was not cached.
   */
  deleted?: true;
}

export const pendingRowsKey = (opId: string) => `pendingRows:${opId}`;

export function sameKey(a: CacheKey, b: CacheKey): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export async function readPendingRows(db: DockhandDb, opId: string): Promise<PendingRow[]> {
  const entry = await db.meta.get(pendingRowsKey(opId));
  return (entry?.value as PendingRow[] | undefined) ?? [];
}

export async function writePendingRows(db: DockhandDb, opId: string, rows: PendingRow[]): Promise<void> {
  if (rows.length === 0) await db.meta.delete(pendingRowsKey(opId));
  else await db.meta.put({ key: pendingRowsKey(opId), value: rows });
}

/** The fields the given pending ops changed on one row: these keep their local values on a rebase. */
export async function pendingFieldsOf(
  db: DockhandDb,
  opIds: readonly string[],
  table: CacheTable,
  key: CacheKey,
  except?: string,
): Promise<Set<string>> {
  const fields = new Set<string>();
  const entries = await db.meta.bulkGet(opIds.filter((id) => id !== except).map(pendingRowsKey));
  for (const entry of entries) {
    for (const row of (entry?.value as PendingRow[] | undefined) ?? []) {
      if (row.table === table && sameKey(row.key, key)) for (const field of row.fields) fields.add(field);
    }
  }
  return fields;
}

/**
 * Rebase (rows with pending local edits are rebased, not overwritten; docs/architecture.md): the server's
 * row, with the local value of every field a pending op changed, and the local bookkeeping. Fields the
 * pending ops did not touch take the server's value, so a concurrent server change to another field is seen
 * at once; the pending op itself decides (3-way merge before its PUT) what finally lands on the server.
 */
export function rebase(
  server: Record<string, unknown>,
  local: Record<string, unknown>,
  localFields: ReadonlySet<string>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...server };
  for (const field of localFields) if (field in local) out[field] = local[field];
  if (local._pendingOps !== undefined) out._pendingOps = local._pendingOps;
  if (local._temp !== undefined) out._temp = local._temp;
  return out;
}
