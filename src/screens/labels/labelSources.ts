/**
 * The label lines a labels route asks for (./labelsPath.ts), read from the cache: products by id (one label
 * each), or the products of a completed receipt with the units it brought in. The sell price comes from the
 * cached product, since an order line keeps only a few of its product's fields (src/db/lineProduct.ts); a
 * product only known from its line prints without a price rather than not at all.
 *
 * A receipt's labels default to the units received (issue #28 part 3), faulty ones included: the row shows
 * how many were faulty, and the clerk lowers the number for those going back to the supplier. A receipt saved on this PC has negative
 * ids until it is sent; once the server numbers it, the temp ids lead to the server's (src/db/tempIds.ts).
 */
import type { CachedPurchaseOrderItem, DockhandDb } from '../../db/schema';
import { labelLine, type LabelLine, type LabelProduct } from '../../lib/labels/layout';

export interface LabelRow {
  /** One row per product: its id. */
  productId: number;
  line: LabelLine;
  /** On a receipt: the units it received and how many of them were faulty; null for a product. */
  received: number | null;
  faulty: number | null;
  /** Units in a carton, when the product says (a typed `2c` before a scan). */
  cartonQuantity: number | null;
}

export interface ReceiptLabels {
  /** The invoice and receipt as the cache holds them now (server ids once sent). */
  invoiceId: number;
  receiptId: number | null;
  invoiceNumber: string | null;
  poIds: number[];
  rows: LabelRow[];
  /** Receipt lines whose order line is not on this computer (so no product to label). */
  unknownLines: number;
}

/** The id now used for `id`: itself, or the server's id its temp id was given. */
async function currentId(db: DockhandDb, id: number): Promise<number> {
  if (id >= 0) return id;
  return (await db.tempIds.get(id))?.serverId ?? id;
}

const cartons = (quantity: string | null): number | null => {
  const units = Number(quantity);
  return Number.isInteger(units) && units > 0 ? units : null;
};

/** What a row reads of a product: a cached product, or an order line's copy of it with no sell price. */
type RowProduct = LabelProduct & { id: number; carton_quantity: string | null };

function row(product: RowProduct, units?: { received: number; faulty: number }): LabelRow {
  return {
    productId: product.id,
    line: labelLine(product, units?.received),
    received: units?.received ?? null,
    faulty: units?.faulty ?? null,
    cartonQuantity: cartons(product.carton_quantity),
  };
}

/** A product's label row, one label to start with. */
export const productRow = (product: RowProduct): LabelRow => row(product);

/** The products with these ids, in that order, and the ids not on this computer. */
export async function readProductRows(
  db: DockhandDb,
  ids: readonly number[],
): Promise<{ rows: LabelRow[]; missing: number[] }> {
  const products = await db.products.bulkGet([...ids]);
  const rows: LabelRow[] = [];
  const missing: number[] = [];
  products.forEach((product, at) => {
    if (product) rows.push(productRow(product));
    else missing.push(ids[at]!);
  });
  return { rows, missing };
}

/** A receipt's rows: one per product, its units added up over the receipt's lines. */
export async function readReceiptRows(
  db: DockhandDb,
  invoiceIdAsLinked: number,
  receiptIdAsLinked: number | null,
): Promise<ReceiptLabels | null> {
  const invoiceId = await currentId(db, invoiceIdAsLinked);
  const invoice = await db.supplierInvoices.get(invoiceId);
  if (!invoice) return null;
  let receiptId = receiptIdAsLinked === null ? null : await currentId(db, receiptIdAsLinked);
  // A receipt numbered on this PC whose server number is not known here: the invoice it was saved in holds
  // that receipt only (src/db/receiving/complete.ts saves one receipt an invoice), so it is all of them.
  if (receiptId !== null && receiptId < 0 && invoiceId > 0) receiptId = null;
  const receipts = (invoice.purchase_order_receipts ?? []).filter(
    (receipt) => receiptId === null || receipt.id === receiptId,
  );
  if (receipts.length === 0) return null;
  const receiptItems = receipts.flatMap((receipt) => receipt.purchase_order_receipt_items);
  const orderLines = await db.purchaseOrderItems.bulkGet(
    receiptItems.map((item) => item.purchase_order_item_id),
  );
  const known = receiptItems.flatMap((item, at) => {
    const orderLine = orderLines[at];
    return orderLine && item.quantity_received > 0 ? [{ item, orderLine }] : [];
  });
  const products = await db.products.bulkGet(known.map(({ orderLine }) => orderLine.product.id));

  const byProduct = new Map<number, { product: RowProduct; received: number; faulty: number }>();
  known.forEach(({ item, orderLine }, at) => {
    const product = products[at] ?? fromLine(orderLine);
    const units = byProduct.get(product.id) ?? { product, received: 0, faulty: 0 };
    units.received += item.quantity_received;
    units.faulty += item.quantity_faulty;
    byProduct.set(product.id, units);
  });
  return {
    invoiceId,
    receiptId: receipts.length === 1 && receiptId !== null ? receiptId : null,
    invoiceNumber: invoice.supplier_invoice_number,
    poIds: [...new Set(receipts.map((receipt) => receipt.purchase_order_id))],
    rows: [...byProduct.values()].map(({ product, received, faulty }) => row(product, { received, faulty })),
    unknownLines: receiptItems.filter((_, at) => !orderLines[at]).length,
  };
}

/** A product known only from an order line: its codes and name, no sell price. */
const fromLine = (orderLine: CachedPurchaseOrderItem) => ({ ...orderLine.product, sell_price_inc: null });
