/** The label lines of a receipt and of products, read from the cache (./labelSources.ts). */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  samplePurchaseOrderItem,
  samplePurchaseOrderReceipt,
  samplePurchaseOrderReceiptItem,
  sampleProduct,
  sampleSupplierInvoice,
} from '../../api/resources/fixtures';
import { lineProduct } from '../../db/lineProduct';
import { DockhandDb, type CachedPurchaseOrderItem } from '../../db/schema';
import { labelCount } from '../../lib/labels/layout';
import { readProductRows, readReceiptRows } from './labelSources';

let db: DockhandDb;
let n = 0;

const tent = sampleProduct({
  id: 1,
  short_description: 'Tent 2P',
  supplier_sku: 'TENT-2P',
  supplier_sku2: '9300633601232',
  sell_price_inc: 249.95,
  carton_quantity: '4',
});
const mug = sampleProduct({
  id: 2,
  short_description: 'Enamel mug',
  supplier_sku: 'MUG-1',
  supplier_sku2: '',
  sell_price_inc: 12,
});
/** A product known only from its order line: not in `products`. */
const stove = sampleProduct({
  id: 3,
  short_description: 'Trail stove',
  supplier_sku: 'STOVE-1',
  supplier_sku2: '',
});

const orderLine = (poItemId: number, product: typeof tent) =>
  ({
    ...samplePurchaseOrderItem({ po_id: 1001, po_item_id: poItemId }),
    product: lineProduct(product),
  }) as CachedPurchaseOrderItem;
const received = (poItemId: number, quantity: number, faulty = 0) =>
  samplePurchaseOrderReceiptItem({
    purchase_order_item_id: poItemId,
    quantity_received: quantity,
    quantity_faulty: faulty,
  });

beforeEach(async () => {
  db = new DockhandDb(`label-sources-${++n}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.products.bulkPut([tent, mug]);
  await db.purchaseOrderItems.bulkPut([
    orderLine(11, tent),
    orderLine(12, mug),
    orderLine(13, stove),
    orderLine(14, tent),
  ]);
  await db.supplierInvoices.put(
    sampleSupplierInvoice({
      id: -4,
      supplier_invoice_number: 'DOCK-1',
      purchase_order_receipts: [
        samplePurchaseOrderReceipt({
          id: -5,
          purchase_order_id: 1001,
          purchase_order_receipt_items: [
            received(11, 3),
            received(12, 6, 2),
            received(13, 2),
            received(14, 1, 1),
            received(99, 5),
          ],
        }),
        samplePurchaseOrderReceipt({
          id: -6,
          purchase_order_id: 1002,
          purchase_order_receipt_items: [received(12, 1)],
        }),
      ],
    }),
  );
});

const summary = (rows: Awaited<ReturnType<typeof readProductRows>>['rows']) =>
  rows.map((row) => [
    row.line.description,
    row.line.code,
    row.line.sellPrice,
    row.received,
    row.faulty,
    labelCount(row.line),
  ]);

describe('readReceiptRows', () => {
  it('labels each product of the receipt once per unit received, and says how many were faulty', async () => {
    const labels = (await readReceiptRows(db, -4, -5))!;
    expect(labels).toMatchObject({
      invoiceId: -4,
      receiptId: -5,
      invoiceNumber: 'DOCK-1',
      poIds: [1001],
      unknownLines: 1,
    });
    expect(summary(labels.rows)).toEqual([
      // Two lines of the same tent: one row, 4 received of which 1 faulty.
      ['Tent 2P', '9300633601232', 249.95, 4, 1, 4],
      ['Enamel mug', 'MUG-1', 12, 6, 2, 6],
      // Known only from its order line: its codes and name, no price.
      ['Trail stove', 'STOVE-1', null, 2, 0, 2],
    ]);
    expect(labels.rows[0]!.cartonQuantity).toBe(4);
  });

  it('takes every receipt of the invoice when no receipt is named', async () => {
    const labels = (await readReceiptRows(db, -4, null))!;
    expect(labels.poIds).toEqual([1001, 1002]);
    expect(labels.rows.find((row) => row.productId === 2)).toMatchObject({ received: 7, faulty: 2 });
  });

  it('follows a receipt sent since the link was made to its server ids', async () => {
    const invoice = (await db.supplierInvoices.get(-4))!;
    await db.supplierInvoices.delete(-4);
    const receipts = invoice.purchase_order_receipts.map((receipt) => ({
      ...receipt,
      id: receipt.id === -5 ? 6100 : 6101,
    }));
    await db.supplierInvoices.put({ ...invoice, id: 8800, purchase_order_receipts: receipts });
    await db.tempIds.bulkPut([
      { tempId: -4, entity: 'supplierInvoices', createdAt: '2026-11-27T09:00:00Z', serverId: 8800 },
      { tempId: -5, entity: 'purchaseOrderReceipts', createdAt: '2026-11-27T09:00:00Z', serverId: 6100 },
    ]);
    expect(await readReceiptRows(db, -4, -5)).toMatchObject({
      invoiceId: 8800,
      receiptId: 6100,
      poIds: [1001],
    });
    // The receipt's own server id unknown here: the invoice saved on this PC holds that receipt only.
    await db.tempIds.delete(-5);
    await db.supplierInvoices.put({ ...invoice, id: 8800, purchase_order_receipts: receipts.slice(0, 1) });
    expect(await readReceiptRows(db, -4, -5)).toMatchObject({
      invoiceId: 8800,
      receiptId: null,
      poIds: [1001],
    });
  });

  it('finds nothing for an invoice or receipt not on this computer', async () => {
    expect(await readReceiptRows(db, 404, null)).toBeNull();
    expect(await readReceiptRows(db, -4, 404)).toBeNull();
  });
});

describe('readProductRows', () => {
  it('gives one label for each product in the order asked, and names the ids not on this computer', async () => {
    const { rows, missing } = await readProductRows(db, [2, 404, 1]);
    expect(summary(rows)).toEqual([
      ['Enamel mug', 'MUG-1', 12, null, null, 1],
      ['Tent 2P', '9300633601232', 249.95, null, null, 1],
    ]);
    expect(missing).toEqual([404]);
  });
});
