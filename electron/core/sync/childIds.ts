/**
 * Server ids of the child records a create made alongside its own (the lines of a new purchase order), in
 * body order, so the store can map the temp ids the renderer gave those children (outbox.allocateTempId
 * with a parent) in one transaction with the parent's own id.
 *
 * TODO(opKind owner): this is per-kind knowledge and belongs on OpKindSpec as
 * `childIdsOf?(result): ChildIds[]`; until it exists, the engine knows the one create that has children.
 */
import type { ChildIds } from '../../../src/db/storePort';
import type { OpKindSpec } from './opKind';

export function childIdsOf(spec: OpKindSpec, result: unknown): ChildIds[] {
  const fromSpec = (spec as { childIdsOf?: (result: unknown) => ChildIds[] }).childIdsOf;
  if (fromSpec) return fromSpec(result);
  if (spec.creates !== 'purchaseOrders' || !result || typeof result !== 'object') return [];
  const items = (result as { purchase_order_items?: { po_item_id: number | null }[] | null })
    .purchase_order_items;
  if (!items?.length || items.some((item) => item.po_item_id === null)) return [];
  return [{ entity: 'purchaseOrderItems', ids: items.map((item) => item.po_item_id!) }];
}
