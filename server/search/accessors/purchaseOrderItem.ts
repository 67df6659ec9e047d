/**
 * Accessors of the purchase order item search (GET /purchaseorders/{id}/purchaseorderitems). A stored item
 * names its product by id, so the product, inventory and pricing fields are looked up at search time, exactly
 * as the item view (server/domain/views/purchaseOrder.ts) embeds them, so a filter agrees with the response:
 * product fields from state.products, inventory for the purchase order's outlet from product.inventory and
 * state.msl (0 when the outlet has no entry, as the view), pricing from `pricingOf`.
 */
import type { Product, PurchaseOrderItem } from '../../../src/api/resources';
import type { PurchaseOrderItemRow, PurchaseOrderRow, SimState } from '../../state';
import { effectiveSellPriceInc } from '../../data';
import type { AccessorTable } from '../engine';
import { byName } from '../values';
import { attributeById, attributeByName, type CompleteAccessors } from './shared';

/** An item with the purchase order it belongs to (its outlet decides inventory and pricing). */
export interface PurchaseOrderItemSearchRow {
  item: PurchaseOrderItemRow;
  order: PurchaseOrderRow;
}

/** The search rows of one purchase order's items. */
export const purchaseOrderItemRows = (order: PurchaseOrderRow): PurchaseOrderItemSearchRow[] =>
  order.items.map((item) => ({ item, order }));

/**
 * An item's pricing for an outlet, derived from its product (the product carries no per-outlet prices). The
 * item view embeds exactly this, so filters on pricing_* agree with the response: sell_price_inc is the
 * price the product sells at (for a product priced by markup_target, its buy price marked up); the
 * promotion runs from the product's last modification to its promotional_price_expiry.
 */
export function pricingOf(product: Product, outletId: number): PurchaseOrderItem['pricing'] {
  return {
    product_id: product.id,
    outlet_id: outletId,
    sell_price_inc: effectiveSellPriceInc(product),
    promotional_price_inc: product.promotional_price_inc,
    promotional_price_start: product.modified_on,
    promotional_price_end: product.promotional_price_expiry,
    taxable: true,
  };
}

/**
 * custom1..custom3: the custom property named `custom<n>` (case, spaces and underscores ignored), else the
 * n-th custom property: the API names the fields but not how products label them.
 */
function customProperty(product: Product | undefined, n: number): string | null {
  if (!product) return null;
  const named = product.custom_properties.find(
    (p) => p.name.toLowerCase().replace(/[\s_]/g, '') === `custom${n}`,
  );
  return (named ?? product.custom_properties[n - 1])?.value ?? null;
}

type Row = PurchaseOrderItemSearchRow;

export function purchaseOrderItemAccessors(state: SimState): AccessorTable<Row> {
  const productOf = (row: Row) => state.products.get(row.item.product_id);
  const inventoryOf = (row: Row) =>
    productOf(row)?.inventory.find((entry) => entry.outlet.id === row.order.outlet.id);
  const pricing = (row: Row) => {
    const product = productOf(row);
    return product ? pricingOf(product, row.order.outlet.id) : undefined;
  };
  const fromProduct =
    <K extends keyof Product>(field: K) =>
    (row: Row) =>
      productOf(row)?.[field] ?? null;

  const table: CompleteAccessors<'searchPurchaseOrderItems', Row> = {
    id: ({ item }) => item.po_item_id, // select `id` is the item id, po_item_id in the record
    po_id: ({ item }) => item.po_id,
    po_item_id: ({ item }) => item.po_item_id,
    product_id: ({ item }) => item.product_id,
    // 0 without an inventory entry or msl, as the view; null only when the product itself is unknown.
    quantity_on_order: (row) => (productOf(row) ? (inventoryOf(row)?.quantity_on_order ?? 0) : null),
    quantity_available: (row) => (productOf(row) ? (inventoryOf(row)?.quantity_available ?? 0) : null),
    msl: (row) =>
      productOf(row) ? (state.msl.get(`${row.item.product_id}:${row.order.outlet.id}`) ?? 0) : null,
    quantity_received: ({ item }) => item.quantity_received,
    quantity_ordered: ({ item }) => item.quantity_ordered,
    quantity_received_variance: ({ item }) => item.quantity_received_variance,
    quantity_cancelled: ({ item }) => item.quantity_cancelled,
    quantity_special_order: ({ item }) => item.quantity_special_order,
    quantity_back_order: ({ item }) => item.quantity_back_order,
    quantity_remaining: ({ item }) => item.quantity_remaining,
    variance_reason_id: ({ item }) => item.variance_reason.id,
    supplier_sku: fromProduct('supplier_sku'),
    supplier_sku2: fromProduct('supplier_sku2'),
    manufacturer_sku: fromProduct('manufacturer_sku'),
    short_description: fromProduct('short_description'),
    length: fromProduct('length'),
    breadth: fromProduct('breadth'),
    depth: fromProduct('depth'),
    cubic: fromProduct('cubic'),
    carton_quantity: fromProduct('carton_quantity'),
    weight: fromProduct('weight'),
    rrp_inc: fromProduct('rrp_inc'),
    sell_price_inc: fromProduct('sell_price_inc'),
    product_type: (row) => byName(productOf(row)?.product_type),
    size: (row) => attributeByName(productOf(row), 'size'),
    colour: (row) => attributeByName(productOf(row), 'colour'),
    brand: (row) => attributeByName(productOf(row), 'brand'),
    season: (row) => attributeByName(productOf(row), 'season'),
    attribute: (row, key) => attributeById(productOf(row), key),
    custom1: (row) => customProperty(productOf(row), 1),
    custom2: (row) => customProperty(productOf(row), 2),
    custom3: (row) => customProperty(productOf(row), 3),
    total_cubic: ({ item }) => item.total_cubic,
    total_weight: ({ item }) => item.total_weight,
    gross_profit: ({ item }) => item.gross_profit,
    mark_up: ({ item }) => item.mark_up,
    supplier_buy_ex: ({ item }) => item.supplier_buy_ex,
    total_supplier_buy_ex: ({ item }) => item.total_supplier_buy_ex,
    product_supplier_buy_ex: fromProduct('supplier_buy_ex'),
    // The embedded product's own supplier, which is usually but not always the order's supplier.
    supplier_id: (row) => productOf(row)?.supplier.id ?? null,
    supplier_code: (row) => productOf(row)?.supplier.supplier_code ?? null,
    supplier_name: (row) => productOf(row)?.supplier.name ?? null,
    modified_on: ({ item }) => item.modified_on,
    created_on: ({ item }) => item.created_on,
    pricing_sell_price_inc: (row) => pricing(row)?.sell_price_inc ?? null,
    pricing_promotional_price_inc: (row) => pricing(row)?.promotional_price_inc ?? null,
    pricing_promotional_price_start: (row) => pricing(row)?.promotional_price_start ?? null,
    pricing_promotional_price_end: (row) => pricing(row)?.promotional_price_end ?? null,
    is_linked_to_transfer: ({ item }) => item.is_linked_to_transfer,
  };
  return table;
}
