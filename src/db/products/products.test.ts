/**
 * The products screen's domain over fake-indexeddb: search by code prefix and by description words through
 * the index keys, bounded; one product's page with its stock per outlet and orders.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { sampleProduct, samplePurchaseOrder, samplePurchaseOrderItem } from '../../api/resources/fixtures';
import type { DockhandDb, CachedPurchaseOrder, CachedPurchaseOrderItem } from '../schema';
import { memoryDb } from '../testing/memoryStore';
import { readProductRecord } from './productRecord';
import { searchProducts } from './productSearch';

let db: DockhandDb;
beforeEach(() => {
  db = memoryDb('products-test');
});

const product = (id: number, short_description: string, supplier_sku = `SKU-${id}`) =>
  sampleProduct({
    id,
    short_description,
    supplier_sku,
    supplier_sku2: `93000000${String(id).padStart(5, '0')}`,
    manufacturer_sku: `M-${id}`,
  });

describe('searchProducts', () => {
  beforeEach(async () => {
    await db.products.bulkPut([
      product(1, 'Hex bolt M8 zinc'),
      product(2, 'Hex nut M8'),
      product(3, 'Washer M8-zinc', 'HB-3'),
      product(4, 'Bolt cutter'),
    ]);
  });
  const ids = async (text: string, limit?: number) => (await searchProducts(db, text, limit)).ids;

  it('finds products by every word of the description, by word beginnings, in any order and case', async () => {
    expect(await ids('hex m8')).toEqual([1, 2]);
    expect(await ids('ZINC bol')).toEqual([1]);
    // "M8-zinc" is two words.
    expect(await ids('zinc')).toEqual([1, 3]);
    expect(await ids('hex cutter')).toEqual([]);
  });

  it('finds products by the beginning of any code, code matches first', async () => {
    expect(await ids('9300000000002')).toEqual([2]);
    expect(await ids('m-4')).toEqual([4]);
    // HB-3 is a code beginning "hb"; nothing's description has a word beginning "hb".
    expect(await ids('hb')).toEqual([3]);
    expect(await ids('sku-1')).toEqual([1]);
  });

  it('narrows by the selective words and checks the common ones on rows, past the per-word key cap', async () => {
    const budget = { probe: 2, cap: 2 };
    // With 2 keys a word, "m8" (3 products) is common, "zinc" and "hex" (2 each) are selective.
    expect((await searchProducts(db, 'm8 zinc', 200, budget)).ids).toEqual([1, 3]);
    expect((await searchProducts(db, 'hex m8', 200, budget)).ids).toEqual([1, 2]);
    // A probe of 1 key finds every word common, so up to the cap is read: "hex" is selective after all.
    expect((await searchProducts(db, 'hex m8', 200, { probe: 1, cap: 2 })).ids).toEqual([1, 2]);
    // Only common words: what the first cap of keys holds, and the list says there may be more.
    const onlyCommon = await searchProducts(db, 'm8', 200, budget);
    expect(onlyCommon.more).toBe(true);
    expect(onlyCommon.ids).toEqual([1, 2]);
  });

  it('lists at most the limit and says there are more', async () => {
    expect(await searchProducts(db, 'm8', 2)).toEqual({ ids: [1, 2], more: true });
    expect(await searchProducts(db, '   ')).toEqual({ ids: [], more: false });
  });
});

describe('readProductRecord', () => {
  it('reads the product with its stock per outlet with the newest MSL, and its orders', async () => {
    const widget = sampleProduct({
      id: 7,
      inventory: [
        {
          outlet: { id: 2, name: 'Parramatta', modified_on: '2026-01-01T00:00:00Z' },
          quantity_available: 3,
          quantity_on_order: 10,
        },
        {
          outlet: { id: 1, name: 'Sydney CBD', modified_on: '2026-01-01T00:00:00Z' },
          quantity_available: 12,
          quantity_on_order: 0,
        },
      ],
    });
    await db.products.put(widget);
    const line = (po_item_id: number, po_id: number, msl: number, quantity_ordered: number) =>
      samplePurchaseOrderItem({
        po_item_id,
        po_id,
        product: widget,
        quantity_ordered,
        inventory: {
          outlet: { id: 1, name: 'Sydney CBD' },
          quantity_available: 12,
          quantity_on_order: 0,
          msl,
        },
      }) as unknown as CachedPurchaseOrderItem;
    await db.purchaseOrderItems.bulkPut([line(1, 500, 4, 24), line(2, 501, 9, 6)]);
    const { purchase_order_items: _items, ...order } = samplePurchaseOrder({ id: 501 });
    await db.purchaseOrders.put(order as unknown as CachedPurchaseOrder);

    const record = await readProductRecord(db, 7);
    expect(record?.stock).toEqual([
      { outletId: 2, outlet: 'Parramatta', available: 3, onOrder: 10, msl: null },
      { outletId: 1, outlet: 'Sydney CBD', available: 12, onOrder: 0, msl: 9 },
    ]);
    expect(record?.orders.map((o) => [o.poId, o.ordered, o.status])).toEqual([
      [501, 6, order.status.name],
      // An order whose row is not cached yet still lists its line.
      [500, 24, ''],
    ]);
    expect(await readProductRecord(db, 99)).toBeUndefined();
  });
});
