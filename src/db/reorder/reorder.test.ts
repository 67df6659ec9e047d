/**
 * Reorder suggestions over fake-indexeddb, on a fixture whose every figure is worked out by hand below
 * (docs/reorder.md states the same rules for the buyer). Outlet 1, Sydney CBD:
 *
 *   product        avail  on order  drafts  position  minimum  up to  short  carton  suggested  price   total
 *   1 Tee black      2       1        0        3       10 (a)   10      7     12       12      8.40   100.80
 *   2 Socks          0       0        4 (b)    4        6        6      2      -        2      3.50 (c) 7.00
 *   3 Beanie         1       0        0        1        4       20 (d) 19      6       24      5.25   126.00
 *   4 Scarf          0       0        1 (b)    -   unknown (e)   -      -      -        -
 *   5 Gloves         5       0        0        5        3        -      -      -        -  (at or above)
 *
 *  (a) the newest synced order's line for this outlet says 10; an older one said 2
 *  (b) a draft order queued on this PC, not yet sent: its units count as on order
 *  (c) no supplier link read yet: the product's own buy price, which the server also uses
 *  (d) the buyer's target; (e) only the queued line and another outlet's order name it: a queued line's
 *      msl is a stand-in, so the minimum here is unknown and nothing is guessed
 * Beanie's default supplier link is NZ Knits (NZD), not the Acme Apparel (AUD) its product record names.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  sampleProduct,
  sampleProductSupplier,
  samplePurchaseOrder,
  samplePurchaseOrderItem,
  sampleSupplier,
} from '../../api/resources/fixtures';
import type { Product, PurchaseOrder } from '../../api/resources';
import { queueNewPurchaseOrder } from '../edits/purchaseOrders';
import { purchaseOrderRows } from '../purchaseOrderCache';
import { DockhandDb } from '../schema';
import type { SlicePolicy } from '../yieldingRead';
import { raiseDraftOrder } from './raise';
import { readOutletReorder } from './read';
import { cartonSize, groupTotal, needOf, roundUpToCartons } from './suggest';
import { readTargets, writeTarget } from './targets';

const NOW = new Date('2026-03-10T09:00:00');
const SYDNEY = { id: 1, name: 'Sydney CBD' };
const MELBOURNE = { id: 2, name: 'Melbourne' };
const ACME = {
  id: 41,
  supplier_code: 'ACME',
  name: 'Acme Apparel',
  is_enabled: true,
  modified_on: NOW.toISOString(),
};
const NZD = { id: 2, currency_code: 'NZD', currency_name: 'New Zealand dollar' };

function product(
  id: number,
  description: string,
  available: number,
  onOrder: number,
  carton: string,
): Product {
  return sampleProduct({
    id,
    short_description: description,
    supplier_sku: `SKU-${id}`,
    carton_quantity: carton,
    supplier: ACME,
    supplier_buy_ex: id === 2 ? 3.5 : 9.99,
    lead_time: 0,
    inventory: [
      {
        outlet: { ...SYDNEY, modified_on: NOW.toISOString() },
        quantity_available: available,
        quantity_on_order: onOrder,
      },
    ],
  });
}

const PRODUCTS = [
  product(1, 'Tee black', 2, 1, '12'),
  product(2, 'Socks', 0, 0, ''),
  product(3, 'Beanie', 1, 0, '6'),
  product(4, 'Scarf', 0, 0, '1'),
  product(5, 'Gloves', 5, 0, '4'),
];

function order(
  id: number,
  outlet: typeof SYDNEY,
  status: string,
  msl: Record<number, number>,
): PurchaseOrder {
  const supplier = outlet === SYDNEY ? { id: 41, name: 'Acme Apparel' } : { id: 52, name: 'NZ Knits' };
  return samplePurchaseOrder({
    id,
    status: { id: 2, name: status as 'OnOrder' },
    outlet,
    supplier,
    ...(outlet === MELBOURNE ? { fob_currency: NZD } : {}),
    purchase_order_items: Object.entries(msl).map(([productId, value], i) =>
      samplePurchaseOrderItem({
        po_id: id,
        po_item_id: id * 100 + i,
        product: PRODUCTS[Number(productId) - 1]!,
        inventory: { outlet, quantity_available: 0, quantity_on_order: 0, msl: value },
      }),
    ),
  });
}

let db: DockhandDb;
let n = 0;
beforeEach(async () => {
  db = new DockhandDb(`reorder-test-${++n}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  const { orders, lines } = purchaseOrderRows([
    order(900, SYDNEY, 'Received', { 1: 2 }),
    order(1001, SYDNEY, 'OnOrder', { 1: 10, 2: 6, 3: 4, 5: 3 }),
    order(1002, MELBOURNE, 'OnOrder', { 4: 9 }),
  ]);
  await db.purchaseOrders.bulkPut(orders);
  await db.purchaseOrderItems.bulkPut(lines);
  await db.products.bulkPut(PRODUCTS);
  await db.suppliers.bulkPut([
    { ...sampleSupplier(), id: 41 },
    { ...sampleSupplier({ supplier_code: 'KNIT', name: 'NZ Knits' }), id: 52 },
  ]);
  await db.productSuppliers.bulkPut([
    sampleProductSupplier({ product_id: 1, supplier_code: 'ACME', supplier_buy_ex: 8.4, lead_time: 14 }),
    sampleProductSupplier({ product_id: 3, supplier_code: 'ACME', is_default: false, supplier_buy_ex: 4 }),
    sampleProductSupplier({
      product_id: 3,
      supplier_code: 'KNIT',
      supplier_name: 'NZ Knits',
      supplier_buy_ex: 5.25,
      lead_time: 21,
    }),
  ]);
  await writeTarget(db, 1, 3, 20);
  const queued = await queueNewPurchaseOrder(
    db,
    {
      supplierId: 41,
      outletId: 1,
      eta: '2026-03-24',
      lines: [
        { productId: 2, quantity: 4, buyPrice: null },
        { productId: 4, quantity: 1, buyPrice: null },
      ],
    },
    { now: NOW },
  );
  expect(queued.ok).toBe(true);
});

describe('the arithmetic', () => {
  it('rounds up to whole cartons, and reads a carton size only from a whole number above 1', () => {
    expect(roundUpToCartons(7, 12)).toBe(12);
    expect(roundUpToCartons(13, 12)).toBe(24);
    expect(roundUpToCartons(12, 12)).toBe(12);
    expect(roundUpToCartons(3, null)).toBe(3);
    expect(roundUpToCartons(0, 6)).toBe(0);
    expect([
      cartonSize('24'),
      cartonSize(' 6 '),
      cartonSize('1'),
      cartonSize(''),
      cartonSize('2.5'),
      cartonSize('box'),
    ]).toEqual([24, 6, null, null, null, null]);
  });

  it('orders up to the minimum when a target is below it, and never when the minimum is unknown', () => {
    const facts = {
      productId: 1,
      description: '',
      code: '',
      available: 1,
      onOrder: 0,
      onDraftOrders: 0,
      cartonQuantity: null,
    };
    expect(needOf({ ...facts, msl: 5, target: 2 })).toEqual({
      position: 1,
      orderUpTo: 5,
      shortBy: 4,
      quantity: 4,
    });
    expect(needOf({ ...facts, msl: null, target: 50 })).toBeNull();
    expect(needOf({ ...facts, msl: 1, target: 50 })).toBeNull();
  });
});

describe('readOutletReorder', () => {
  it('suggests what the hand-computed table says, grouped by supplier with its currency and total', async () => {
    const reorder = await readOutletReorder(db, 1);
    const groups = reorder.groups.map((group) => ({
      supplier: group.supplierName,
      currency: group.currency,
      total: groupTotal(group),
      lines: group.lines.map((line) => [
        line.description,
        line.position,
        line.msl,
        line.orderUpTo,
        line.quantity,
        line.buyPrice,
        line.priceFrom,
      ]),
    }));
    expect(groups).toEqual([
      {
        supplier: 'Acme Apparel',
        currency: 'AUD',
        total: 107.8,
        lines: [
          ['Socks', 4, 6, 6, 2, 3.5, 'product'],
          ['Tee black', 3, 10, 10, 12, 8.4, 'link'],
        ],
      },
      { supplier: 'NZ Knits', currency: 'NZD', total: 126, lines: [['Beanie', 1, 4, 20, 24, 5.25, 'link']] },
    ]);
    expect(reorder.groups.map((group) => group.leadTimeDays)).toEqual([14, 21]);
    // Tee, Socks, Beanie, Gloves are known here; Scarf is not.
    expect([reorder.minimumKnown, reorder.minimumUnknown]).toEqual([4, 1]);
  });

  it('answers the same when read a few rows at a time, giving the thread back between slices', async () => {
    let yields = 0;
    const policy: SlicePolicy = { rows: 2, budgetMs: 0, now: () => 0, yieldNow: async () => void yields++ };
    const sliced = await readOutletReorder(db, 1, policy);
    expect(sliced).toEqual(await readOutletReorder(db, 1));
    expect(yields).toBeGreaterThan(3);
  });

  it('keeps targets per outlet and product, and drops a stored one that does not parse', async () => {
    await writeTarget(db, 2, 3, 7);
    await writeTarget(db, 1, 1, null);
    expect([...(await readTargets(db, 1))]).toEqual([[3, 20]]);
    await db.meta.put({ key: 'reorder.targets.1', value: { 3: 20, 5: -1, x: 4 } });
    expect([...(await readTargets(db, 1))]).toEqual([[3, 20]]);
  });
});

describe('raiseDraftOrder', () => {
  it('queues the group as one draft order at the adjusted quantities, and its lines leave the suggestions', async () => {
    const [acme] = (await readOutletReorder(db, 1)).groups;
    const raised = await raiseDraftOrder(
      db,
      { outletId: 1, group: acme!, quantities: new Map([[1, 24]]), eta: '2026-03-24' },
      { now: NOW },
    );
    expect(raised.ok).toBe(true);
    const creates = (await db.outbox.toArray()).filter((op) => op.kind === 'createPurchaseOrder');
    expect(creates).toHaveLength(2);
    const body = creates[1]!.body as {
      supplier: { id: number };
      outlet: { id: number };
      purchase_order_items: unknown[];
    };
    expect([body.supplier.id, body.outlet.id]).toEqual([41, 1]);
    expect(body.purchase_order_items).toEqual([
      { product: { id: 2 }, quantity_ordered: 2 },
      { product: { id: 1 }, quantity_ordered: 24, supplier_buy_ex: 8.4 },
    ]);
    expect((await readOutletReorder(db, 1)).groups.map((group) => group.supplierName)).toEqual(['NZ Knits']);
  });

  it('leaves out lines set to 0, refuses a group with nothing to order, and names the product a refusal is about', async () => {
    const [acme] = (await readOutletReorder(db, 1)).groups;
    const none = new Map([
      [1, 0],
      [2, 0],
    ]);
    expect(
      await raiseDraftOrder(db, { outletId: 1, group: acme!, quantities: none, eta: '2026-03-24' }),
    ).toEqual({
      ok: false,
      messages: ['Every quantity is 0: there is nothing to order.'],
    });
    const bad = await raiseDraftOrder(
      db,
      {
        outletId: 1,
        group: acme!,
        quantities: new Map([
          [2, 0],
          [1, null],
        ]),
        eta: '2026-03-24',
      },
      { now: NOW },
    );
    expect(bad).toEqual({ ok: false, messages: ['Tee black: Enter a quantity'] });
    expect((await db.outbox.toArray()).filter((op) => op.kind === 'createPurchaseOrder')).toHaveLength(1);
  });
});
