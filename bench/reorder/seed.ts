/**
 * A large back office's cache for the reorder bench, over fake-indexeddb: `products` products each stocked at
 * every one of `outlets` outlets (an inventory entry per outlet, as the API sends it), `suppliers` suppliers
 * with a default supplier link per product, and per outlet 100 orders of 50 lines (every tenth order a
 * draft), so each outlet has a minimum known for 5,000 products. Figures are seeded, so every run has the
 * same cache.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import {
  sampleProduct,
  sampleProductSupplier,
  samplePurchaseOrder,
  samplePurchaseOrderItem,
  sampleSupplier,
} from '../../src/api/resources/fixtures';
import type { Product, PurchaseOrder } from '../../src/api/resources';
import { purchaseOrderRows } from '../../src/db/purchaseOrderCache';
import { DockhandDb } from '../../src/db/schema';
import { seededRandom } from '../../src/lib/seededRandom';

const ORDERS_PER_OUTLET = 100;
const LINES_PER_ORDER = 50;
const CHUNK = 5_000;
const AT = '2026-03-01T00:00:00.000Z';

async function inChunks<T>(rows: readonly T[], put: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let at = 0; at < rows.length; at += CHUNK) await put(rows.slice(at, at + CHUNK));
}

export async function seedReorderCache(size: {
  products: number;
  outlets: number;
  suppliers: number;
}): Promise<DockhandDb> {
  const db = new DockhandDb('reorder-bench', { indexedDB: new IDBFactory(), IDBKeyRange });
  const random = seededRandom(29);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const outlets = Array.from({ length: size.outlets }, (_, i) => ({ id: i + 1, name: `Outlet ${i + 1}` }));
  const supplierOf = (productId: number) => (productId % size.suppliers) + 1;
  const base = sampleProduct();
  const products: Product[] = [];
  for (let id = 1; id <= size.products; id++) {
    const supplierId = supplierOf(id);
    products.push({
      ...base,
      id,
      short_description: `Product ${id} size ${id % 7}`,
      supplier_sku: `S${supplierId}-${id}`,
      supplier_sku2: String(9_300_000_000_000 + id),
      manufacturer_sku: `M-${id}`,
      carton_quantity: String([1, 6, 12, 24][id % 4]),
      supplier: {
        id: supplierId,
        supplier_code: `SUP${supplierId}`,
        name: `Supplier ${supplierId}`,
        is_enabled: true,
        modified_on: AT,
      },
      inventory: outlets.map((outlet) => ({
        outlet: { ...outlet, modified_on: AT },
        quantity_available: int(0, 40),
        quantity_on_order: int(0, 3) === 0 ? int(1, 24) : 0,
      })),
    });
  }
  await inChunks(products, (chunk) => db.products.bulkPut(chunk));
  await inChunks(
    products.map((product) =>
      sampleProductSupplier({
        product_id: product.id,
        supplier_code: `SUP${supplierOf(product.id)}`,
        supplier_name: `Supplier ${supplierOf(product.id)}`,
        supplier_buy_ex: int(100, 5_000) / 100,
        lead_time: int(3, 30),
      }),
    ),
    (chunk) => db.productSuppliers.bulkPut(chunk),
  );
  await db.suppliers.bulkPut(
    Array.from({ length: size.suppliers }, (_, i) => ({
      ...sampleSupplier({ supplier_code: `SUP${i + 1}`, name: `Supplier ${i + 1}` }),
      id: i + 1,
    })),
  );
  let poId = 0;
  let lineId = 0;
  for (const outlet of outlets) {
    const orders: PurchaseOrder[] = [];
    for (let n = 0; n < ORDERS_PER_OUTLET; n++) {
      const id = ++poId;
      const items = Array.from({ length: LINES_PER_ORDER }, (_, k) => {
        // Each outlet orders its own 5,000 products, spread over the catalogue.
        const product =
          products[(outlet.id - 1 + (n * LINES_PER_ORDER + k) * size.outlets) % products.length]!;
        return samplePurchaseOrderItem({
          po_id: id,
          po_item_id: ++lineId,
          product,
          quantity_ordered: 12,
          quantity_remaining: 12,
          inventory: {
            outlet,
            quantity_available: 0,
            quantity_on_order: 0,
            msl: [0, 2, 3, 4, 6, 12][int(0, 5)]!,
          },
        });
      });
      orders.push(
        samplePurchaseOrder({
          id,
          outlet,
          supplier: { id: supplierOf(items[0]!.product.id), name: 'Supplier' },
          status: n % 10 === 0 ? { id: 1, name: 'Incomplete' } : { id: 2, name: 'OnOrder' },
          purchase_order_items: items,
        }),
      );
    }
    const rows = purchaseOrderRows(orders);
    await db.purchaseOrders.bulkPut(rows.orders);
    await inChunks(rows.lines, (chunk) => db.purchaseOrderItems.bulkPut(chunk));
  }
  return db;
}
