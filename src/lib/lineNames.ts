/**
 * The names a refused change's lines read by ("Ember dome tent"), from this PC's cache: the products its
 * lines order or return, and the order lines its receipt lines receive. Only ops the server refused with
 * field errors are looked at, so a long queue costs nothing here.
 */
import type { OpRecord } from '../db/ops';
import type { DockhandDb } from '../db/schema';
import { lineRefs, type LineNames } from './rejectionWords';

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
