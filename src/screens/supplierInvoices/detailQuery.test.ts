import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { samplePurchaseOrder, sampleSupplierInvoice } from '../../api/resources/fixtures';
import { createDexieStore } from '../../db/dexieStore';
import { saveInvoiceEdits, invoiceFormOf } from '../../db/edits/supplierInvoices';
import { DockhandDb } from '../../db/schema';
import { loadInvoice } from './detailQuery';

let db: DockhandDb;
let n = 0;
const invoice = sampleSupplierInvoice({ id: 7001 });
const receipt = invoice.purchase_order_receipts[0]!;
const [firstLine] = receipt.purchase_order_receipt_items;

beforeEach(async () => {
  db = new DockhandDb(`invoice-detail-${++n}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  const { purchase_order_items: items, ...order } = samplePurchaseOrder({ id: receipt.purchase_order_id });
  await db.purchaseOrders.put({ ...order, id: receipt.purchase_order_id });
  const item = items!.find((i) => i.po_item_id !== null)!;
  await db.purchaseOrderItems.put({ ...item, po_item_id: firstLine!.purchase_order_item_id });
  await db.supplierInvoices.put(invoice);
});

/** Saves an edit of the notes and returns the op it queued. */
async function editNotes(notes: string) {
  const form = { ...invoiceFormOf((await db.supplierInvoices.get(7001))!), notes };
  const result = await saveInvoiceEdits(db, 7001, form);
  if (!result.ok || !result.op) throw new Error('not saved');
  return result.op;
}

describe('loadInvoice', () => {
  it('gives the receipts with each line’s product from the cached order, and the orders', async () => {
    const detail = await loadInvoice(db, 7001);
    expect(detail.orders.map((order) => order.id)).toEqual([receipt.purchase_order_id]);
    expect(detail.missingOrders).toEqual([]);
    expect(detail.currency).toBe('AUD');
    const lines = detail.receipts[0]!.lines;
    expect(lines[0]!.item?.po_item_id).toBe(firstLine!.purchase_order_item_id);
    // A line whose order item is not cached says so (null) rather than failing.
    expect(lines.slice(1).every((line) => line.item === null)).toBe(true);
    expect(detail).toMatchObject({ badge: null, trouble: null, ops: [] });
  });

  it('names the fields of a conflict in words, never as the body path', async () => {
    const op = await editNotes('Mine');
    const store = createDexieStore(db);
    await store.markConflicted({
      id: op.id,
      conflicts: [
        { field: 'notes', base: null, local: 'Mine', server: 'Theirs' },
        { field: 'direct_costs.freight.total_ex', base: 50, local: 85, server: 60 },
      ],
    });
    const detail = await loadInvoice(db, 7001);
    expect(detail.badge).toBe('conflicted');
    expect(detail.trouble).toMatchObject({
      kind: 'conflicted',
      summary: 'Someone changed Notes, Freight (ex tax) on the server too. Choose which value to keep.',
    });
    expect(detail.trouble!.summary).not.toContain('direct_costs');
  });

  it('says why the server refused a change, with its fields in words', async () => {
    const op = await editNotes('Mine');
    await createDexieStore(db).failOp({
      id: op.id,
      reason: 'Refused',
      problem: {
        status: 400,
        title: 'Invalid body',
        detail: 'One field is not accepted',
        errors: { 'direct_costs.duty.total_ex': ['must be at most 1000'] },
      },
    });
    expect((await loadInvoice(db, 7001)).trouble).toMatchObject({
      kind: 'failed',
      summary: 'The server did not accept one value.',
      fields: [{ label: 'Duty (ex tax)', text: 'Duty (ex tax) must be at most 1000' }],
    });
  });

  it('leads from a synced temp id to the server id', async () => {
    await db.tempIds.put({
      tempId: -3,
      entity: 'supplierInvoices',
      serverId: 7001,
      createdAt: invoice.created_on,
    });
    expect(await loadInvoice(db, -3)).toMatchObject({ invoice: null, movedTo: 7001 });
    expect(await loadInvoice(db, 4242)).toMatchObject({ invoice: null, movedTo: null });
  });
});
