/**
 * Fills the harness's Dexie database with the data set of ./catalogue.ts, in the shapes the sync engine
 * caches them (src/db/schema.ts): products in chunks of bulkPut (one transaction each, so the page stays
 * responsive and memory flat), then the order and its lines. A marker in `meta` lets the next run reuse the
 * same on-disk database instead of seeding again (the runner keeps the browser profile between runs).
 */
import type { Product } from '../../../src/api/resources';
import {
  sampleProduct,
  samplePurchaseOrder,
  samplePurchaseOrderItem,
} from '../../../src/api/resources/fixtures';
import type { CachedPurchaseOrder, CachedPurchaseOrderItem, DockhandDb } from '../../../src/db/schema';
import {
  barcodeOf,
  LINE_COUNT,
  manufacturerSkuOf,
  ORDER_ID,
  PRODUCT_COUNT,
  poItemIdOfLine,
  productIdOfLine,
  QUANTITY_ORDERED,
  skuOf,
} from './catalogue';

/** Change it whenever the generated rows change: a database seeded by another version is seeded again. */
const SEED_MARK = { key: 'bench.seed', value: `v1:${PRODUCT_COUNT}:${LINE_COUNT}` };
const CHUNK = 5_000;
const SUPPLIERS = 250;

/**
 * A bench product: its codes from the catalogue, supplied by one of 250 suppliers. The sync bench's page
 * seeds the same products (../../sync/page/seed.ts), each adding what its screen reads.
 */
export function benchProduct(id: number, more: Partial<Product> = {}): Product {
  const supplierId = 1 + (id % SUPPLIERS);
  return sampleProduct({
    id,
    supplier_sku: skuOf(id),
    supplier_sku2: barcodeOf(id),
    short_description: `Bench product ${id}`,
    supplier: {
      id: supplierId,
      supplier_code: `SUP${supplierId}`,
      name: `Supplier ${supplierId}`,
      is_enabled: true,
      modified_on: '2026-03-02T09:15:00Z',
    },
    ...more,
  });
}

const product = (id: number) => benchProduct(id, { manufacturer_sku: manufacturerSkuOf(id) });

function orderLine(line: number): CachedPurchaseOrderItem {
  const item = samplePurchaseOrderItem({
    po_id: ORDER_ID,
    product: product(productIdOfLine(line)),
    quantity_ordered: QUANTITY_ORDERED,
    quantity_received: 0,
    quantity_remaining: QUANTITY_ORDERED,
  });
  return { ...item, po_item_id: poItemIdOfLine(line) };
}

function order(): CachedPurchaseOrder {
  // The cache keeps lines in their own table (src/db/schema.ts), never on the order row.
  const { purchase_order_items: _lines, ...row } = samplePurchaseOrder({
    id: ORDER_ID,
    status: { id: 2, name: 'OnOrder' },
    total_quantity_ordered: LINE_COUNT * QUANTITY_ORDERED,
    total_quantity_remaining: LINE_COUNT * QUANTITY_ORDERED,
  });
  return { ...row, id: ORDER_ID };
}

async function alreadySeeded(db: DockhandDb): Promise<boolean> {
  const mark = await db.meta.get(SEED_MARK.key);
  if (mark?.value !== SEED_MARK.value) return false;
  const [products, lines] = await Promise.all([
    db.products.count(),
    db.purchaseOrderItems.where('po_id').equals(ORDER_ID).count(),
  ]);
  return products === PRODUCT_COUNT && lines === LINE_COUNT;
}

/** Seeds unless the database already holds this data set; says which, and how long it took. */
export async function seed(db: DockhandDb): Promise<{ seeded: boolean; ms: number }> {
  const start = performance.now();
  if (await alreadySeeded(db)) return { seeded: false, ms: performance.now() - start };
  await Promise.all([db.products.clear(), db.purchaseOrders.clear(), db.purchaseOrderItems.clear()]);
  for (let from = 1; from <= PRODUCT_COUNT; from += CHUNK) {
    const rows: Product[] = [];
    for (let id = from; id < Math.min(from + CHUNK, PRODUCT_COUNT + 1); id++) rows.push(product(id));
    await db.products.bulkPut(rows);
  }
  await db.purchaseOrders.put(order());
  await db.purchaseOrderItems.bulkPut(Array.from({ length: LINE_COUNT }, (_, line) => orderLine(line)));
  // Last, so an interrupted seed is never taken for a complete one.
  await db.meta.put(SEED_MARK);
  return { seeded: true, ms: performance.now() - start };
}
