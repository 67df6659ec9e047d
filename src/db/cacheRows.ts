/**
 * Cache-row operations the store runs inside its transactions: writing server rows (rebased over pending
 * local edits), rewriting rows from temp ids to server ids, releasing a finished op's rows and undoing a
 * discarded op's edits. Callers own the transaction; every function here assumes it runs inside one that
 * covers the cache tables and `meta`.
 */
import type { CacheKey, CacheWrite } from './cacheWrites';
import {
  pendingFieldsOf,
  readPendingRows,
  rebase,
  sameKey,
  writePendingRows,
  type PendingRow,
} from './pendingRows';
import type { CacheTable, DockhandDb, LocalMeta } from './schema';
import { remapTempIds } from './tempRefs';
import { areTombstoned, dropTombstone, moveTombstone } from './tombstones';

type Row = Record<string, unknown> & LocalMeta;

function tableOf(db: DockhandDb, name: CacheTable) {
  return db.table<Row, CacheKey>(name);
}

/** The primary key of a row of `table` (a number, or `[product_id, supplier_code]`). */
export function keyOf(db: DockhandDb, table: CacheTable, row: Row): CacheKey {
  const path = tableOf(db, table).schema.primKey.keyPath;
  if (Array.isArray(path)) return path.map((part) => row[part]) as [number, string];
  return row[path as string] as number;
}

function isTempKey(key: CacheKey): boolean {
  return typeof key === 'number' ? key < 0 : key[0] < 0;
}

/**
 * Server rows: rows with pending ops are rebased, others replaced, and rows a queued delete removed stay
 * removed (./tombstones.ts). With `dedupe`, a row whose stored copy has the same `modified_on` (and no
 * pending ops) is left as it is: re-reading the overlap window of a pull then costs no writes and is not
 * counted as new.
 */
export async function putServerRows(
  db: DockhandDb,
  table: CacheTable,
  rows: readonly unknown[],
  at: string,
  dedupe = false,
): Promise<{ written: number; rebased: number; unchanged: number }> {
  const target = tableOf(db, table);
  const incoming = rows.map((row) => row as Row);
  const keys = incoming.map((row) => keyOf(db, table, row));
  const existing = await target.bulkGet(keys);
  const deleted = await areTombstoned(db, table, keys);
  const out: Row[] = [];
  let rebased = 0;
  let unchanged = 0;
  for (const [i, row] of incoming.entries()) {
    const local = existing[i];
    if (deleted[i]) {
      unchanged++;
      continue;
    }
    const server: Row = { ...row, _fetchedAt: at };
    if (local?._pendingOps?.length) {
      const fields = await pendingFieldsOf(db, local._pendingOps, table, keyOf(db, table, row));
      out.push(rebase(server, local, fields) as Row);
      rebased++;
    } else if (dedupe && local && 'modified_on' in row && local.modified_on === row.modified_on) {
      unchanged++;
    } else out.push(server);
  }
  await target.bulkPut(out);
  return { written: out.length - rebased, rebased, unchanged };
}

/** Deletes rows the server no longer has, except rows with pending ops (their op's own error shows it). */
export async function deleteServerRows(db: DockhandDb, table: CacheTable, keys: readonly CacheKey[]) {
  const target = tableOf(db, table);
  const rows = await target.bulkGet([...keys]);
  const deletable = keys.filter((_, i) => !rows[i]?._pendingOps?.length);
  await target.bulkDelete(deletable);
  return { deleted: deletable.length, kept: keys.length - deletable.length };
}

export async function applyCacheWrites(db: DockhandDb, writes: readonly CacheWrite[], at: string) {
  for (const write of writes) {
    if (write.delete?.length) await deleteServerRows(db, write.table, write.delete);
    if (write.put?.length) await putServerRows(db, write.table, write.put, at);
  }
}

/** The op no longer touches its rows: drop it from their `_pendingOps` and forget its bookkeeping. */
export async function releaseRows(db: DockhandDb, opId: string): Promise<PendingRow[]> {
  const refs = await readPendingRows(db, opId);
  for (const ref of refs) {
    if (ref.deleted) await dropTombstone(db, ref.table, ref.key, opId);
    const target = tableOf(db, ref.table);
    const row = await target.get(ref.key);
    if (!row) continue;
    const remaining = (row._pendingOps ?? []).filter((id) => id !== opId);
    const { _pendingOps: _, ...rest } = row;
    await target.put((remaining.length ? { ...rest, _pendingOps: remaining } : rest) as Row);
  }
  await writePendingRows(db, opId, []);
  return refs;
}

