/**
 * One product as its page reads it, from the cache: the product (embedded in the PO lines that named it;
 * the API has no product endpoint), its stock per outlet with the minimum stock level the latest order line
 * for that outlet carried, and the orders that order it. Every read is by key or index. Its supplier links
 * are read and edited by src/db/suppliers/productSuppliers.ts.
 */
import type { CachedProduct, CachedPurchaseOrder, CachedPurchaseOrderItem, DockhandDb } from '../schema';

export interface OutletStock {
  outletId: number;
  outlet: string;
  available: number;
  onOrder: number;
  /** Minimum stock level, from the newest order line for this outlet; null when no line tells. */
  msl: number | null;
}

export interface ProductOrderLine {
  poId: number;
  status: string;
  supplier: string;
  outlet: string;
  eta: string | null;
  currency: string | null;
  ordered: number;
  received: number;
  remaining: number | null;
  buyPrice: number | null;
}

export interface ProductRecord {
  product: CachedProduct;
  stock: OutletStock[];
  /** Newest order first. */
  orders: ProductOrderLine[];
}

function stockOf(product: CachedProduct, lines: readonly CachedPurchaseOrderItem[]): OutletStock[] {
  // The newest line per outlet (highest order id) tells the outlet's MSL.
  const msl = new Map<number, number>();
  for (const line of [...lines].sort((a, b) => a.po_id - b.po_id))
    msl.set(line.inventory.outlet.id, line.inventory.msl);
  return (product.inventory ?? [])
    .map((row) => ({
      outletId: row.outlet.id,
      outlet: row.outlet.name,
      available: row.quantity_available,
      onOrder: row.quantity_on_order,
      msl: msl.get(row.outlet.id) ?? null,
    }))
    .sort((a, b) => a.outlet.localeCompare(b.outlet));
}

function orderLine(line: CachedPurchaseOrderItem, order: CachedPurchaseOrder | undefined): ProductOrderLine {
  return {
    poId: line.po_id,
    status: order?.status.name ?? '',
    supplier: order?.supplier.name ?? '',
    outlet: order?.outlet.name ?? line.inventory.outlet.name,
    eta: order?.eta ?? null,
    currency: order?.fob_currency?.currency_code ?? null,
    ordered: line.quantity_ordered,
    received: line.quantity_received,
    remaining: line.quantity_remaining,
    buyPrice: line.supplier_buy_ex,
  };
}

/** The product's page, or undefined when the cache has no such product. */
export function readProductRecord(db: DockhandDb, id: number): Promise<ProductRecord | undefined> {
  return db.transaction('r', [db.products, db.purchaseOrderItems, db.purchaseOrders], async () => {
    const product = await db.products.get(id);
    if (!product) return undefined;
    const lines = await db.purchaseOrderItems.where('product.id').equals(id).toArray();
    const orders = await db.purchaseOrders.bulkGet([...new Set(lines.map((line) => line.po_id))]);
    const byId = new Map(orders.filter((order) => order !== undefined).map((order) => [order.id, order]));
    return {
      product,
      stock: stockOf(product, lines),
      orders: lines.map((line) => orderLine(line, byId.get(line.po_id))).sort((a, b) => b.poId - a.poId),
    };
  });
}
