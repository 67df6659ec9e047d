/**
 * The watches of ./otherPcs.ts as the store keeps them (`receiptWatches`): begun by a delivery's first
 * write (./drafts.ts), read by the receiving screen's lines, the PO page and "Check these receipts", ended
 * when the clerk marks an order checked.
 */
import type { OpRecord } from '../ops';
import type { CachedPurchaseOrder, CachedPurchaseOrderItem, DockhandDb } from '../schema';
import {
  fromOtherPcs,
  keepsWatch,
  linesToCheck,
  ownReceipts,
  startWatch,
  watchExpired,
  type LineToCheck,
} from './otherPcs';

/**
 * Begins the order's watch when its first delivery on this PC begins, or keeps the one it has
 * (./otherPcs.ts `keepsWatch`). Not in the scan's transaction: that one covers the drafts alone, so a pull
 * writing order lines never holds a scan up; a pull landing in between only makes "since you started"
 * a moment later. An order raised here and not yet synced is skipped: no other PC can receive into it.
 */
export async function beginWatch(db: DockhandDb, poId: number, now: Date): Promise<void> {
  if (poId < 0) return;
  const [watch, lines] = await Promise.all([
    db.receiptWatches.get(poId),
    db.purchaseOrderItems.where('po_id').equals(poId).toArray(),
  ]);
  if (lines.length === 0 || (watch && keepsWatch(watch, lines, now))) return;
  await db.receiptWatches.put(startWatch(poId, lines, now));
}

/** This PC's receipts, queued or sent, from its outbox (one index range). */
const receiptOps = (db: DockhandDb): Promise<OpRecord[]> =>
  db.outbox.where('kind').equals('createSupplierInvoice').toArray();

/** A line to check, with the order line it is (for its product's name). */
export interface LineToCheckOf {
  item: CachedPurchaseOrderItem;
  check: LineToCheck;
}

export interface OtherPcsOfOrder {
  /** Per line (po_item_id), units other PCs received since this PC began: lines with none are absent. */
  more: ReadonlyMap<number, number>;
  toCheck: LineToCheckOf[];
}

function checksOf(
  items: readonly CachedPurchaseOrderItem[],
  checks: readonly LineToCheck[],
): LineToCheckOf[] {
  const byId = new Map(items.map((item) => [item.po_item_id, item]));
  return checks.map((check) => ({ item: byId.get(check.poItemId)!, check }));
}

export const NO_OTHER_PCS: OtherPcsOfOrder = { more: new Map(), toCheck: [] };

/** One order: for the receiving screen's lines and the PO page. */
export async function loadOtherPcs(db: DockhandDb, poId: number, now = new Date()): Promise<OtherPcsOfOrder> {
  const watch = await db.receiptWatches.get(poId);
  if (!watch || watchExpired(watch, now)) return NO_OTHER_PCS;
  const [items, ops] = await Promise.all([
    db.purchaseOrderItems.where('po_id').equals(poId).sortBy('po_item_id'),
    receiptOps(db),
  ]);
  const own = ownReceipts(ops, watch);
  return {
    more: fromOtherPcs(items, watch, own),
    toCheck: checksOf(items, linesToCheck(items, watch, own)),
  };
}

export interface OrderToCheck {
  order: CachedPurchaseOrder;
  lines: LineToCheckOf[];
}

/** Every order with lines to check, oldest watch first (the first received, the first to check). */
export async function listReceiptsToCheck(db: DockhandDb, now = new Date()): Promise<OrderToCheck[]> {
  const watches = (await db.receiptWatches.toArray()).filter((watch) => !watchExpired(watch, now));
  if (watches.length === 0) return [];
  watches.sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  const ops = await receiptOps(db);
  const out: OrderToCheck[] = [];
  for (const watch of watches) {
    const [order, items] = await Promise.all([
      db.purchaseOrders.get(watch.poId),
      db.purchaseOrderItems.where('po_id').equals(watch.poId).sortBy('po_item_id'),
    ]);
    const toCheck = linesToCheck(items, watch, ownReceipts(ops, watch));
    if (order && toCheck.length > 0) out.push({ order, lines: checksOf(items, toCheck) });
  }
  return out;
}

/** "Checked": the order's watch ends, and with it its flags; its next delivery here begins a new one. */
export async function endWatch(db: DockhandDb, poId: number): Promise<void> {
  await db.receiptWatches.delete(poId);
}
