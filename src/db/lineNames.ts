/**
 * The names a refused change's lines read by ("Ember dome tent"), from this PC's cache: the products its
 * lines order or return, and the order lines its receipt lines receive. Only ops the server refused with
 * field errors are looked at, so a long queue costs nothing here.
 */
import type { OpRecord } from './ops';
import type { DockhandDb } from './schema';

/** Names of the things a change's lines refer to, from this PC's cache. */
export interface LineNames {
  /** Product id → its description ("Ember dome tent"). */
  products: ReadonlyMap<number, string>;
  /** Purchase order line id → its product's description (a receipt line names the order line). */
  orderLines: ReadonlyMap<number, string>;
}

export const NO_NAMES: LineNames = { products: new Map(), orderLines: new Map() };

/** The ids a body's lines refer to (`product.id`, `product_id`, `purchase_order_item_id`), for the name lookup. */
export function lineRefs(body: unknown): { products: number[]; orderLines: number[] } {
  const products = new Set<number>();
  const orderLines = new Set<number>();
  const walk = (value: unknown, depth: number) => {
    if (depth > 8 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const element of value) walk(element, depth + 1);
      return;
    }
    const ref = refOf(value as Record<string, unknown>);
    if (ref?.kind === 'product') products.add(ref.id);
    if (ref?.kind === 'orderLine') orderLines.add(ref.id);
    for (const child of Object.values(value)) walk(child, depth + 1);
  };
  walk(body, 0);
  return { products: [...products], orderLines: [...orderLines] };
}

export type LineRef = { kind: 'product' | 'orderLine'; id: number } | { kind: 'supplier'; code: string };

/** What a line of a body is about: its product, the order line it receives, or a supplier link's code. */
export function refOf(element: Record<string, unknown>): LineRef | null {
  const product = element['product'];
  if (product && typeof product === 'object' && typeof (product as { id?: unknown }).id === 'number')
    return { kind: 'product', id: (product as { id: number }).id };
  if (typeof element['product_id'] === 'number') return { kind: 'product', id: element['product_id'] };
  if (typeof element['purchase_order_item_id'] === 'number')
    return { kind: 'orderLine', id: element['purchase_order_item_id'] };
  if (typeof element['supplier_code'] === 'string')
    return { kind: 'supplier', code: element['supplier_code'] };
  return null;
}

export async function loadLineNames(
  db: DockhandDb,
  ops: readonly Pick<OpRecord, 'body' | 'problem'>[],
): Promise<LineNames> {
  const productIds = new Set<number>();
  const orderLineIds = new Set<number>();
  for (const op of ops) {
    if (!op.problem?.errors || Object.keys(op.problem.errors).length === 0) continue;
    const refs = lineRefs(op.body);
    for (const id of refs.products) productIds.add(id);
    for (const id of refs.orderLines) orderLineIds.add(id);
  }
  if (productIds.size === 0 && orderLineIds.size === 0) return { products: new Map(), orderLines: new Map() };
  const [products, orderLines] = await Promise.all([
    db.products.bulkGet([...productIds]),
    db.purchaseOrderItems.bulkGet([...orderLineIds]),
  ]);
  return {
    products: new Map(
      products.flatMap((product) => (product ? [[product.id, product.short_description] as const] : [])),
    ),
    orderLines: new Map(
      orderLines.flatMap((line) =>
        line?.product.short_description ? [[line.po_item_id, line.product.short_description] as const] : [],
      ),
    ),
  };
}