/**
 * Undo a discarded op's cache edits: rows it created are deleted; edited fields go back to their earlier
 * values unless another pending op changed them too (then that op's value stays, as it is still queued).
 */
export async function undoRows(db: DockhandDb, opId: string): Promise<void> {
  const refs = await readPendingRows(db, opId);
  for (const ref of refs) {
    const target = tableOf(db, ref.table);
    const row = await target.get(ref.key);
    if (ref.deleted) {
      await dropTombstone(db, ref.table, ref.key, opId);
      // Put back unless another queued op deleted it too (its tombstone remains).
      const [stillDeleted] = await areTombstoned(db, ref.table, [ref.key]);
      if (!row && ref.before && !stillDeleted) await target.put(ref.before as Row);
      continue;
    }
    if (!row) continue;
    const others = (row._pendingOps ?? []).filter((id) => id !== opId);
    if (ref.before === null && others.length === 0) {
      await target.delete(ref.key);
      continue;
    }
    const stillLocal = await pendingFieldsOf(db, others, ref.table, ref.key);
    const { _pendingOps: _, ...next } = row as Row;
    for (const field of ref.fields) {
      if (stillLocal.has(field) || ref.before === null) continue;
      if (field in ref.before) next[field] = ref.before[field];
      else delete next[field];
    }
    await target.put((others.length ? { ...next, _pendingOps: others } : next) as Row);
  }
  await writePendingRows(db, opId, []);
}

/**
 * Rewrites the given rows (and their keys) from temp ids to server ids. Returns the key changes, so the
 * pending-row bookkeeping that names them can follow.
 */
export async function remapRows(
  db: DockhandDb,
  refs: readonly { table: CacheTable; key: CacheKey }[],
  map: ReadonlyMap<number, number>,
): Promise<{ table: CacheTable; from: CacheKey; to: CacheKey }[]> {
  const moved: { table: CacheTable; from: CacheKey; to: CacheKey }[] = [];
  const seen = new Set<string>();
  for (const ref of refs) {
    const id = `${ref.table}\u0000${JSON.stringify(ref.key)}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const target = tableOf(db, ref.table);
    const row = await target.get(ref.key);
    if (!row) continue;
    const { value, changed } = remapTempIds(row, map);
    if (!changed) continue;
    const key = keyOf(db, ref.table, value);
    if (!isTempKey(key)) delete value._temp;
    if (!sameKey(key, ref.key)) {
      await target.delete(ref.key);
      moved.push({ table: ref.table, from: ref.key, to: key });
    }
    await target.put(value);
  }
  return moved;
}

/** A key with its temp id (a number, or a link's product id) mapped to the server id. */
function remapKey(key: CacheKey, map: ReadonlyMap<number, number>): CacheKey {
  if (typeof key === 'number') return map.get(key) ?? key;
  return [map.get(key[0]) ?? key[0], key[1]];
}

/**
 * Follows row key changes (and temp ids in earlier values) in every given op's pending-row bookkeeping. A
 * row a queued delete removed has no row to move: its key, and its tombstone, are remapped here.
 */
export async function movePendingRefs(
  db: DockhandDb,
  opIds: readonly string[],
  moved: readonly { table: CacheTable; from: CacheKey; to: CacheKey }[],
  map: ReadonlyMap<number, number>,
): Promise<void> {
  for (const opId of opIds) {
    const refs = await readPendingRows(db, opId);
    let changed = false;
    const next: PendingRow[] = [];
    for (const ref of refs) {
      const move = moved.find((m) => m.table === ref.table && sameKey(m.from, ref.key));
      const before = ref.before === null ? null : remapTempIds(ref.before, map);
      let key = move ? move.to : ref.key;
      if (ref.deleted && !move && !sameKey(remapKey(ref.key, map), ref.key)) {
        key = remapKey(ref.key, map);
        await moveTombstone(db, ref.table, ref.key, key);
      }
      if (sameKey(key, ref.key) && !before?.changed) {
        next.push(ref);
        continue;
      }
      changed = true;
      next.push({ ...ref, key, before: before ? before.value : null });
    }
    if (changed) await writePendingRows(db, opId, next);
  }
}
