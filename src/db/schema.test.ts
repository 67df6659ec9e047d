/**
 * The schema's derived indexes, whoever wrote the row: a PO's invoices are found through `_poIds`, a
 * product through any of its codes (`_codes`), and a cache of an older version gets them when it opens.
 */
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { sampleProduct, samplePurchaseOrderReceipt, sampleSupplierInvoice } from '../api/resources/fixtures';
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

describe('products by code', () => {
  const codesOf = async (db: DockhandDb, id: number) => (await db.products.get(id))?._codes;

  it('indexes every code of a product in upper case, and follows replaced and edited rows', async () => {
    const db = new DockhandDb(`schema-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.products.put(
      sampleProduct({
        id: 1,
        supplier_sku2: '9300000000019',
        supplier_sku: 'hb-1',
        manufacturer_sku: 'HB-1',
      }),
    );
    // The two SKUs differ only in case: one entry.
    expect(await codesOf(db, 1)).toEqual(['9300000000019', 'HB-1']);
    await db.products.put(
      sampleProduct({ id: 1, supplier_sku2: '', supplier_sku: 'hb-2', manufacturer_sku: 'm-9' }),
    );
    expect(await codesOf(db, 1)).toEqual(['HB-2', 'M-9']);
    await db.products.update(1, { supplier_sku: 'hb-3' });
    expect(await db.products.where('_codes').equals('HB-3').primaryKeys()).toEqual([1]);
    expect(await db.products.where('_codes').equals('HB-2').primaryKeys()).toEqual([]);
    db.close();
  });

  it('gives the products a cache of an older version already holds their codes when it opens', async () => {
    const indexedDB = new IDBFactory();
    const name = `schema-${Math.random()}`;
    // Version 3's products table, as an installed app left it.
    const old = new Dexie(name, { indexedDB, IDBKeyRange });
    old
      .version(3)
      .stores({ products: 'id, supplier_sku, supplier_sku2, manufacturer_sku, supplier.id, modified_on' });
    await old.table('products').bulkPut([
      sampleProduct({
        id: 1,
        supplier_sku2: '9300000000019',
        supplier_sku: 'a-1',
        manufacturer_sku: 'M-1',
      }),
      sampleProduct({ id: 2, supplier_sku2: '9300000000026', supplier_sku: 'b-2', manufacturer_sku: '' }),
    ]);
    old.close();

    const db = new DockhandDb(name, { indexedDB, IDBKeyRange });
    expect(await db.products.where('_codes').equals('A-1').primaryKeys()).toEqual([1]);
    expect(await codesOf(db, 2)).toEqual(['9300000000026', 'B-2']);
    db.close();
  });
});
