/**
 * Response views of stored purchase orders. A stored item names its product by id (server/state.ts); the view
 * embeds the product, the outlet pricing and the outlet inventory when a response is built.
 *
 * Hot path: a 500-order page with items builds ~10,000 items. So the product is embedded by reference (never
 * cloned: serialisation does not care, and nothing mutates a view), each field is copied explicitly (no
 * spread of the row, which would also carry product_id), and the outlet object is built once per order.
 *
 * Decided here, the API naming only the fields:
 *  - pricing is the search engine's `pricingOf`, so pricing_* filters agree with what the view returns;
 *  - inventory is the product's entry for the order's outlet (zeros when the outlet has never stocked it),
 *    with msl from the state's minimum stock levels (0 when none is set).
 */
import type { Product, PurchaseOrder, PurchaseOrderItem } from '../../../src/api/resources';
import type { NamedValue, PurchaseOrderItemRow, PurchaseOrderRow, SimState } from '../../state';
import { pricingOf } from '../../search';

export function productOf(state: SimState, item: PurchaseOrderItemRow): Product {
  const product = state.products.get(item.product_id);
  // Products are never deleted through the API, so a dangling id is a generator or handler bug.
  if (!product)
    throw new Error(`Purchase order item ${item.po_item_id} names unknown product ${item.product_id}`);
  return product;
}

function itemView(state: SimState, item: PurchaseOrderItemRow, outlet: NamedValue): PurchaseOrderItem {
  const product = productOf(state, item);
  const stock = product.inventory.find((entry) => entry.outlet.id === outlet.id);
  return {
    po_id: item.po_id,
    po_item_id: item.po_item_id,
    product,
    pricing: pricingOf(product, outlet.id),
    quantity_ordered: item.quantity_ordered,
    quantity_special_order: item.quantity_special_order,
    quantity_back_order: item.quantity_back_order,
    quantity_received: item.quantity_received,
    quantity_received_variance: item.quantity_received_variance,
    quantity_cancelled: item.quantity_cancelled,
    quantity_remaining: item.quantity_remaining,
    variance_reason: item.variance_reason,
    inventory: {
      outlet,
      quantity_available: stock?.quantity_available ?? 0,
      quantity_on_order: stock?.quantity_on_order ?? 0,
      msl: state.msl.get(`${product.id}:${outlet.id}`) ?? 0,
    },
    supplier_buy_ex: item.supplier_buy_ex,
    total_weight: item.total_weight,
    total_cubic: item.total_cubic,
    gross_profit: item.gross_profit,
    mark_up: item.mark_up,
    total_supplier_buy_ex: item.total_supplier_buy_ex,
    is_linked_to_transfer: item.is_linked_to_transfer,
    modified_on: item.modified_on,
    created_on: item.created_on,
  };
}

/** One item of `po` as the API returns it. */
export function purchaseOrderItemView(
  state: SimState,
  po: PurchaseOrderRow,
  item: PurchaseOrderItemRow,
): PurchaseOrderItem {
  return itemView(state, item, { id: po.outlet.id, name: po.outlet.name });
}

/** The order as the API returns it: items embedded with include_items, else purchase_order_items null. */
export function purchaseOrderView(
  state: SimState,
  po: PurchaseOrderRow,
  includeItems: boolean,
): PurchaseOrder {
  // The rest object is already a fresh shallow copy; it gets its items in place rather than spread again.
  const { items, ...view }: { items: PurchaseOrderItemRow[] } & PurchaseOrder = po;
  const outlet = { id: po.outlet.id, name: po.outlet.name };
  view.purchase_order_items = includeItems ? items.map((item) => itemView(state, item, outlet)) : null;
  return view;
}
