/**
 * Temp ids for records created offline: -1, -2, … from ONE persisted counter shared by every entity, so a
 * negative id names exactly one offline record whatever table it sits in (which is what lets the store
 * rewrite references generically, see ./tempRefs.ts).
 */
import type { DockhandDb, TempIdEntry } from './schema';

/**
 * The stored entry. `parentTempId` links a child record created with its parent in one request (the items
 * of an offline PO): the child's server id arrives with the parent's create response.
 * TODO(schema owner): fold `parentTempId` into TempIdEntry in schema.ts; Dexie stores it either way.
 */
export type TempIdRecord = TempIdEntry & { parentTempId?: number };

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
    const entry: TempIdRecord = { tempId, entity, createdAt: (options.now ?? new Date()).toISOString() };
    if (options.parentTempId !== undefined) entry.parentTempId = options.parentTempId;
    await db.tempIds.put(entry);
    return tempId;
  });
}

export async function allTempIds(db: DockhandDb): Promise<TempIdRecord[]> {
  return (await db.tempIds.toArray()) as TempIdRecord[];
}

/** The temp ids created with `parentTempId` for `entity`, in allocation order (-2 before -3). */
export async function childTempIds(db: DockhandDb, parentTempId: number, entity: string): Promise<number[]> {
  const all = await allTempIds(db);
  return all
    .filter((entry) => entry.parentTempId === parentTempId && entry.entity === entity)
    .map((entry) => entry.tempId)
    .sort((a, b) => b - a);
}
