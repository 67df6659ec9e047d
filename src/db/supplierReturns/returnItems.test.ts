import { beforeEach, describe, expect, it } from 'vitest';
import { SupplierReturnItemCreateSchema } from '../../api/requests';
import {
  sampleProduct,
  sampleProductSupplier,
  sampleSupplier,
  sampleSupplierReturn,
  sampleSupplierReturnItem,
  sampleSupplierReturnReason,
} from '../../api/resources/fixtures';
import { CREATED } from '../../api/resources/fixtures/common';
import { createDexieStore } from '../dexieStore';
import type { DockhandDb } from '../schema';
import { memoryDb } from '../testing/memoryStore';
import {
  addReturnItem,
  itemFormFor,
  reasonChoices,
  restoreReturnItem,
  sourceChoices,
  validateItemForm,
} from './returnItems';
import { loadSupplierReturn } from './returnRecords';

let db: DockhandDb;
const now = new Date('2026-03-10T09:30:00Z');
const product = sampleProduct({ supplier_sku2: '9300000000017' });
// Its own supplier is Coral Textile, not the return's (Acme).
const other = sampleProduct({
  id: 5013,
  short_description: 'Ember dome tent',
  supplier_sku2: '9300000000024',
  supplier: { ...product.supplier, id: 77, supplier_code: 'CORAL', name: 'Coral Textile' },
});

beforeEach(async () => {
  db = memoryDb('return-items');
  await db.supplierReturns.bulkPut([
    sampleSupplierReturn(),
    sampleSupplierReturn({ id: 8002, supplier_return_status: { id: 3, name: 'Finalised' } }),
  ]);
  await db.returnReasons.bulkPut([
    { ...sampleSupplierReturnReason(), id: 5 },
    { ...sampleSupplierReturnReason({ name: 'Wrong size sent', deleted: true, deleted_on: CREATED }), id: 6 },
    { ...sampleSupplierReturnReason({ name: 'Faulty' }), id: 7 },
  ]);
  // The product comes from the return's supplier (Acme, 41): the rule of ./supplierLink.ts is met.
  await db.suppliers.put({ ...sampleSupplier(), id: 41 });
  await db.products.bulkPut([product, other]);
  await db.productSuppliers.bulkPut([
    sampleProductSupplier(),
    sampleProductSupplier({ product_id: other.id, supplier_code: 'CORAL', supplier_name: 'Coral Textile' }),
  ]);
  await db.supplierReturnItems.put(
    sampleSupplierReturnItem({
      id: 8109,
      supplier_return_id: 8002,
      supplier_return_item_source: { id: 2, name: 'Stocktake' },
    }),
  );
});

const form = (changes: Partial<ReturnType<typeof itemFormFor>> = {}) => ({
  ...itemFormFor(product),
  reasonId: 7,
  ...changes,
});

describe('choices', () => {
  it('offers live reasons by name, and the sources cached items name', async () => {
    expect(await reasonChoices(db)).toEqual([
      { value: 5, label: 'Damaged in transit' },
      { value: 7, label: 'Faulty' },
    ]);
    expect(await sourceChoices(db)).toEqual([{ value: 2, label: 'Stocktake' }]);
  });
});

describe('validateItemForm', () => {
  it('builds the create body: empty amounts left to the server, text trimmed, empty text left out', () => {
    expect(
      validateItemForm(
        5012,
        form({ quantity: 3, claimAmountEx: null, sourceId: 2, originalInvoice: ' INV-9 ' }),
      ),
    ).toEqual({
      ok: true,
      body: {
        product: { id: 5012 },
        supplier_return_reason: { id: 7 },
        return_quantity: 3,
        original_buy_ex: 8.4,
        supplier_return_item_source: { id: 2 },
        original_supplier_invoice: 'INV-9',
      },
    });
  });

  it('says what is wrong at each field, in words', () => {
    expect(
      validateItemForm(5012, form({ reasonId: null, quantity: 0, originalBuyEx: -1, claimAmountEx: 2.5 })),
    ).toEqual({
      ok: false,
      errors: {
        reasonId: ['Choose why it goes back to the supplier.'],
        quantity: ['Enter how many go back: a whole number, at least 1.'],
        originalBuyEx: [
          'Enter the price it was bought at, 0 or more, or leave it empty for the product’s buy price.',
        ],
      },
    });
    expect(validateItemForm(5012, form({ quantity: 1.5 }))).toMatchObject({
      ok: false,
      errors: { quantity: [expect.any(String)] },
    });
  });
});

