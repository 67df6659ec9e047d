/**
 * Faulty stock to a return (issue #28 part 4): the mapping from a receipt's report to return items (pure),
 * and the one step over fake-indexeddb: queued as `createSupplierReturnItem` ops on the supplier's open
 * return, all or nothing, never twice.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { sampleSupplierReturn, sampleSupplierReturnReason } from '../../api/resources/fixtures';
import type { DockhandDb } from '../schema';
import { memoryDb } from '../testing/memoryStore';
import { completeReceipt, EMPTY_COMPLETION } from './complete';
import { discrepancyReport } from './discrepancy';
import * as delivery from './discrepancyFixtures';
import { loadReceiptReport, type DiscrepancyRecord } from './discrepancyRecord';
import { faultyReturnItems, openReturnsOf, sendFaultyToReturn } from './faultyReturn';

const now = new Date('2026-11-27T10:00:00.000Z');
const FAULTY = 7;

describe('faultyReturnItems', () => {
  const record = (draft = delivery.deliveryDraft()): DiscrepancyRecord => ({
    invoiceId: -3,
    receiptId: -4,
    poId: delivery.PO_ID,
    supplier: { id: 41, name: 'Acme Apparel' },
    docket: 'INV-7781',
    receivedAt: now.toISOString(),
    pcName: null,
    currency: null,
    report: discrepancyReport({ items: delivery.deliveryItems(), draft }),
    faultySent: null,
  });

  it('makes one item per faulty line: its faulty units at the order line’s buy price, with the docket', () => {
    expect(faultyReturnItems(record(), FAULTY)).toEqual([
      {
        productId: 103,
        name: 'Camp lantern',
        form: {
          reasonId: FAULTY,
          quantity: 2,
          originalBuyEx: 25.25,
          claimAmountEx: 25.25,
          sourceId: null,
          originalInvoice: 'INV-7781',
          notes: 'Faulty on delivery: PO 1001, docket INV-7781',
        },
      },
    ]);
    expect(
      faultyReturnItems(record(delivery.draftOf({ [delivery.MUGS]: delivery.draftLine(20) })), FAULTY),
    ).toEqual([]);
  });
});

describe('sendFaultyToReturn', () => {
  let db: DockhandDb;

  beforeEach(async () => {
    db = memoryDb('faulty-return');
    await db.supplierReturns.bulkPut([
      sampleSupplierReturn({ id: 8001 }),
      sampleSupplierReturn({ id: 8002, supplier_return_status: { id: 3, name: 'Finalised' } }),
      sampleSupplierReturn({ id: 8003, supplier: { id: 77, name: 'Coral Textile' } }),
    ]);
    await db.returnReasons.put({ ...sampleSupplierReturnReason({ name: 'Faulty' }), id: FAULTY });
  });

  async function completed(draft = delivery.deliveryDraft()): Promise<number> {
    await delivery.seedDelivery(db, draft);
    const result = await completeReceipt(
      db,
      delivery.PO_ID,
      { ...EMPTY_COMPLETION, invoiceNumber: 'INV-7781' },
      { now },
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result.invoiceId;
  }
  const returnOps = async () =>
    (await db.outbox.toArray()).filter((op) => op.kind === 'createSupplierReturnItem');

  it('offers the supplier’s open returns, and queues the faulty units on one of them once', async () => {
    const invoiceId = await completed();
    expect((await openReturnsOf(db, 41)).map((row) => row.id)).toEqual([8001]);

    const sent = await sendFaultyToReturn(db, invoiceId, 8001, FAULTY, { now });
    expect(sent).toMatchObject({ ok: true, returnId: 8001, units: 2 });
    const [op, ...more] = await returnOps();
    expect(more).toEqual([]);
    expect(op).toMatchObject({ params: { id: 8001 }, state: 'queued' });
    expect(op!.body).toEqual({
      product: { id: 103 },
      supplier_return_reason: { id: FAULTY },
      return_quantity: 2,
      original_buy_ex: 25.25,
      claim_amount_ex: 25.25,
      original_supplier_invoice: 'INV-7781',
      supplier_return_item_notes: 'Faulty on delivery: PO 1001, docket INV-7781',
    });
    const items = await db.supplierReturnItems.where('supplier_return_id').equals(8001).toArray();
    expect(items.map((item) => [item.product.id, item.return_quantity, item.total_claim_amount_ex])).toEqual([
      [103, 2, 50.5],
    ]);
    expect((await loadReceiptReport(db, invoiceId))?.record.faultySent).toEqual({
      returnId: 8001,
      units: 2,
      at: now.toISOString(),
    });

    // A second click (or another tab) sends nothing more.
    expect(await sendFaultyToReturn(db, invoiceId, 8001, FAULTY, { now })).toEqual({
      ok: false,
      error: 'The faulty units of this receipt already went to return 8001.',
    });
    expect(await returnOps()).toHaveLength(1);
  });

  it('refuses another supplier’s return and a finalised one, in words, and queues nothing', async () => {
    const invoiceId = await completed();
    expect(await sendFaultyToReturn(db, invoiceId, 8003, FAULTY, { now })).toEqual({
      ok: false,
      error: 'Return 8003 is for Coral Textile, not Acme Apparel: choose one of theirs.',
    });
    expect(await sendFaultyToReturn(db, invoiceId, 8002, FAULTY, { now })).toEqual({
      ok: false,
      error: 'Camp lantern: This return is finalised: no more items can be added to it.',
    });
    expect(await sendFaultyToReturn(db, invoiceId, 8999, FAULTY, { now })).toEqual({
      ok: false,
      error: 'Return 8999 is not on this computer yet.',
    });
    expect(await returnOps()).toEqual([]);
  });

  it('is all or nothing: a line that cannot be added takes back the ones before it', async () => {
    // Faulty mugs come first in the order; the lanterns' product is gone from this computer.
    const invoiceId = await completed(
      delivery.draftOf({
        [delivery.MUGS]: delivery.draftLine(20, 1),
        [delivery.LANTERNS]: delivery.draftLine(6, 2),
      }),
    );
    await db.products.delete(103);
    expect(await sendFaultyToReturn(db, invoiceId, 8001, FAULTY, { now })).toEqual({
      ok: false,
      error: 'Camp lantern is not on this computer any more, so it cannot be added.',
    });
    expect(await returnOps()).toEqual([]);
    expect(await db.supplierReturnItems.count()).toBe(0);
    expect((await loadReceiptReport(db, invoiceId))?.record.faultySent).toBeNull();
  });
});
