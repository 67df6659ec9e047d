/** The schema's derived index: a PO's invoices are found through `_poIds`, whoever wrote the invoice. */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { samplePurchaseOrderReceipt, sampleSupplierInvoice } from '../api/resources/fixtures';
import { DockhandDb } from './schema';

const invoice = (id: number, poIds: number[]) =>
  sampleSupplierInvoice({
    id,
    purchase_order_receipts: poIds.map((poId, i) =>
      samplePurchaseOrderReceipt({ id: id * 10 + i, purchase_order_id: poId }),
    ),
  });

describe('supplier invoices by purchase order', () => {
  it('indexes the orders every receipt names, and follows replaced and edited rows', async () => {
    const db = new DockhandDb(`schema-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.supplierInvoices.bulkPut([invoice(1, [100, 101, 100]), invoice(2, [101])]);
    const ofOrder = async (poId: number) =>
      (await db.supplierInvoices.where('_poIds').equals(poId).primaryKeys()).sort();
    expect(await ofOrder(100)).toEqual([1]);
    expect(await ofOrder(101)).toEqual([1, 2]);

    // A pulled newer version (no `_poIds` of its own) replaces the row: the index follows its receipts.
    await db.supplierInvoices.put(invoice(2, [102]));
    expect(await ofOrder(101)).toEqual([1]);
    expect(await ofOrder(102)).toEqual([2]);

    // A change that leaves the receipts alone keeps the index.
    await db.supplierInvoices.update(1, { notes: 'checked' });
    expect(await ofOrder(100)).toEqual([1]);
    db.close();
  });
});
