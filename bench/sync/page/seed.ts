/**
 * Fills the page's Dexie database: products with barcodes and SKUs (./catalogue.ts), then 200,000 purchase
 * orders as the sync engine caches them (no items on the order row), in chunks of bulkPut so memory stays
 * flat. A marker in `meta`, written last, lets the next run reuse the on-disk database.
 */
import { PURCHASE_ORDER_STATUSES } from '../../../src/api/resources';
import { samplePurchaseOrder } from '../../../src/api/resources/fixtures';
import type { CachedPurchaseOrder, DockhandDb } from '../../../src/db/schema';
import { benchProduct } from '../../receiving/page/seed';
import { ORDER_COUNT, PRODUCT_COUNT } from './catalogue';

const SEED_MARK = { key: 'syncBench.seed', value: `v1:${PRODUCT_COUNT}:${ORDER_COUNT}` };
const CHUNK = 5_000;
const SUPPLIERS = 250;
const OUTLETS = 12;

const product = (id: number) => benchProduct(id, { supplier_buy_ex: 1 + (id % 50) });

function order(id: number): CachedPurchaseOrder {
  const { purchase_order_items: _items, ...row } = samplePurchaseOrder({ id });
  const supplierId = 1 + (id % SUPPLIERS);
  const outletId = 1 + (id % OUTLETS);
  const day = 1 + (id % 28);
  return {
    ...row,
    id,
    external_purchase_order_id: `EXT-${id}`,
    status: { id: 1, name: PURCHASE_ORDER_STATUSES[id % PURCHASE_ORDER_STATUSES.length]! },
    supplier: { id: supplierId, name: `Supplier ${supplierId}` },
    outlet: { id: outletId, name: `Outlet ${outletId}` },
    eta: `2026-05-${String(day).padStart(2, '0')}T00:00:00.000Z`,
  };
}

async function alreadySeeded(db: DockhandDb): Promise<boolean> {
  if ((await db.meta.get(SEED_MARK.key))?.value !== SEED_MARK.value) return false;
  const [products, orders] = await Promise.all([db.products.count(), db.purchaseOrders.count()]);
  return products === PRODUCT_COUNT && orders === ORDER_COUNT;
}

export async function seed(db: DockhandDb): Promise<{ seeded: boolean; ms: number }> {
  const start = performance.now();
  if (await alreadySeeded(db)) return { seeded: false, ms: performance.now() - start };
  await Promise.all([db.products.clear(), db.purchaseOrders.clear(), db.meta.delete(SEED_MARK.key)]);
  await db.products.bulkPut(Array.from({ length: PRODUCT_COUNT }, (_, i) => product(i + 1)));
  for (let from = 1; from <= ORDER_COUNT; from += CHUNK) {
    const rows: CachedPurchaseOrder[] = [];
    for (let id = from; id < Math.min(from + CHUNK, ORDER_COUNT + 1); id++) rows.push(order(id));
    await db.purchaseOrders.bulkPut(rows);
  }
  await db.meta.put(SEED_MARK);
  return { seeded: true, ms: performance.now() - start };
}
