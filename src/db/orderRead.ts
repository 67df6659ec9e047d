/**
 * One purchase order read from the cache with what every page of it shows: its lines in the order they were
 * entered, the badge of its queued edits and the first of them the server refused, and, for an order raised
 * here that has synced since, the server id it moved to. The receiving screen (./receiving/order.ts) and the
 * order's page (src/screens/purchaseOrders/detailQuery.ts) each add their own to it. DOM-free.
 */
import type { OpRecord } from './ops';
import { orderBadge, type OrderBadge } from './recordBadge';
import type { CachedPurchaseOrder, CachedPurchaseOrderItem, DockhandDb } from './schema';

export interface OrderRead {
  order: CachedPurchaseOrder | null;
  items: CachedPurchaseOrderItem[];
  /** An order raised here and not cached under its temp id any more: its server id, once known. */
  movedTo: number | null;
  badge: OrderBadge | null;
  /** The first of its queued ops that carries the server's refusal, if any. */
  failed: OpRecord | null;
}

export async function readOrder(db: DockhandDb, id: number): Promise<OrderRead> {
  const order = await db.purchaseOrders.get(id);
  if (!order) {
    const entry = id < 0 ? await db.tempIds.get(id) : undefined;
    return { order: null, items: [], movedTo: entry?.serverId ?? null, badge: null, failed: null };
  }
  const items = await db.purchaseOrderItems.where('po_id').equals(id).sortBy('po_item_id');
  // Server lines sort by id; lines added here (temp ids allocated -2, -3, …) reversed read in entry order.
  if (items.every((item) => item.po_item_id < 0)) items.reverse();
  const ops = order._pendingOps?.length ? await db.outbox.where('id').anyOf(order._pendingOps).toArray() : [];
  const states = new Map(ops.map((op) => [op.id, op.state]));
  return {
    order,
    items,
    movedTo: null,
    badge: orderBadge(order._pendingOps, (opId) => states.get(opId)),
    failed: ops.find((op) => op.problem) ?? null,
  };
}
