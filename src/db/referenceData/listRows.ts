/**
 * The reference lists as their screens read them from the cache: every row with its badge (a record with
 * queued changes shows Pending, or the state that needs the user), and one record with its live ops, so its
 * page can explain a refused change. The lists are small (a few dozen names, the same in both demo
 * datasets), so each is read whole. DOM-free.
 */
import type { OpRecord } from '../ops';
import type { OrderBadge } from '../recordBadge';
import { badgeAmong, listBadges, recordOps } from '../recordOps';
import type { DockhandDb } from '../schema';
import type { NamedRow } from './namedLists';

/** Every list of the area, whether its records are only a name or more (outlets). */
export type ListTable =
  | 'returnReasons'
  | 'shippingPorts'
  | 'shipmentTypes'
  | 'fixedPriceGroups'
  | 'standardPriceGroups'
  | 'outlets';

export interface ListRow<R> {
  record: R;
  badge: OrderBadge | null;
}

/** Names in the order people read them, ignoring case; unnamed rows last, then by id. */
export function byName<R extends { id: number; name: string | null }>(a: R, b: R): number {
  if (a.name === null || b.name === null) return a.name === b.name ? a.id - b.id : a.name === null ? 1 : -1;
  return a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }) || a.id - b.id;
}

/** Every cached row of `table`, by name, each with its badge. */
export async function listRows<R extends NamedRow>(db: DockhandDb, table: ListTable): Promise<ListRow<R>[]> {
  return db.transaction('r', db.table(table), db.outbox, async () => {
    const records = (await db.table<R, number>(table).toArray()).sort(byName);
    const badge = await listBadges(db, records);
    return records.map((record) => ({ record, badge: badge(record) }));
  });
}

export interface RecordDetail<R> {
  record: R | null;
  /** Live queued changes of the record (its FIFO group), oldest first. */
  ops: OpRecord[];
  badge: OrderBadge | null;
  /** A record made here whose create reached the server: its server id (the page follows it). */
  movedTo: number | null;
}

/**
 * One record of a list and its live ops. `group` is the op catalog's aggregate group of the list's ops
 * (`shippingPort`); a list the app never edits (standard price groups, outlets) has none.
 */
export async function loadRecord<R extends NamedRow>(
  db: DockhandDb,
  table: ListTable,
  id: number,
  group: string | null,
): Promise<RecordDetail<R>> {
  const record = ((await db.table<R, number>(table).get(id)) as R | undefined) ?? null;
  const ops = group ? await recordOps(db, group, id) : [];
  const moved = !record && id < 0 ? await db.tempIds.get(id) : undefined;
  return {
    record,
    ops,
    badge: record ? badgeAmong(record._pendingOps, ops) : null,
    movedTo: moved?.serverId ?? null,
  };
}

/** The aggregate group of an op kind, so a page finds its record's ops. */
export { groupOf } from '../recordOps';
