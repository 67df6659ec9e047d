import { beforeEach, describe, expect, it } from 'vitest';
import { PurchaseOrderSchema } from '../../api/resources';
import {
  sampleOutlet,
  samplePurchaseOrder,
  sampleProduct,
  sampleSupplier,
} from '../../api/resources/fixtures';
import { LineProductSchema } from '../lineProduct';
import { opCatalog } from '../opCatalog';
import type { DockhandDb } from '../schema';
import { memoryDb } from '../testing/memoryStore';
import { childTempIds } from '../tempIds';
import { queueNewPurchaseOrder, validateNewPurchaseOrder, type NewPurchaseOrderForm } from './purchaseOrders';

let db: DockhandDb;
const now = new Date('2026-03-10T09:30:00');

const tee = sampleProduct({
  id: 10001,
  supplier_buy_ex: 8.4,
  weight: 0.2,
  inventory: [
    {
      outlet: { id: 1, name: 'Sydney CBD', modified_on: '2026-01-01T00:00:00Z' },
      quantity_available: 7,
      quantity_on_order: 2,
    },
  ],
});
const cap = sampleProduct({
  id: 10002,
  supplier_sku: 'CAP-1',
  supplier_sku2: '9300000000019',
  supplier_buy_ex: 3.25,
  inventory: [],
});

beforeEach(async () => {
  db = memoryDb('po-edits');
  await db.suppliers.put(sampleSupplier({ id: 101, name: 'Acme Apparel' }) as never);
  await db.outlets.put(sampleOutlet({ id: 1, name: 'Sydney CBD' }) as never);
  await db.products.bulkPut([{ ...tee, _fetchedAt: '2026-03-01T00:00:00Z' }, cap]);
});

const form = (overrides: Partial<NewPurchaseOrderForm> = {}): NewPurchaseOrderForm => ({
  supplierId: 101,
  outletId: 1,
  eta: '2026-03-20',
  lines: [
    { productId: 10001, quantity: 12, buyPrice: null },
    { productId: 10002, quantity: 3, buyPrice: 2.5 },
  ],
  ...overrides,
});

async function countWrites() {
  return {
    ops: await db.outbox.count(),
    tempIds: await db.tempIds.count(),
    orders: await db.purchaseOrders.count(),
    items: await db.purchaseOrderItems.count(),
  };
}

