/**
 * A delivery from draft to queued invoice, over fake-indexeddb: the draft survives a reopened database, the
 * completion is one transaction (op, invoice row, order figures, draft gone), and a docket number already
 * used on the order is refused before anything is queued.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  samplePurchaseOrder,
  samplePurchaseOrderItem,
  sampleProduct,
  samplePurchaseOrderReceipt,
  sampleSupplierInvoice,
} from '../../api/resources/fixtures';
import type { Product } from '../../api/resources';
import { lineProduct } from '../lineProduct';
import { OP_CATALOG } from '../opCatalog';
import { DockhandDb, type CachedPurchaseOrder, type CachedPurchaseOrderItem } from '../schema';
import { completeReceipt, EMPTY_COMPLETION } from './complete';
import {
  addToLine,
  discardDraft,
  listDrafts,
  readDraft,
  saveCompletion,
  setLine,
  undoLastScan,
} from './drafts';
import { listOpenOrders, matchCode } from './openOrders';

let factory: InstanceType<typeof IDBFactory>;
let name: string;
let db: DockhandDb;
let n = 0;
const open = () => new DockhandDb(name, { indexedDB: factory, IDBKeyRange });
const now = new Date('2026-11-23T10:00:00.000Z');

/** A cached line (its product cut as the cache keeps it, src/db/lineProduct.ts) and its whole product. */
function item(poId: number, poItemId: number, barcode: string, ordered: number, received = 0) {
  const product = sampleProduct({
    id: poItemId + 5000,
    supplier_sku2: barcode,
    supplier_sku: `SKU-${poItemId}`,
  });
  wholeProducts.set(product.id, product);
  const line = samplePurchaseOrderItem({
    po_id: poId,
    po_item_id: poItemId,
    product,
    quantity_ordered: ordered,
    quantity_received: received,
    quantity_cancelled: 0,
    quantity_remaining: ordered - received,
    supplier_buy_ex: 2.5,
  });
  return { ...line, product: lineProduct(product) } as CachedPurchaseOrderItem;
}
const wholeProducts = new Map<number, Product>();

function order(
  id: number,
  status: CachedPurchaseOrder['status']['name'],
  outletId: number,
  eta: string | null,
) {
  const { purchase_order_items: _, ...po } = samplePurchaseOrder({
    id,
    status: { id: 2, name: status },
    outlet: { id: outletId, name: `Outlet ${outletId}` },
    eta,
    external_purchase_order_id: `EXT-${id}`,
  });
  return po as CachedPurchaseOrder;
}

beforeEach(async () => {
  factory = new IDBFactory();
  name = `receiving-${++n}`;
  db = open();
  await db.purchaseOrders.bulkPut([
    order(101, 'OnOrder', 1, '2026-11-20T00:00:00.000Z'),
    order(102, 'ReceivingInProgress', 1, '2026-11-25T00:00:00.000Z'),
    order(103, 'Received', 1, '2026-11-26T00:00:00.000Z'),
    order(104, 'OnOrder', 2, '2026-11-27T00:00:00.000Z'),
  ]);
  const items = [
    item(101, 1, '9300000000011', 10),
    item(101, 2, '9300000000028', 5, 2),
    item(102, 3, '9300000000011', 4),
    item(104, 4, '9300000000011', 4),
  ];
  // One product on three orders: the lines of 102 and 104 order the product of line 1.
  items[2]!.product = items[0]!.product;
  items[3]!.product = items[0]!.product;
  await db.purchaseOrderItems.bulkPut(items);
  await db.products.bulkPut([items[0]!, items[1]!].map((line) => wholeProducts.get(line.product.id)!));
});

describe('open orders', () => {
  it("lists the outlet's open orders, newest ETA first, marking those with a draft", async () => {
    await addToLine(db, 101, 1, 1, { code: 'x' }, now);
    const rows = await listOpenOrders(db, 1);
    expect(rows.map((row) => [row.id, row.drafting])).toEqual([
      [102, false],
      [101, true],
    ]);
    expect((await listOpenOrders(db, null)).map((row) => row.id)).toEqual([104, 102, 101]);
  });

  it('finds an order by number or external id, and a product’s open orders of this outlet', async () => {
    expect(await matchCode(db, 'PO 101', 1)).toMatchObject({ kind: 'order', order: { id: 101 } });
    expect(await matchCode(db, 'EXT-102', 1)).toMatchObject({ kind: 'order', order: { id: 102 } });
    expect(await matchCode(db, '103', 1)).toEqual({ kind: 'closed-order', id: 103, status: 'Received' });
    const product = await matchCode(db, '9300000000011', 1);
    expect(product.kind === 'product' && product.orders.map((o) => o.id)).toEqual([102, 101]);
    expect(await matchCode(db, 'nothing-here', 1)).toEqual({ kind: 'unknown', code: 'nothing-here' });
  });
});

