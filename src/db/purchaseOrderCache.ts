/**
 * The one place a purchase order as the API sends it becomes cache rows (src/db/schema.ts): the order without
 * its lines, the lines in their own table with their product cut to what lines keep (./lineProduct.ts), and
 * each product once, whole, in `products`. The pull (electron/core/sync/pull/resources.ts) and the results of
 * purchase order ops (electron/core/sync/ops/purchaseOrders.ts) both store orders through it.
 */
import type { Product, PurchaseOrder } from '../api/resources';
import { lineProduct } from './lineProduct';
import type { CachedPurchaseOrder, CachedPurchaseOrderItem } from './schema';

export interface PurchaseOrderRows {
  orders: CachedPurchaseOrder[];
  lines: CachedPurchaseOrderItem[];
  /** Each product the lines name, once (the last copy of it in `records`). */
  products: Product[];
}

export function purchaseOrderRows(records: readonly PurchaseOrder[]): PurchaseOrderRows {
  const orders: CachedPurchaseOrder[] = [];
  const lines: CachedPurchaseOrderItem[] = [];
  const products = new Map<number, Product>();
  for (const record of records) {
    const { purchase_order_items: items, id, ...order } = record;
    if (id === null) throw new Error('The server sent a purchase order without an id');
    orders.push({ ...order, id });
    for (const { po_item_id, product, ...line } of items ?? []) {
      // A line without an id cannot be keyed (nor deleted later); the next pull of the order brings it.
      if (po_item_id === null) continue;
      lines.push({ ...line, po_item_id, product: lineProduct(product) });
      products.set(product.id, product);
    }
  }
  return { orders, lines, products: [...products.values()] };
}