describe('addReturnItem', () => {
  it('queues createSupplierReturnItem in the return’s group with a temp id, the row shown at once', async () => {
    const result = await addReturnItem(
      db,
      8001,
      product,
      form({ quantity: 2, claimAmountEx: 5, notes: 'Torn seam' }),
      {
        now,
      },
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.op).toMatchObject({
      kind: 'createSupplierReturnItem',
      aggregate: 'supplierReturn:8001',
      params: { id: 8001 },
      createsTempId: result.item.id,
      label: 'Return 2 × Classic tee, black, M on supplier return 8001',
    });
    expect(() => SupplierReturnItemCreateSchema.parse(result.op.body)).not.toThrow();
    expect(result.item.id).toBeLessThan(0);
    // The return includes tax: 10% on the claim, as the server adds it.
    expect(await db.supplierReturnItems.get(result.item.id)).toMatchObject({
      supplier_return_id: 8001,
      supplier_return_reason: { id: 7, name: 'Faulty' },
      return_quantity: 2,
      original_buy_ex: 8.4,
      total_original_buy_ex: 16.8,
      claim_amount_ex: 5,
      total_claim_amount_ex: 10,
      total_claim_amount_tax: 1,
      total_claim_amount_inc: 11,
      supplier_return_item_status: { id: 1, name: 'Incomplete' },
      supplier_return_item_notes: 'Torn seam',
      _pendingOps: [result.op.id],
    });
    const detail = await loadSupplierReturn(db, 8001);
    expect(detail.items.map(({ item, badge }) => [item.id, badge])).toEqual([[result.item.id, 'pending']]);
    expect(detail.badge).toBe('pending');
  });

  it('refuses a finalised return, a deleted reason and an invalid form, writing nothing', async () => {
    expect(await addReturnItem(db, 8002, product, form())).toEqual({
      ok: false,
      errors: { $: ['This return is finalised: no more items can be added to it.'] },
    });
    expect(await addReturnItem(db, 8001, product, form({ reasonId: 6 }))).toEqual({
      ok: false,
      errors: { reasonId: ['That reason has been deleted: choose another.'] },
    });
    expect(await addReturnItem(db, 8001, product, form({ quantity: null }))).toMatchObject({ ok: false });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.supplierReturnItems.where('id').below(0).count()).toBe(0);
  });

  it('is discarded with its row removed', async () => {
    const result = await addReturnItem(db, 8001, product, form());
    if (!result.ok) throw new Error('not queued');
    await createDexieStore(db).discard({ id: result.op.id });
    expect(await db.supplierReturnItems.get(result.item.id)).toBeUndefined();
  });

  it('refuses another supplier’s product, in words, unless the clerk adds it anyway', async () => {
    expect(await addReturnItem(db, 8001, other, form())).toEqual({
      ok: false,
      errors: {
        $: [
          'Ember dome tent isn’t supplied by Acme Apparel — it can’t go on this return. It comes from Coral Textile.',
        ],
      },
    });
    expect(await db.outbox.count()).toBe(0);
    const anyway = await addReturnItem(db, 8001, other, form(), { anySupplier: true });
    expect(anyway).toMatchObject({ ok: true, op: { body: { product: { id: 5013 } } } });
  });
});

describe('removal of an item (the API has no delete of a return item)', () => {
  it('offers only an item added here and not yet on its way', async () => {
    await db.supplierReturnItems.put(sampleSupplierReturnItem({ id: 8110, supplier_return_id: 8001 }));
    const added = await addReturnItem(db, 8001, product, form());
    if (!added.ok) throw new Error('not queued');
    const removals = async () =>
      (await loadSupplierReturn(db, 8001)).items.map(({ item, removal }) => [item.id, removal]);
    expect(await removals()).toEqual([
      [8110, { kind: 'on-server' }],
      [added.item.id, { kind: 'removable', opId: added.op.id }],
    ]);
    await db.outbox.where('id').equals(added.op.id).modify({ state: 'sending' });
    expect((await removals())[1]).toEqual([added.item.id, { kind: 'sending' }]);
  });
});

describe('restoreReturnItem (Undo after Remove)', () => {
  it('queues the discarded item again with the same body, as a new create', async () => {
    const first = await addReturnItem(db, 8001, other, form({ quantity: 3, notes: 'Torn' }), {
      anySupplier: true,
    });
    if (!first.ok) throw new Error('not queued');
    await createDexieStore(db).discard({ id: first.op.id });
    const again = await restoreReturnItem(db, first.op);
    if (!again.ok) throw new Error(JSON.stringify(again.errors));
    expect(again.op.id).not.toBe(first.op.id);
    expect(again.op.body).toEqual(first.op.body);
    expect(await db.supplierReturnItems.get(again.item.id)).toMatchObject({ return_quantity: 3 });
  });
});