describe('drafts', () => {
  it('keeps every scan and edit across a reopened database, until discarded', async () => {
    await addToLine(db, 101, 1, 1, { code: '9300000000011' }, now);
    await addToLine(db, 101, 1, 12, { code: '9300000000011' }, now);
    expect(
      await setLine(db, 101, 2, { received: 2, faulty: 1, bin: ' A-3 ', notes: 'torn' }, now),
    ).toMatchObject({
      ok: true,
    });
    db.close();
    db = open();
    const draft = await readDraft(db, 101);
    expect(draft?.lines).toEqual({
      1: { received: 13, faulty: 0, bin: '', notes: '' },
      2: { received: 2, faulty: 1, bin: 'A-3', notes: 'torn' },
    });
    // The last scan is remembered, for "undo last scan"; a hand edit of another line leaves it.
    expect(draft?.lastScan).toMatchObject({ code: '9300000000011', poItemId: 1, quantity: 12 });
    expect((await listDrafts(db)).map((d) => d.poId)).toEqual([101]);
    await discardDraft(db, 101);
    expect(await readDraft(db, 101)).toBeUndefined();
  });

  it('undoes the last scan once: its units come off its line, and a second undo does nothing', async () => {
    for (let carton = 0; carton < 12; carton++)
      await addToLine(db, 101, 1, 1, { code: '9300000000019' }, now);
    await addToLine(db, 101, 1, 1, { code: '9300000000019' }, now);
    expect(await undoLastScan(db, 101, now)).toMatchObject({ poItemId: 1, quantity: 1 });
    expect((await readDraft(db, 101))?.lines[1]?.received).toBe(12);
    expect(await undoLastScan(db, 101, now)).toBeNull();
    expect((await readDraft(db, 101))?.lines[1]?.received).toBe(12);
    // A hand edit after the scan: nothing to undo.
    await addToLine(db, 101, 2, 3, { code: '9300000000026' }, now);
    await setLine(db, 101, 2, { received: 5, faulty: 0, bin: '', notes: '' }, now);
    expect(await undoLastScan(db, 101, now)).toBeNull();
    expect((await readDraft(db, 101))?.lines[2]?.received).toBe(5);
  });

  it('refuses a line edit with field-level words', async () => {
    const result = await setLine(db, 101, 1, { received: 1, faulty: 2, bin: '', notes: '' }, now);
    expect(result).toEqual({
      ok: false,
      errors: { faulty: 'Faulty units are among the received ones, so no more than received' },
    });
    // Issue #26: the bound every form's quantity has, 100,000 on a line.
    expect(await setLine(db, 101, 1, { received: 100_001, faulty: 0, bin: '', notes: '' }, now)).toEqual({
      ok: false,
      errors: { received: 'That is more units than one delivery can hold' },
    });
    expect(await readDraft(db, 101)).toBeUndefined();
  });
});

