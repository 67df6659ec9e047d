/**
 * One order as the receiving screen reads it: the order, its lines in order, and the state of its queued
 * edits. An order raised offline carries a temp id until it syncs; then `movedTo` names its server id and
 * its draft moves with it (`followTempIds`), line keys included, so a delivery begun before the order
 * synced is not lost.
 */
import { orderBadge, type OrderBadge } from '../recordBadge';
import type { CachedPurchaseOrder, CachedPurchaseOrderItem, DockhandDb, ReceiptDraft } from '../schema';

export interface ReceivingOrder {
  order: CachedPurchaseOrder | null;
  items: CachedPurchaseOrderItem[];
  movedTo: number | null;
  badge: OrderBadge | null;
  /** The first problem of a failed op on the order, in the server's words. */
  problem: string | null;
}

export async function loadReceivingOrder(db: DockhandDb, id: number): Promise<ReceivingOrder> {
  const order = await db.purchaseOrders.get(id);
  if (!order) {
    const entry = id < 0 ? await db.tempIds.get(id) : undefined;
    return { order: null, items: [], movedTo: entry?.serverId ?? null, badge: null, problem: null };
  }
  const items = await db.purchaseOrderItems.where('po_id').equals(id).sortBy('po_item_id');
  // Lines added offline have temp ids allocated downwards (-2, -3, …): reversed, they read in entry order.
  if (items.every((item) => item.po_item_id < 0)) items.reverse();
  const ops = order._pendingOps?.length ? await db.outbox.where('id').anyOf(order._pendingOps).toArray() : [];
  const states = new Map(ops.map((op) => [op.id, op.state]));
  const failed = ops.find((op) => op.problem);
  return {
    order,
    items,
    movedTo: null,
    badge: orderBadge(order._pendingOps, (opId) => states.get(opId)),
    problem: failed?.problem ? (failed.problem.detail ?? failed.problem.title ?? null) : null,
  };
}

/** Moves a draft kept under an order's temp id to its server id, with its lines' ids. */
export async function followTempIds(db: DockhandDb, from: number, to: number): Promise<void> {
  await db.transaction('rw', db.receiptDrafts, db.tempIds, async () => {
    const draft = await db.receiptDrafts.get(from);
    if (!draft || (await db.receiptDrafts.get(to))) return;
    const lineIds = await db.tempIds.bulkGet(Object.keys(draft.lines).map(Number));
    const lines: ReceiptDraft['lines'] = {};
    for (const [i, [key, line]] of Object.entries(draft.lines).entries())
      lines[lineIds[i]?.serverId ?? Number(key)] = line;
    const moved: ReceiptDraft = { ...draft, poId: to, lines };
    if (draft.lastScan) {
      const scanned = await db.tempIds.get(draft.lastScan.poItemId);
      moved.lastScan = { ...draft.lastScan, poItemId: scanned?.serverId ?? draft.lastScan.poItemId };
    }
    await db.receiptDrafts.delete(from);
    await db.receiptDrafts.put(moved);
  });
}
