/**
 * One purchase order as the detail screen shows it, read from the cache (DOM-free). An order raised here
 * carries a temp id until it syncs; once the server id is known, `movedTo` says where it now lives.
 */
import type { CachedPurchaseOrder, CachedPurchaseOrderItem, DockhandDb } from '../../db/schema';
import { readOrder } from '../../db/orderRead';
import type { OrderBadge } from '../../db/recordBadge';
import { loadLineNames } from '../../db/lineNames';
import { rejectionText } from '../../lib/rejectionWords';

export interface DetailLine {
  item: CachedPurchaseOrderItem;
  /** Stock at the order's outlet, from the cached product (fresher than the line's own copy). */
  available: number | null;
  onOrder: number | null;
  lineTotal: number;
}

export interface PoDetail {
  order: CachedPurchaseOrder | null;
  movedTo: number | null;
  lines: DetailLine[];
  badge: OrderBadge | null;
  /** Why the server refused a failed op, in words (which rule, line and product), so the user sees why here. */
  problem: string | null;
}

export async function loadPurchaseOrder(db: DockhandDb, id: number): Promise<PoDetail> {
  const { order, items, movedTo, badge, failed } = await readOrder(db, id);
  if (!order) return { order: null, movedTo, lines: [], badge: null, problem: null };
  const products = await db.products.bulkGet(items.map((item) => item.product.id));
  const lines = items.map((item, i): DetailLine => {
    // A line keeps only some of its product (src/db/lineProduct.ts); its own inventory copy is the fallback.
    const product = products[i];
    const stock = product
      ? product.inventory.find((entry) => entry.outlet.id === order.outlet.id)
      : item.inventory.outlet.id === order.outlet.id
        ? item.inventory
        : undefined;
    return {
      item,
      available: stock?.quantity_available ?? null,
      onOrder: stock?.quantity_on_order ?? null,
      lineTotal: item.total_supplier_buy_ex,
    };
  });
  return {
    order,
    movedTo,
    lines,
    badge,
    problem: failed ? rejectionText(failed, await loadLineNames(db, [failed])) : null,
  };
}
