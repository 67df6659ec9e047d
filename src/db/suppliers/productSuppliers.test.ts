import { beforeEach, describe, expect, it } from 'vitest';
import { ProductSupplierItemsSchema } from '../../api/requests';
import { sampleSupplier } from '../../api/resources/fixtures';
import { createDexieStore } from '../dexieStore';
import type { DockhandDb } from '../schema';
import { memoryDb } from '../testing/memoryStore';
import {
  addProductSuppliers,
  linkFormOf,
  loadProductSuppliers,
  removeAllProductSuppliers,
  saveProductSupplierEdits,
  type LinkForm,
} from './productSuppliers';
import { productSupplierLink as link } from '../testing/productSupplierLink';

let db: DockhandDb;
beforeEach(async () => {
  db = memoryDb('product-suppliers');
  await db.productSuppliers.bulkPut([link('ACME', { is_default: true }), link('BOLT')]);
  await db.suppliers.bulkPut([
    { ...sampleSupplier(), id: 41 },
    { ...sampleSupplier({ supplier_code: 'CORK', name: 'Cork & Co', is_enabled: false }), id: 43 },
  ]);
  await db.products.put({ id: 7, supplier_buy_ex: 8.5, lead_time: 12 } as never);
});

const forms = async () => (await loadProductSuppliers(db, 7)).links.map(linkFormOf);
const changed = async (code: string, change: Partial<LinkForm>) =>
  (await forms()).map((form) => (form.supplierCode === code ? { ...form, ...change } : form));

describe('bulk edit', () => {
  it('queues one update naming only the changed links and fields, the links as seen as the base', async () => {
    const edits = (await changed('BOLT', { leadTime: 3, notes: 'Carton of 6', isDefault: true })).map(
      (form) => (form.supplierCode === 'ACME' ? { ...form, isDefault: false } : form),
    );
    const result = await saveProductSupplierEdits(db, 7, edits);
    if (!result.ok || !result.op) throw new Error(JSON.stringify(result));
    expect(result.op).toMatchObject({
      kind: 'updateProductSuppliers',
      aggregate: 'productSuppliers:7',
      body: [
        { supplier_code: 'ACME', is_default: false },
        { supplier_code: 'BOLT', lead_time: 3, notes: 'Carton of 6', is_default: true },
      ],
    });
    expect(result.op.baseVersion).toEqual([link('ACME', { is_default: true }), link('BOLT')]);
    expect(() => ProductSupplierItemsSchema.parse(result.op!.body)).not.toThrow();
    const view = await loadProductSuppliers(db, 7);
    expect(view.badge).toBe('pending');
    expect(view.links.map((l) => [l.supplier_code, l.is_default, l.lead_time])).toEqual([
      ['BOLT', true, 3],
      ['ACME', false, 5],
    ]);
  });

  it('refuses two defaults, a missing lead time and a bad price, in words at the link', async () => {
    const edits = (await changed('BOLT', { isDefault: true, leadTime: null, buyPrice: 1e18 })).map(
      (form) => form,
    );
    expect(await saveProductSupplierEdits(db, 7, edits)).toEqual({
      ok: false,
      errors: {
        'BOLT.isDefault': ['Only one default supplier: ACME is already the default.'],
        'BOLT.leadTime': ['A lead time is needed; enter 0 for none.'],
        'BOLT.buyPrice': ['Buy price must be 1,000,000 or less'],
      },
    });
    expect(await db.outbox.count()).toBe(0);
  });

  it('holds a changed lead time, barcode and notes to the sanity bounds (issue #26)', async () => {
    const edits = await changed('BOLT', {
      leadTime: 9_999,
      sku2: '9'.repeat(51),
      notes: 'n'.repeat(10_000),
      buyPrice: 1.23456,
    });
    expect(await saveProductSupplierEdits(db, 7, edits)).toEqual({
      ok: false,
      errors: {
        'BOLT.buyPrice': ['Buy price can have at most 4 decimal places'],
        'BOLT.leadTime': ['Lead time must be 365 or less'],
        'BOLT.sku2': ['At most 50 characters (this has 51).'],
        'BOLT.notes': ['At most 2,000 characters (this has 10,000).'],
      },
    });
    expect(await db.outbox.count()).toBe(0);
    const atBounds = await changed('BOLT', { leadTime: 365, buyPrice: 1_000_000, notes: 'n'.repeat(2_000) });
    expect(await saveProductSupplierEdits(db, 7, atBounds)).toMatchObject({ ok: true });
  });

  it('writes nothing when nothing changed; an emptied barcode is cleared with null', async () => {
    expect(await saveProductSupplierEdits(db, 7, await forms())).toEqual({ ok: true, op: null });
    await db.productSuppliers.put(link('BOLT', { supplier_sku2: '9300000000017' }));
    const result = await saveProductSupplierEdits(db, 7, await changed('BOLT', { sku2: '' }));
    if (!result.ok || !result.op) throw new Error('not queued');
    expect(result.op.body).toEqual([{ supplier_code: 'BOLT', supplier_sku2: null }]);
  });
});

describe('add and remove all', () => {
  const added = (code: string, more: Partial<LinkForm> = {}): LinkForm => ({
    supplierCode: code,
    buyPrice: null,
    sku2: '',
    leadTime: null,
    isDefault: false,
    notes: '',
    ...more,
  });

  it("adds a known supplier with the product's price and lead time, a new default clearing the old", async () => {
    const result = await addProductSuppliers(db, 7, [added('CORK', { isDefault: true })]);
    if (!result.ok || !result.op) throw new Error(JSON.stringify(result));
    expect(result.op).toMatchObject({
      kind: 'createProductSuppliers',
      body: [{ supplier_code: 'CORK', is_default: true }],
    });
    const links = (await loadProductSuppliers(db, 7)).links;
    expect(links.find((l) => l.supplier_code === 'CORK')).toMatchObject({
      supplier_name: 'Cork & Co',
      is_enabled: false,
      supplier_buy_ex: 8.5,
      lead_time: 12,
      is_default: true,
    });
    expect(links.filter((l) => l.is_default).map((l) => l.supplier_code)).toEqual(['CORK']);
  });

  it('refuses a code already linked and one no cached supplier has', async () => {
    expect(await addProductSuppliers(db, 7, [added('ACME'), added('NOPE')])).toEqual({
      ok: false,
      errors: {
        'ACME.supplierCode': ['ACME is already a supplier of this product.'],
        'NOPE.supplierCode': ['No supplier with code NOPE on this computer.'],
      },
    });
  });

  it('removes every link at once; a discard brings them back', async () => {
    const result = await removeAllProductSuppliers(db, 7);
    if (!result.ok || !result.op) throw new Error('not queued');
    expect(result.op).toMatchObject({ kind: 'deleteProductSuppliers', params: { product_id: 7 } });
    expect((await loadProductSuppliers(db, 7)).links).toEqual([]);
    expect((await loadProductSuppliers(db, 7)).badge).toBe('pending');
    await createDexieStore(db).discard({ id: result.op.id });
    expect((await loadProductSuppliers(db, 7)).links.map((l) => l.supplier_code)).toEqual(['ACME', 'BOLT']);
  });
});