describe('completeReceipt', () => {
  it('takes the tax out of freight that includes it: $25.50 stays $25.50 on the invoice, never $28.05', async () => {
    await addToLine(db, 101, 1, 1, { code: '9300000000011' }, now);
    const result = await completeReceipt(
      db,
      101,
      { ...EMPTY_COMPLETION, invoiceNumber: 'DOC-78', freight: '25.50', freightIncludesTax: true },
      { now },
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const [op] = await db.outbox.toArray();
    // The API keeps the ex part with the flag and adds 10% back: 23.18 + 2.32 = 25.50.
    expect(op!.body).toMatchObject({ direct_costs: { freight: { includes_tax: true, total_ex: 23.18 } } });
    const invoice = (await db.supplierInvoices.get(result.invoiceId))!;
    expect(invoice.direct_costs.freight).toEqual({
      includes_tax: true,
      total_ex: 23.18,
      total_tax: 2.32,
      total_inc: 25.5,
    });
    const line = invoice.purchase_order_receipts[0]!.purchase_order_receipt_items[0]!;
    const lineEx = line.buy_price_ex * line.quantity_invoiced;
    expect(invoice.total_buy_price_inc).toBeCloseTo(lineEx * (line.include_tax ? 1.1 : 1) + 25.5, 2);
  });

  it('queues one invoice with the receipt, shows it, moves the order and deletes the draft', async () => {
    await addToLine(db, 101, 1, 10, { code: '9300000000011' }, now);
    await setLine(db, 101, 2, { received: 4, faulty: 1, bin: 'B-2', notes: 'one dented' }, now);
    const result = await completeReceipt(
      db,
      101,
      { ...EMPTY_COMPLETION, invoiceNumber: ' DOC-77 ', invoicedOn: '2026-11-22', freight: '12.50' },
      { now },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const ops = await db.outbox.toArray();
    expect(ops).toHaveLength(1);
    const op = ops[0]!;
    expect(op.kind).toBe('createSupplierInvoice');
    expect(
      OP_CATALOG.createSupplierInvoice.payload.safeParse({ params: op.params, body: op.body }).success,
    ).toBe(true);
    expect(op.body).toEqual({
      supplier_invoice_number: 'DOC-77',
      supplier_invoiced_on: '2026-11-22',
      purchase_order_receipts: [
        {
          purchase_order_id: 101,
          purchase_order_receipt_items: [
            expect.objectContaining({ purchase_order_item_id: 1, quantity_received: 10, quantity_faulty: 0 }),
            expect.objectContaining({
              purchase_order_item_id: 2,
              quantity_received: 4,
              quantity_faulty: 1,
              bin: 'B-2',
              notes: 'one dented',
            }),
          ],
        },
      ],
      direct_costs: { freight: { includes_tax: false, total_ex: 12.5 } },
    });
    expect(op.createsTempId).toBe(result.invoiceId);

    const invoice = await db.supplierInvoices.get(result.invoiceId);
    expect(invoice).toMatchObject({ status: 'In Progress', supplier_invoice_number: 'DOC-77', _temp: true });
    expect(await db.supplierInvoices.where('_poIds').equals(101).primaryKeys()).toEqual([result.invoiceId]);

    const items = await db.purchaseOrderItems.where('po_id').equals(101).sortBy('po_item_id');
    expect(
      items.map((i) => [i.quantity_received, i.quantity_remaining, i.quantity_received_variance]),
    ).toEqual([
      [10, 0, items[0]!.quantity_received_variance],
      [6, 0, 1],
    ]);
    const po = await db.purchaseOrders.get(101);
    expect(po?.status.name).toBe('Received');
    expect(po?._pendingOps).toEqual([op.id]);
    expect(await readDraft(db, 101)).toBeUndefined();
  });

  it('moves a partly received order to Receiving in progress', async () => {
    await addToLine(db, 101, 1, 3, null, now);
    const result = await completeReceipt(db, 101, { ...EMPTY_COMPLETION, invoiceNumber: 'D1' }, { now });
    expect(result.ok).toBe(true);
    expect((await db.purchaseOrders.get(101))?.status.name).toBe('ReceivingInProgress');
    expect((await db.purchaseOrderItems.get(1))?.quantity_remaining).toBe(7);
  });

  it('refuses a docket number already used on the order (cached or queued), before queueing', async () => {
    await db.supplierInvoices.put(
      sampleSupplierInvoice({
        id: 900,
        supplier_invoice_number: 'DOC-1',
        purchase_order_receipts: [samplePurchaseOrderReceipt({ purchase_order_id: 101 })],
      }),
    );
    await addToLine(db, 101, 1, 1, null, now);
    const again = await completeReceipt(db, 101, { ...EMPTY_COMPLETION, invoiceNumber: 'doc-1' }, { now });
    expect(again).toEqual({ ok: false, errors: { invoiceNumber: expect.stringContaining('invoice 900') } });

    expect(
      (await completeReceipt(db, 101, { ...EMPTY_COMPLETION, invoiceNumber: 'DOC-2' }, { now })).ok,
    ).toBe(true);
    await addToLine(db, 101, 1, 1, null, now);
    const queued = await completeReceipt(db, 101, { ...EMPTY_COMPLETION, invoiceNumber: 'DOC-2' }, { now });
    expect(queued).toEqual({
      ok: false,
      errors: { invoiceNumber: expect.stringContaining('a delivery saved on this computer') },
    });
    expect(await db.outbox.count()).toBe(1);
    expect(await readDraft(db, 101)).toBeDefined();
  });

  it('names what is missing: the number, an amount, anything received', async () => {
    const empty = await completeReceipt(db, 101, { ...EMPTY_COMPLETION, freight: '12,5' }, { now });
    expect(empty).toEqual({
      ok: false,
      errors: {
        invoiceNumber: 'Type or scan the invoice number from the delivery docket',
        freight: 'Freight is an amount such as 12.50 (no currency sign, not below zero)',
      },
    });
    // Issue #26: an amount past any real invoice is a slip, said at its field.
    const absurd = { ...EMPTY_COMPLETION, invoiceNumber: 'X', duty: '99999999999999' };
    expect(await completeReceipt(db, 101, absurd, { now })).toEqual({
      ok: false,
      errors: { duty: 'Duty must be 1,000,000,000 or less' },
    });
    const nothing = await completeReceipt(db, 101, { ...EMPTY_COMPLETION, invoiceNumber: 'X' }, { now });
    expect(nothing).toEqual({
      ok: false,
      errors: { lines: expect.stringContaining('Nothing has been received') },
    });
    await addToLine(db, 103, 1, 1, null, now);
    const closed = await completeReceipt(db, 103, { ...EMPTY_COMPLETION, invoiceNumber: 'X' }, { now });
    expect(closed).toEqual({ ok: false, errors: { lines: expect.stringContaining('Received') } });
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('the completion form kept with the draft', () => {
  it('is kept while the draft exists, and never brings a completed draft back', async () => {
    await addToLine(db, 101, 1, 1, null, now);
    await saveCompletion(db, 101, { invoiceNumber: 'D-9' }, now);
    expect((await readDraft(db, 101))?.completion).toEqual({ invoiceNumber: 'D-9' });
    expect((await completeReceipt(db, 101, { ...EMPTY_COMPLETION, invoiceNumber: 'D-9' }, { now })).ok).toBe(
      true,
    );
    // A debounced save that lands after the completion finds no draft and leaves none.
    await saveCompletion(db, 101, { invoiceNumber: 'D-9' }, now);
    expect(await readDraft(db, 101)).toBeUndefined();
  });
});
