/**
 * The scorecard reads over fake-indexeddb: each supplier gets its own orders, lines and receipts (an invoice
 * receiving two suppliers' orders counted once for each), and the stated lead time of its own product
 * supplier links only; the reads give the thread back between slices. The arithmetic is ./compute.test.ts's.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  sampleProductSupplier,
  samplePurchaseOrder,
  samplePurchaseOrderItem,
  samplePurchaseOrderReceipt,
  samplePurchaseOrderReceiptItem,
  sampleSupplier,
  sampleSupplierInvoice,
} from '../../api/resources/fixtures';
import { purchaseOrderRows } from '../purchaseOrderCache';
import { DockhandDb } from '../schema';
import type { SlicePolicy } from '../yieldingRead';
import { readAllScorecards, readSupplierScorecard } from './read';

const PERIOD = { from: '2026-01-01', to: '2026-03-31' };
const TODAY = '2026-04-15';
let yields = 0;
const SMALL_SLICES: SlicePolicy = { rows: 1, budgetMs: 0, now: () => 0, yieldNow: async () => void yields++ };

function order(id: number, supplier: { id: number; name: string }, ordered: number, received: number) {
  return samplePurchaseOrder({
    id,
    supplier,
    status: { id: 5, name: 'Received' },
    sent_on: '2026-02-01T00:00:00Z',
    eta: '2026-02-10T00:00:00Z',
    received_on: '2026-02-08T00:00:00Z',
    purchase_order_items: [
      samplePurchaseOrderItem({
        po_id: id,
        po_item_id: id * 10,
        quantity_ordered: ordered,
        quantity_received: received,
      }),
    ],
  });
}

let db: DockhandDb;
let n = 0;
beforeEach(async () => {
  yields = 0;
  db = new DockhandDb(`scorecard-test-${++n}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  const { orders, lines } = purchaseOrderRows([
    order(501, { id: 41, name: 'Acme Apparel' }, 10, 8),
    order(502, { id: 52, name: 'NZ Knits' }, 4, 4),
  ]);
  await db.purchaseOrders.bulkPut(orders);
  await db.purchaseOrderItems.bulkPut(lines);
  await db.suppliers.bulkPut([
    { ...sampleSupplier({ supplier_code: 'ACME', name: 'Acme Apparel' }), id: 41 },
    { ...sampleSupplier({ supplier_code: 'KNIT', name: 'NZ Knits' }), id: 52 },
  ]);
  const productId = lines[0]!.product.id;
  await db.productSuppliers.bulkPut([
    sampleProductSupplier({ product_id: productId, supplier_code: 'ACME', lead_time: 14 }),
    sampleProductSupplier({ product_id: productId, supplier_code: 'KNIT', lead_time: 21 }),
  ]);
  // One invoice books both deliveries on 3 Feb: 8 (1 faulty) from Acme at 2.50, 4 from NZ Knits at 1.00.
  const item = (poItem: number, received: number, faulty: number, price: number) =>
    samplePurchaseOrderReceiptItem({
      purchase_order_item_id: poItem,
      quantity_received: received,
      quantity_faulty: faulty,
      quantity_invoiced: received,
      buy_price_ex: price,
    });
  await db.supplierInvoices.put({
    ...sampleSupplierInvoice({
      id: 7001,
      created_on: '2026-02-03T02:00:00Z',
      purchase_order_receipts: [
        samplePurchaseOrderReceipt({
          id: 1,
          purchase_order_id: 501,
          purchase_order_receipt_items: [item(5010, 8, 1, 2.5)],
        }),
        samplePurchaseOrderReceipt({
          id: 2,
          purchase_order_id: 502,
          purchase_order_receipt_items: [item(5020, 4, 0, 1)],
        }),
      ],
    }),
  });
});

describe('reading scorecards', () => {
  it("reads one supplier's own orders, receipts and stated lead times", async () => {
    const card = await readSupplierScorecard(db, 41, PERIOD, TODAY, SMALL_SLICES);
    expect(card?.fill).toEqual({ part: 8, whole: 10, rate: 0.8 });
    expect(card?.faulty).toEqual({ part: 1, whole: 8, rate: 1 / 8 });
    // Sent 1 Feb, received 8 Feb: 7 days; Acme's link says 14 (NZ Knits' 21 is another supplier's).
    expect(card?.leadTime).toEqual({ orders: 1, averageDays: 7, statedOrders: 1, statedDays: 14 });
    // 8 × 2.50 = 20.00 in February, in the sample order's currency.
    expect(card?.spend.map((s) => s.total)).toEqual([20]);
    expect(await readSupplierScorecard(db, 99, PERIOD, TODAY, SMALL_SLICES)).toBeNull();
  });

  it('reads every supplier, each with its own share of a shared invoice, in name order', async () => {
    const cards = await readAllScorecards(db, PERIOD, TODAY, SMALL_SLICES);
    expect(cards.map((card) => [card.name, card.fill.rate, card.faulty.part, card.faulty.whole])).toEqual([
      ['Acme Apparel', 0.8, 1, 8],
      ['NZ Knits', 1, 0, 4],
    ]);
    expect(cards[1]!.leadTime.statedDays).toBe(21);
    expect(cards[1]!.spend.map((s) => s.total)).toEqual([4]);
    // Two suppliers and two orders read a row at a time: the thread was given back between them.
    expect(yields).toBeGreaterThan(0);
  });
});
