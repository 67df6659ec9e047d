/**
 * The cache rows an offline purchase order shows until the server's answer replaces them, shaped as that
 * answer will be (electron/core/sync/ops/purchaseOrders.ts writes it over them). Figures the server decides
 * are filled the way the simulator documents them (server/domain/purchasing/orderLines.ts: a line without a
 * price is priced from the product's supplier buy price, totals are sums of the lines); the few it alone
 * can know (who created it, the status' id) are stand-ins.
 */
import type { Product } from '../../api/resources';
import { lineFigures, purchaseOrderTotals } from '../../api/resources/purchaseOrderFigures';
import { PURCHASE_ORDER_TEXT_KEYS } from '../../api/requests/purchaseOrder';
import { lineProduct } from '../lineProduct';
import type { CachedPurchaseOrder, CachedPurchaseOrderItem } from '../schema';
import type { ValidNewPurchaseOrder } from './purchaseOrderForm';

/** The cached records an order is raised from (the form only offers cached ones). */
export interface PurchaseOrderCatalogue {
  supplier: { id: number; name: string | null };
  outlet: { id: number; name: string | null; fob_currency: CachedPurchaseOrder['fob_currency'] };
  /**
   * The currency the order is raised in (../currencies.ts newOrderCurrency): the supplier's where its
   * orders say it, else the outlet's. The outlet's stands in when the cache can tell neither.
   */
  currency?: CachedPurchaseOrder['fob_currency'];
  products: ReadonlyMap<number, Product>;
  /** The server's id for the Incomplete status, as cached orders show it. */
  incompleteStatusId: number;
}

/** The API user who creates the order is known only to the server: a blank one until its row arrives. */
export const UNKNOWN_USER = { id: 0, user_code: null, first_name: null, surname: null };
/** The variance reason of a line nothing has been received into (the simulator's "None", id 0). */
const NO_VARIANCE = { id: 0, name: 'None' };

/** One line with its product as lines keep it and its figures derived as the server derives them. */
export function lineRow(
  line: ValidNewPurchaseOrder['lines'][number],
  product: Product,
  ids: { order: number; line: number },
  outlet: { id: number; name: string },
  at: string,
): CachedPurchaseOrderItem {
  const quantity = line.quantity;
  const stock = product.inventory.find((entry) => entry.outlet.id === outlet.id);
  return {
    po_id: ids.order,
    po_item_id: ids.line,
    product: lineProduct(product),
    // Shown nowhere before the server's row replaces it; the product's own sell price stands in.
    pricing: {
      product_id: product.id,
      outlet_id: outlet.id,
      sell_price_inc: product.sell_price_inc ?? product.rrp_inc,
      promotional_price_inc: product.promotional_price_inc,
      promotional_price_start: product.modified_on,
      promotional_price_end: product.promotional_price_expiry,
      taxable: true,
    },
    quantity_ordered: quantity,
    quantity_special_order: 0,
    quantity_back_order: 0,
    quantity_received: 0,
    quantity_received_variance: null,
    quantity_cancelled: 0,
    quantity_remaining: quantity,
    variance_reason: NO_VARIANCE,
    inventory: {
      outlet,
      quantity_available: stock?.quantity_available ?? 0,
      quantity_on_order: stock?.quantity_on_order ?? 0,
      msl: 0,
    },
    ...lineFigures(product, line.buyPrice, quantity),
    is_linked_to_transfer: false,
    modified_on: at,
    created_on: at,
  };
}

const NULL_FIELDS = [
  'sailed',
  'deposit_due',
  'balance_due',
  'original_departure',
  'sent_on',
  'received_on',
  ...PURCHASE_ORDER_TEXT_KEYS,
  'update_linked_transfers_on_receipt_to',
  'shipping_status',
  'shipping_type',
  'shipping_port',
  'country_of_origin',
  'deposit',
] as const satisfies readonly (keyof CachedPurchaseOrder)[];

/** The order row (its lines live in their own table): status Incomplete, totals summed from `lines`. */
export function orderRow(
  form: ValidNewPurchaseOrder,
  catalogue: PurchaseOrderCatalogue,
  id: number,
  externalId: string,
  lines: readonly CachedPurchaseOrderItem[],
  at: string,
): CachedPurchaseOrder {
  return {
    id,
    external_purchase_order_id: externalId,
    reference_purchase_order_id: form.reference ?? null,
    status: { id: catalogue.incompleteStatusId, name: 'Incomplete' },
    outlet: { id: catalogue.outlet.id, name: catalogue.outlet.name ?? '' },
    supplier: { id: catalogue.supplier.id, name: catalogue.supplier.name ?? '' },
    ...(Object.fromEntries(NULL_FIELDS.map((field) => [field, null])) as Pick<
      CachedPurchaseOrder,
      (typeof NULL_FIELDS)[number]
    >),
    // A calendar date is stored as midnight UTC of that day (server/domain/purchasing/dates.ts).
    eta: `${form.eta}T00:00:00.000Z`,
    created_on: at,
    modified_on: at,
    fob_currency: { ...(catalogue.currency ?? catalogue.outlet.fob_currency) },
    created_by: UNKNOWN_USER,
    modified_by: UNKNOWN_USER,
    // A new order's lines have nothing received, cancelled, special-ordered or linked: those sums are 0.
    ...purchaseOrderTotals(lines),
  };
}
