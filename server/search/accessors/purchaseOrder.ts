/** Accessors of the purchase order search (GET /purchaseorders) over stored `PurchaseOrderRow`s. */
import type { PurchaseOrderRow } from '../../state';
import { byName } from '../values';
import { userAccessors, type CompleteAccessors } from './shared';

export const purchaseOrderAccessors: CompleteAccessors<'searchPurchaseOrders', PurchaseOrderRow> = {
  id: (po) => po.id,
  external_purchase_order_id: (po) => po.external_purchase_order_id,
  reference_purchase_order_id: (po) => po.reference_purchase_order_id,
  // Matched and ordered by name; eq/neq/in/notin also accept the id (`status:eq:2`), see NamedRef.
  status: (po) => byName(po.status),
  outlet: (po) => byName(po.outlet),
  supplier: (po) => byName(po.supplier),
  eta: (po) => po.eta,
  created_on: (po) => po.created_on,
  modified_on: (po) => po.modified_on,
  // "Has an item for this product": every item's product id; eq/in match when any item does.
  product_id: (po) => po.items.map((item) => item.product_id),
  ...userAccessors('created_by', (po: PurchaseOrderRow) => po.created_by),
};
