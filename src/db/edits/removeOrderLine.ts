/**
 * Removing a line from a purchase order (DELETE /purchaseorders/{id}/purchaseorderitems/{item_id}): one
 * local transaction that deletes the cached line and marks the order pending, with its queued op; the page
 * shows the order without the line at once, and discarding the op in the sync centre puts the line back.
 *
 * What the server refuses is refused here first, in words: a line with stock received against it, a line of
 * an order that is Received or Cancelled (server/README.md), and a line of an order not on the server yet
 * (its lines travel in the order's create; remove the line there, in the sync centre's edit).
 */
import { enqueue } from '../outbox';
import type { OpRecord } from '../ops';
import type { CachedPurchaseOrder, CachedPurchaseOrderItem, DockhandDb } from '../schema';

const CLOSED = new Set(['Received', 'Cancelled']);

/** Why this line cannot be removed, in a clerk's words, or null when it can. */
export function lineRemovalBlocker(order: CachedPurchaseOrder, line: CachedPurchaseOrderItem): string | null {
  if (order.id < 0 || line.po_item_id < 0)
    return 'This order is not on the server yet: change its lines by editing the order in the sync centre.';
  if (CLOSED.has(order.status.name))
    return `This order is ${order.status.name === 'Received' ? 'received' : 'cancelled'}: its lines can no longer be removed.`;
  if (line.quantity_received > 0)
    return `${line.quantity_received.toLocaleString()} received against this line: a line with received stock cannot be removed.`;
  return null;
}

export class LineRemovalRefused extends Error {}

/** Queues the removal of `itemId` from order `poId`, reading both inside the transaction. */
export function removeOrderLine(db: DockhandDb, poId: number, itemId: number): Promise<OpRecord> {
  return db.transaction('rw', db.tables, async () => {
    const [order, line] = await Promise.all([db.purchaseOrders.get(poId), db.purchaseOrderItems.get(itemId)]);
    if (!order || !line || line.po_id !== poId)
      throw new LineRemovalRefused('This line is no longer on this computer: the order has changed since.');
    const blocker = lineRemovalBlocker(order, line);
    if (blocker) throw new LineRemovalRefused(blocker);
    const name = line.product.short_description || line.product.supplier_sku || `product ${line.product.id}`;
    const { _pendingOps: _ops, ...orderRow } = order;
    return enqueue(db, {
      kind: 'deletePurchaseOrderItem',
      params: { id: poId, item_id: itemId },
      label: `Remove ${name} from PO ${poId}`,
      // The order row is written unchanged so it carries the op: its page and list row show it pending.
      cacheChanges: [
        { table: 'purchaseOrderItems', delete: [itemId] },
        { table: 'purchaseOrders', put: [orderRow] },
      ],
    });
  });
}
