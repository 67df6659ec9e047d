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
import { fieldLabel } from '../../lib/fieldLabels';

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

/** What a queued change of this invoice needs the user for, in a receiving clerk's words. */
export interface InvoiceTrouble {
  op: OpRecord;
  kind: 'failed' | 'conflicted' | 'blocked';
  /** One sentence: why the change has not reached the server. */
  summary: string;
  /** The server's complaints per field, each field named in words. */
  fields: { label: string; messages: string[] }[];
}

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

/** Why an op waits for the user, said for the clerk: field names in words, never as JSON paths. */
export function troubleOf(op: OpRecord): InvoiceTrouble | null {
  const label = (path: string) => fieldLabel(op.kind, path);
  const fields = Object.entries(op.problem?.errors ?? {}).map(([path, messages]) => ({
    label: label(path),
    messages,
  }));
  if (op.state === 'conflicted') {
    const names = (op.conflicts ?? []).map((conflict) => label(conflict.field));
    return {
      op,
      kind: 'conflicted',
      summary: `Someone changed ${names.join(', ')} on the server too. Choose which value to keep.`,
      fields: [],
    };
  }
  if (op.state === 'failed') {
    const said = op.problem?.detail ?? op.problem?.title ?? op.reason ?? 'The server refused this change.';
    return { op, kind: 'failed', summary: said, fields };
  }
  if (op.state === 'blocked') {
    // The engine's reason is a sentence naming what it waits for ("Waiting for "Invoice D-1…" to be sent.").
    const summary = op.reason ?? 'Waiting for an earlier change to reach the server first.';
    return { op, kind: 'blocked', summary, fields };
  }
  return null;
}

/** Worst first, as the badge ranks them. */
const TROUBLE_ORDER: readonly OpRecord['state'][] = ['failed', 'conflicted', 'blocked'];

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
  const troubled = TROUBLE_ORDER.map((state) => ops.find((op) => op.state === state)).find(Boolean);
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
    trouble: troubled ? troubleOf(troubled) : null,
  };
}
