/**
 * One supplier invoice as the detail screen shows it, read from the cache (DOM-free, tested over
 * fake-indexeddb): the invoice, its receipts with each line's product from the cached order items, its
 * orders, and the queued changes that touch it, with what the user must know about them in words. An
 * invoice received here carries a temp id until it syncs; once the server id is known, `movedTo` says where
 * it now lives.
 */
import type { PurchaseOrderReceiptItem } from '../../api/resources';
import { opCatalog } from '../../db/opCatalog';
import type { OpRecord } from '../../db/ops';
import { orderBadge, type OrderBadge } from '../../db/recordBadge';
import type {
  CachedPurchaseOrder,
  CachedPurchaseOrderItem,
  CachedSupplierInvoice,
  DockhandDb,
} from '../../db/schema';
import { troubleOf, worstTrouble, type RecordTrouble } from '../../lib/recordTrouble';

export interface ReceiptLine {
  line: PurchaseOrderReceiptItem;
  /** The ordered line it receives, when cached: product description and codes. */
  item: CachedPurchaseOrderItem | null;
}

export interface ReceiptView {
  id: number;
  orderId: number;
  lines: ReceiptLine[];
}

/** What a queued change of this invoice needs the user for (src/lib/recordTrouble.ts). */
export type InvoiceTrouble = RecordTrouble;
export { troubleOf };

export interface InvoiceDetail {
  invoice: CachedSupplierInvoice | null;
  movedTo: number | null;
  orders: CachedPurchaseOrder[];
  /** Order ids the receipts name that are not cached. */
  missingOrders: number[];
  receipts: ReceiptView[];
  /** The orders' currency when they agree. */
  currency: string | null;
  badge: OrderBadge | null;
  /** Queued changes of this invoice not yet on the server, oldest first. */
  ops: OpRecord[];
  trouble: InvoiceTrouble | null;
}

const LIVE = (op: OpRecord) => op.state !== 'done' && op.state !== 'discarded';

export async function loadInvoice(db: DockhandDb, id: number): Promise<InvoiceDetail> {
  const invoice = await db.supplierInvoices.get(id);
  const group = opCatalog('updateSupplierInvoice').group;
  const ops = (await db.outbox.where('aggregate').equals(`${group}:${id}`).sortBy('seq')).filter(LIVE);
  if (!invoice) {
    const entry = id < 0 ? await db.tempIds.get(id) : undefined;
    return {
      invoice: null,
      movedTo: entry?.serverId ?? null,
      orders: [],
      missingOrders: [],
      receipts: [],
      currency: null,
      badge: null,
      ops,
      trouble: null,
    };
  }
  const orderIds = [...new Set(invoice.purchase_order_receipts.map((receipt) => receipt.purchase_order_id))];
  const itemIds = invoice.purchase_order_receipts.flatMap((receipt) =>
    receipt.purchase_order_receipt_items.map((line) => line.purchase_order_item_id),
  );
  const [orders, items] = await Promise.all([
    db.purchaseOrders.bulkGet(orderIds),
    db.purchaseOrderItems.bulkGet(itemIds),
  ]);
  const itemById = new Map(items.flatMap((item) => (item ? [[item.po_item_id, item] as const] : [])));
  const cachedOrders = orders.filter((order) => order !== undefined);
  const currencies = new Set(orders.map((order) => order?.fob_currency?.currency_code ?? null));
  const states = new Map(ops.map((op) => [op.id, op.state]));
  return {
    invoice,
    movedTo: null,
    orders: cachedOrders,
    missingOrders: orderIds.filter((_, i) => orders[i] === undefined),
    receipts: invoice.purchase_order_receipts.map((receipt) => ({
      id: receipt.id,
      orderId: receipt.purchase_order_id,
      lines: receipt.purchase_order_receipt_items.map((line) => ({
        line,
        item: itemById.get(line.purchase_order_item_id) ?? null,
      })),
    })),
    currency: currencies.size === 1 ? ([...currencies][0] ?? null) : null,
    badge: orderBadge(invoice._pendingOps, (opId) => states.get(opId)),
    ops,
    trouble: worstTrouble(ops),
  };
}
