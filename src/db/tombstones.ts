/**
 * Tombstones: the keys of rows a queued delete removed locally. Until that delete is done (or discarded),
 * a server copy of the row (a pull page, another op's response) must not bring it back: the user deleted
 * it, and the server simply has not heard yet. A rebase cannot do this, since there is no local row left to
 * carry `_pendingOps`.
 *
 * Kept in `meta` under `tombstone:<table>:<key>` with the ids of the ops that deleted it (an undo restores
 * the row only when no other queued op deleted it too). Written with the op (outbox, same transaction) and
 * dropped when the op's rows are released (done) or undone (discarded), from its pending-row record.
 */
import type { CacheKey } from './cacheWrites';
import type { CacheTable, DockhandDb } from './schema';

interface Tombstone {
  table: CacheTable;
  key: CacheKey;
  ops: string[];
}

const tombstoneKey = (table: CacheTable, key: CacheKey) => `tombstone:${table}:${JSON.stringify(key)}`;

export async function addTombstone(db: DockhandDb, table: CacheTable, key: CacheKey, opId: string) {
  const id = tombstoneKey(table, key);
  const existing = (await db.meta.get(id))?.value as Tombstone | undefined;
  const ops = [...new Set([...(existing?.ops ?? []), opId])];
  await db.meta.put({ key: id, value: { table, key, ops } satisfies Tombstone });
}

/** The op no longer holds the row deleted; the tombstone goes with its last op. */
export async function dropTombstone(db: DockhandDb, table: CacheTable, key: CacheKey, opId: string) {
  const id = tombstoneKey(table, key);
  const existing = (await db.meta.get(id))?.value as Tombstone | undefined;
  if (!existing) return;
  const ops = existing.ops.filter((op) => op !== opId);
  if (ops.length) await db.meta.put({ key: id, value: { ...existing, ops } });
  else await db.meta.delete(id);
}

/** The tombstone follows its row's key from a temp id to the server id. */
export async function moveTombstone(db: DockhandDb, table: CacheTable, from: CacheKey, to: CacheKey) {
  const entry = await db.meta.get(tombstoneKey(table, from));
  if (!entry) return;
  await db.meta.delete(tombstoneKey(table, from));
  const moved = { ...(entry.value as Tombstone), key: to };
  const existing = (await db.meta.get(tombstoneKey(table, to)))?.value as Tombstone | undefined;
  if (existing) moved.ops = [...new Set([...existing.ops, ...moved.ops])];
  await db.meta.put({ key: tombstoneKey(table, to), value: moved });
}

/** For each key, whether a queued delete holds it deleted. */
export async function areTombstoned(
  db: DockhandDb,
  table: CacheTable,
  keys: readonly CacheKey[],
): Promise<boolean[]> {
  if (keys.length === 0) return [];
  // Tombstones are few (one per queued delete) and pulled pages many rows: when the table has none, one
  // range read answers for every key instead of a read per key.
  const prefix = `tombstone:${table}:`;
  if ((await db.meta.where('key').between(prefix, `${prefix}\uffff`).count()) === 0)
    return keys.map(() => false);
  const entries = await db.meta.bulkGet(keys.map((key) => tombstoneKey(table, key)));
  return entries.map((entry) => entry !== undefined);
}
