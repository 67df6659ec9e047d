/**
 * Temp ids for records created offline: -1, -2, … from ONE persisted counter shared by every entity, so a
 * negative id names exactly one offline record whatever table it sits in (which is what lets the store
 * rewrite references generically, see ./tempRefs.ts).
 */
import { readPendingRows } from './pendingRows';
import type { DockhandDb, TempIdEntry } from './schema';
import { tempIdsIn } from './tempRefs';

const COUNTER_KEY = 'tempIdCounter';

/**
 * Allocates the next temp id and records it. Call inside the same transaction as the enqueue that uses it
 * (or on its own: an unused temp id is harmless). Children must be allocated in the order of the create
 * body's list, because their server ids are matched by position.
 */
export async function allocateTempId(
  db: DockhandDb,
  entity: string,
  options: { parentTempId?: number; now?: Date } = {},
): Promise<number> {
  return db.transaction('rw', db.meta, db.tempIds, async () => {
    const last = ((await db.meta.get(COUNTER_KEY))?.value as number | undefined) ?? 0;
    const tempId = last - 1;
    await db.meta.put({ key: COUNTER_KEY, value: tempId });
    const entry: TempIdEntry = { tempId, entity, createdAt: (options.now ?? new Date()).toISOString() };
    if (options.parentTempId !== undefined) entry.parentTempId = options.parentTempId;
    await db.tempIds.put(entry);
    return tempId;
  });
}

export function allTempIds(db: DockhandDb): Promise<TempIdEntry[]> {
  return db.tempIds.toArray();
}

/** The temp ids created with `parentTempId` for `entity`, in allocation order (-2 before -3). */
export async function childTempIds(db: DockhandDb, parentTempId: number, entity: string): Promise<number[]> {
  const children = await db.tempIds.where('parentTempId').equals(parentTempId).toArray();
  return children
    .filter((entry) => entry.entity === entity)
    .map((entry) => entry.tempId)
    .sort((a, b) => b - a);
}

/** Every temp id a live op or its pending rows still name. */
async function referencedTempIds(db: DockhandDb): Promise<Set<number>> {
  const referenced = new Set<number>();
  const live = await db.outbox.where('state').noneOf(['done', 'discarded']).toArray();
  for (const op of live) {
    if (op.createsTempId !== undefined) referenced.add(op.createsTempId);
    for (const tempId of op.dependsOnTempIds) referenced.add(tempId);
    for (const tempId of tempIdsIn([op.params, op.body, op.baseVersion])) referenced.add(tempId);
    for (const row of await readPendingRows(db, op.id)) {
      const id = typeof row.key === 'number' ? row.key : row.key[0];
      if (id < 0) referenced.add(id);
      for (const tempId of tempIdsIn(row.before)) referenced.add(tempId);
    }
  }
  return referenced;
}

/**
 * Deletes temp-id entries resolved before `resolvedBefore` that no live op, nor any row one of them
 * touches, still names (every cached row holding a temp id belongs to a live op's pending rows, so the
 * cache itself need not be scanned). The retention is for a screen that still holds a temp id when its
 * record lands: an edit made there is queued with the server id (outbox.enqueue) as long as the entry
 * exists. Entries never resolved (their create discarded or pending) stay: blocking explains them.
 */
export async function cleanResolvedTempIds(db: DockhandDb, resolvedBefore: string): Promise<number> {
  const old = await db.tempIds
    .filter((entry) => entry.serverId !== undefined && (entry.resolvedAt ?? entry.createdAt) < resolvedBefore)
    .toArray();
  if (old.length === 0) return 0;
  const referenced = await referencedTempIds(db);
  const unused = old.filter((entry) => !referenced.has(entry.tempId)).map((entry) => entry.tempId);
  await db.tempIds.bulkDelete(unused);
  return unused.length;
}
