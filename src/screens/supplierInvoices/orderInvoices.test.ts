import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { sampleSupplierInvoice } from '../../api/resources/fixtures';
import { enqueue } from '../../db/outbox';
import { DockhandDb } from '../../db/schema';
import { loadOrderInvoices } from './orderInvoices';

let db: DockhandDb;
let n = 0;

const line = (itemId: number, received: number, faulty = 0) => ({
  purchase_order_item_id: itemId,
  quantity_received: received,
  quantity_faulty: faulty,
  quantity_invoiced: received,
  buy_price_ex: 5,
  bin: null,
  include_tax: false,
  notes: null,
});

beforeEach(async () => {
  db = new DockhandDb(`order-invoices-${++n}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.supplierInvoices.bulkPut([
    sampleSupplierInvoice({
      id: 10,
      status: 'Finalised',
      purchase_order_receipts: [
        { id: 1, purchase_order_id: 100, purchase_order_receipt_items: [line(1, 4, 1), line(2, 2)] },
        { id: 2, purchase_order_id: 200, purchase_order_receipt_items: [line(3, 9)] },
      ],
    }),
    sampleSupplierInvoice({
      id: 11,
      purchase_order_receipts: [
        { id: 3, purchase_order_id: 200, purchase_order_receipt_items: [line(3, 1)] },
      ],
    }),
  ]);
});

describe('loadOrderInvoices', () => {
  it("lists the order's invoices with what each received into it, those received here first", async () => {
    // A delivery received on this PC: a temp-id invoice, pending until its create syncs.
    await enqueue(db, {
      kind: 'createSupplierInvoice',
      params: {},
      body: {
        supplier_invoice_number: 'DOCKET-1',
        purchase_order_receipts: [
          {
            purchase_order_id: 100,
            purchase_order_receipt_items: [{ purchase_order_item_id: 2, quantity_received: 3 }],
          },
        ],
      },
      createsTempId: -4,
      cacheChanges: [
        {
          table: 'supplierInvoices',
          put: [
            sampleSupplierInvoice({
              id: -4,
              supplier_invoice_number: 'DOCKET-1',
              purchase_order_receipts: [
                { id: -5, purchase_order_id: 100, purchase_order_receipt_items: [line(2, 3)] },
              ],
            }),
          ],
        },
      ],
      label: 'Invoice DOCKET-1',
    });

    const rows = await loadOrderInvoices(db, 100);
    expect(rows.map((row) => [row.id, row.number, row.received, row.faulty, row.badge])).toEqual([
      [-4, 'DOCKET-1', 3, 0, 'pending'],
      [10, 'INV-55810', 6, 1, null],
    ]);
    expect((await loadOrderInvoices(db, 200)).map((row) => [row.id, row.received])).toEqual([
      [11, 1],
      [10, 9],
    ]);
    expect(await loadOrderInvoices(db, 999)).toEqual([]);
  });
});