describe('queueNewPurchaseOrder', () => {
  it('shows the order at once, pending, with its lines, shaped like the server answer', async () => {
    const result = await queueNewPurchaseOrder(db, form(), { now });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.id).toBeLessThan(0);

    const order = (await db.purchaseOrders.get(result.id))!;
    expect(order).toMatchObject({
      _pendingOps: [result.op.id],
      _temp: true,
      status: { name: 'Incomplete' },
      supplier: { id: 101, name: 'Acme Apparel' },
      outlet: { id: 1, name: 'Sydney CBD' },
      eta: '2026-03-20T00:00:00.000Z',
      external_purchase_order_id: result.externalId,
      total_quantity_ordered: 15,
      total_quantity_remaining: 15,
      // 12 × 8.40 (the product's buy price) + 3 × 2.50
      total_supplier_buy_ex: 108.3,
      fob_currency: { currency_code: 'AUD' },
    });
    const items = await db.purchaseOrderItems.where('po_id').equals(result.id).sortBy('po_item_id');
    expect(items.map((item) => item.po_item_id).sort()).toEqual([...result.lineIds].sort());
    const first = items.find((item) => item.product.id === 10001)!;
    expect(first).toMatchObject({
      quantity_ordered: 12,
      quantity_remaining: 12,
      supplier_buy_ex: 8.4,
      total_supplier_buy_ex: 100.8,
      inventory: { outlet: { id: 1 }, quantity_available: 7, quantity_on_order: 2 },
      _pendingOps: [result.op.id],
    });
    // The line keeps its product as pulled lines do (src/db/lineProduct.ts), without local bookkeeping.
    expect(LineProductSchema.parse(first.product)).toEqual(first.product);

    // The rows, put back together with each line's product from `products`, are a valid server purchase
    // order (what the engine writes over them).
    const strip = <T extends object>(row: T) =>
      Object.fromEntries(Object.entries(row).filter(([key]) => !key.startsWith('_')));
    const products = await db.products.bulkGet(items.map((item) => item.product.id));
    const whole = items.map((item, i) => ({ ...strip(item), product: strip(products[i]!) }));
    expect(() => PurchaseOrderSchema.parse({ ...strip(order), purchase_order_items: whole })).not.toThrow();
  });

  it('queues a valid create op whose external id is the one the row shows', async () => {
    const result = await queueNewPurchaseOrder(db, form({ reference: 77 }), { now });
    if (!result.ok) throw new Error('not queued');
    const op = (await db.outbox.where('id').equals(result.op.id).first())!;
    expect(op).toMatchObject({ kind: 'createPurchaseOrder', state: 'queued', createsTempId: result.id });
    expect(op.aggregate).toBe(`purchaseOrder:${result.id}`);
    expect(
      opCatalog('createPurchaseOrder').payload.safeParse({ params: op.params, body: op.body }).success,
    ).toBe(true);
    expect(op.body).toEqual({
      external_purchase_order_id: result.externalId,
      supplier: { id: 101 },
      outlet: { id: 1 },
      eta: '2026-03-20',
      // No order of supplier 101 is cached: the outlet's currency, as the form said.
      fob_currency: { id: 1 },
      reference_purchase_order_id: 77,
      purchase_order_items: [
        { product: { id: 10001 }, quantity_ordered: 12 },
        { product: { id: 10002 }, quantity_ordered: 3, supplier_buy_ex: 2.5 },
      ],
    });
    expect(result.externalId).toMatch(/^dockhand-/);
    // Line temp ids are children of the order's, in line order (server ids are matched by position).
    expect(await childTempIds(db, result.id, 'purchaseOrderItems')).toEqual(result.lineIds);
  });

  it('takes the Incomplete status id from cached orders', async () => {
    const cached = samplePurchaseOrder({ id: 900, status: { id: 31, name: 'Incomplete' } });
    const { purchase_order_items: _, ...row } = cached;
    await db.purchaseOrders.put({ ...row, id: 900 });
    const result = await queueNewPurchaseOrder(db, form(), { now });
    if (!result.ok) throw new Error('not queued');
    expect((await db.purchaseOrders.get(result.id))!.status).toEqual({ id: 31, name: 'Incomplete' });
  });

  it('raises an order before suppliers and outlets are fetched, from the references cached records carry', async () => {
    await db.suppliers.clear();
    await db.outlets.clear();
    const { purchase_order_items: _, ...po } = samplePurchaseOrder({ id: 900 });
    await db.purchaseOrders.put({
      ...po,
      id: 900,
      outlet: { id: 1, name: 'Sydney CBD' },
      fob_currency: { id: 2, currency_code: 'NZD', currency_name: 'New Zealand dollar' },
    });
    const result = await queueNewPurchaseOrder(db, form({ supplierId: tee.supplier.id }), { now });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(await db.purchaseOrders.get(result.id)).toMatchObject({
      supplier: { id: tee.supplier.id, name: tee.supplier.name },
      outlet: { id: 1, name: 'Sydney CBD' },
      fob_currency: { currency_code: 'NZD' },
    });
  });

  it('raises the order in its supplier’s currency where the supplier’s orders say it, and sends it', async () => {
    const { purchase_order_items: _, ...po } = samplePurchaseOrder({ id: 900 });
    const usd = { id: 3, currency_code: 'USD', currency_name: 'US dollar' };
    await db.purchaseOrders.put({
      ...po,
      id: 900,
      supplier: { id: 101, name: 'Acme Apparel' },
      fob_currency: usd,
    });
    // An order queued here earlier in another currency does not outvote what the server said.
    await db.purchaseOrders.put({
      ...po,
      id: -5,
      supplier: { id: 101, name: 'Acme Apparel' },
      fob_currency: { id: 1, currency_code: 'AUD', currency_name: 'Australian dollar' },
    });
    const result = await queueNewPurchaseOrder(db, form(), { now });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect((await db.purchaseOrders.get(result.id))!.fob_currency).toEqual(usd);
    const op = (await db.outbox.where('id').equals(result.op.id).first())!;
    expect(op.body).toMatchObject({ supplier: { id: 101 }, fob_currency: { id: 3 } });
    expect(
      opCatalog('createPurchaseOrder').payload.safeParse({ params: op.params, body: op.body }).success,
    ).toBe(true);
  });

  it('gives field errors keyed by form field and writes nothing', async () => {
    const result = await queueNewPurchaseOrder(
      db,
      form({
        supplierId: null,
        eta: '2026-03-01',
        lines: [
          { productId: 10001, quantity: 0, buyPrice: -1 },
          { productId: 10002, quantity: 2.5, buyPrice: null },
          { productId: 10002, quantity: null, buyPrice: null },
        ],
      }),
      { now },
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        supplierId: ['Choose a supplier'],
        eta: ['The ETA cannot be in the past'],
        'lines.0.quantity': ['Quantity must be at least 1'],
        'lines.0.buyPrice': ['Buy price cannot be negative'],
        'lines.1.quantity': ['Quantity must be a whole number'],
        'lines.2.quantity': ['Enter a quantity'],
      },
    });
    expect(await countWrites()).toEqual({ ops: 0, tempIds: 0, orders: 0, items: 0 });
  });

  it('refuses an order without lines, an empty ETA, and a quantity or price past the sanity bounds', () => {
    expect(validateNewPurchaseOrder(form({ lines: [], eta: '', outletId: null }), now)).toEqual({
      ok: false,
      errors: {
        outletId: ['Choose an outlet'],
        eta: ['Enter the ETA as a date'],
        lines: ['Add at least one product'],
      },
    });
    const big = validateNewPurchaseOrder(
      form({ lines: [{ productId: 10001, quantity: 2 ** 31, buyPrice: null }] }),
      now,
    );
    expect(big).toEqual({
      ok: false,
      errors: { 'lines.0.quantity': ['Quantity must be 100,000 or less'] },
    });
    // Issue #26: 999,999,999 units were accepted; 100,000 on one line is the most a back office orders.
    const lines = (quantity: number, buyPrice: number | null) =>
      form({ lines: [{ productId: 10001, quantity, buyPrice }] });
    expect(validateNewPurchaseOrder(lines(999_999_999, 1_000_000.01), now)).toEqual({
      ok: false,
      errors: {
        'lines.0.quantity': ['Quantity must be 100,000 or less'],
        'lines.0.buyPrice': ['Buy price must be 1,000,000 or less'],
      },
    });
    expect(validateNewPurchaseOrder(lines(5, 1.23456), now)).toEqual({
      ok: false,
      errors: { 'lines.0.buyPrice': ['Buy price can have at most 4 decimal places'] },
    });
    expect(validateNewPurchaseOrder(lines(100_000, 1_000_000), now).ok).toBe(true);
    expect(validateNewPurchaseOrder(lines(5, 1.2345), now).ok).toBe(true);
  });

  it('reports records the cache no longer holds, and writes nothing', async () => {
    const result = await queueNewPurchaseOrder(
      db,
      form({ supplierId: 555, lines: [{ productId: 424242, quantity: 1, buyPrice: null }] }),
      { now },
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        supplierId: ['This supplier is not in the local cache'],
        'lines.0.productId': ['Product 424242 is not in the local cache'],
      },
    });
    expect(await countWrites()).toEqual({ ops: 0, tempIds: 0, orders: 0, items: 0 });
  });
});
