/**
 * Completing a delivery keeps its discrepancy report (issue #28 part 2), over fake-indexeddb: a shortfall the
 * clerk marks not coming is said in the queued invoice's notes and on the kept report, which opens by the
 * invoice's temp id, by its server id once it syncs, and by its docket after the temp id is forgotten.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { samplePurchaseOrderReceipt, sampleSupplierInvoice } from '../../api/resources/fixtures';
import type { DockhandDb } from '../schema';
import { memoryDb } from '../testing/memoryStore';
import { completeReceipt, EMPTY_COMPLETION, withFate } from './complete';
import { seedDelivery, PO_ID, STOVES, TENTS } from './discrepancyFixtures';
import { loadReceiptReport } from './discrepancyRecord';

let db: DockhandDb;
const now = new Date('2026-11-27T09:30:00.000Z');
const NOTE = 'Not coming (supplier will not send the rest): 4 × Trail stove.';

beforeEach(async () => {
  db = memoryDb('complete-report');
  await seedDelivery(db);
});

async function complete(notComing: string) {
  const result = await completeReceipt(
    db,
    PO_ID,
    { ...EMPTY_COMPLETION, invoiceNumber: 'INV-7781', notComing },
    { now, pcName: 'Sydney CBD receiving PC' },
  );
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result;
}

describe('completeReceipt and the report', () => {
  it('says a shortfall not coming in the invoice notes and keeps the report with the receipt', async () => {
    // The stoves were marked not coming, then the tents too, then the tents back on order.
    const fates = withFate(withFate(withFate('', STOVES, true), TENTS, true), TENTS, false);
    expect(fates).toBe(String(STOVES));
    const { invoiceId, op } = await complete(fates);

    expect(op.body).toMatchObject({ supplier_invoice_number: 'INV-7781', notes: NOTE });
    expect((await db.supplierInvoices.get(invoiceId))?.notes).toBe(NOTE);

    const kept = await loadReceiptReport(db, invoiceId);
    expect(kept).toMatchObject({ invoiceId, poId: PO_ID });
    expect(kept!.receiptId).toBeLessThan(0);
    expect(kept!.record).toMatchObject({
      docket: 'INV-7781',
      supplier: { id: 41, name: 'Acme Apparel' },
      pcName: 'Sydney CBD receiving PC',
      receivedAt: now.toISOString(),
      faultySent: null,
    });
    const { lines, totals } = kept!.record.report;
    expect(lines.map((line) => [line.name, line.summary])).toEqual([
      ['Ember dome tent', '5 short – still on order'],
      ['Enamel mug', '4 over what was ordered'],
      ['Camp lantern', '2 faulty'],
      ['Trail stove', '4 short – not coming'],
    ]);
    expect(totals).toMatchObject({ unitsOnOrder: 5, unitsNotComing: 4, unitsFaulty: 2, unitsOver: 4 });
  });

  it('sends no notes when every shortfall stays on order', async () => {
    const { op } = await complete('');
    expect(op.body).not.toHaveProperty('notes');
    expect((await loadReceiptReport(db, op.createsTempId!))?.record.report.totals.unitsOnOrder).toBe(9);
  });

  it('opens a synced receipt’s report by its server id, and by its docket once the temp id is forgotten', async () => {
    const { invoiceId } = await complete('');
    const { record } = (await loadReceiptReport(db, invoiceId))!;
    // The engine's create: server ids for the invoice and its receipt, the server's row for the temp one.
    await db.tempIds.update(invoiceId, { serverId: 5120 });
    await db.tempIds.update(record.receiptId, { serverId: 7001 });
    await db.supplierInvoices.delete(invoiceId);
    await db.supplierInvoices.bulkPut([
      sampleSupplierInvoice({
        id: 5120,
        supplier_invoice_number: 'INV-7781',
        purchase_order_receipts: [samplePurchaseOrderReceipt({ id: 7001, purchase_order_id: PO_ID })],
      }),
      sampleSupplierInvoice({
        id: 5121,
        supplier_invoice_number: 'INV-9999',
        purchase_order_receipts: [samplePurchaseOrderReceipt({ id: 7002, purchase_order_id: PO_ID })],
      }),
    ]);

    expect(await loadReceiptReport(db, 5120)).toMatchObject({ invoiceId: 5120, receiptId: 7001 });
    expect(await loadReceiptReport(db, invoiceId)).toMatchObject({ invoiceId: 5120, receiptId: 7001 });
    await db.tempIds.clear();
    expect(await loadReceiptReport(db, 5120)).toMatchObject({ invoiceId: 5120, receiptId: 7001, record });
    // Another delivery of the same order has no report on this computer.
    expect(await loadReceiptReport(db, 5121)).toBeNull();
  });
});
