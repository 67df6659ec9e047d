/**
 * Purchase orders written straight to JSON bytes, for the responses that carry many items (a 500-order page
 * with items is ~40 MB). The output is byte for byte `JSON.stringify` of the views in ./purchaseOrder.ts:
 * the same keys in the same order with the same values. The HTTP layer checks that on every response while
 * response validation is on (server/http/responseBody.ts), so tests catch any drift between the two.
 *
 * Why not stringify the views: V8 then builds ~10,000 item objects and one 40 MB string per page, and
 * that string is built again as bytes. Here each order is written as it goes: its fields and its items' fields
 * from the templates below, each item's product with one `JSON.stringify`.
 *
 * A cache of the serialised products and orders between requests was tried and removed (issue #11): it paid
 * only when the same page was read again with no write in between, which no client does (a keyset pull reads
 * each page once). On the client's walk (12 distinct 500-order pages with items, 494 MB, large dataset, three
 * alternating rounds) it took 14.0–16.3 s against 11.2–12.5 s without it in one session and was level in
 * another (8.3–8.6 s against 8.5–9.8 s); the templates alone beat `JSON.stringify` of the views (9.1–17.3 s).
 */
import type { JsonOut } from '../../jsonOut';
import { pricingOf, type Page } from '../../search';
import type { PurchaseOrderItemRow, PurchaseOrderRow, SimState } from '../../state';
import { productOf, purchaseOrderView } from './purchaseOrder';

/** A number as JSON.stringify writes it (non-finite numbers become null). */
const num = (value: number): string => (Number.isFinite(value) ? String(value) : 'null');
const numOrNull = (value: number | null): string => (value === null ? 'null' : num(value));
const text = (value: string | null): string => JSON.stringify(value);

/** The item's fields before its product. */
function itemHead(item: PurchaseOrderItemRow, first: boolean): string {
  return `${first ? '' : ','}{"po_id":${num(item.po_id)},"po_item_id":${num(item.po_item_id)},"product":`;
}

/** The item's fields after the product; `outletJson` is the order's `{id, name}`, written once per order. */
function itemTail(
  state: SimState,
  item: PurchaseOrderItemRow,
  po: PurchaseOrderRow,
  outletJson: string,
): string {
  const product = productOf(state, item);
  const outletId = po.outlet.id;
  const pricing = pricingOf(product, outletId);
  const stock = product.inventory.find((entry) => entry.outlet.id === outletId);
  return (
    `,"pricing":{"product_id":${num(pricing.product_id)},"outlet_id":${num(pricing.outlet_id)}` +
    `,"sell_price_inc":${num(pricing.sell_price_inc)},"promotional_price_inc":${num(pricing.promotional_price_inc)}` +
    `,"promotional_price_start":${text(pricing.promotional_price_start)}` +
    `,"promotional_price_end":${text(pricing.promotional_price_end)},"taxable":${String(pricing.taxable)}}` +
    `,"quantity_ordered":${num(item.quantity_ordered)}` +
    `,"quantity_special_order":${num(item.quantity_special_order)}` +
    `,"quantity_back_order":${num(item.quantity_back_order)}` +
    `,"quantity_received":${num(item.quantity_received)}` +
    `,"quantity_received_variance":${numOrNull(item.quantity_received_variance)}` +
    `,"quantity_cancelled":${numOrNull(item.quantity_cancelled)}` +
    `,"quantity_remaining":${numOrNull(item.quantity_remaining)}` +
    `,"variance_reason":${JSON.stringify(item.variance_reason)}` +
    `,"inventory":{"outlet":${outletJson}` +
    `,"quantity_available":${num(stock?.quantity_available ?? 0)}` +
    `,"quantity_on_order":${num(stock?.quantity_on_order ?? 0)}` +
    `,"msl":${num(state.msl.get(`${product.id}:${outletId}`) ?? 0)}}` +
    `,"supplier_buy_ex":${numOrNull(item.supplier_buy_ex)}` +
    `,"total_weight":${num(item.total_weight)},"total_cubic":${num(item.total_cubic)}` +
    `,"gross_profit":${num(item.gross_profit)},"mark_up":${num(item.mark_up)}` +
    `,"total_supplier_buy_ex":${num(item.total_supplier_buy_ex)}` +
    `,"is_linked_to_transfer":${String(item.is_linked_to_transfer)}` +
    `,"modified_on":${text(item.modified_on)},"created_on":${text(item.created_on)}}`
  );
}

/** How the order's JSON ends when its items are not embedded: the view puts the key last. */
const NO_ITEMS_END = ',"purchase_order_items":null}';

/**
 * The order's JSON with items, cut where each item's product goes: segment i ends just before item i's
 * product, the last one closes the order. Null for a row that carries a purchase_order_items key of its own
 * (the view keeps that key's place; such a row is not worth a second template).
 */
function orderSegments(state: SimState, po: PurchaseOrderRow): string[] | null {
  const head = JSON.stringify(purchaseOrderView(state, po, false));
  if (!head.endsWith(NO_ITEMS_END)) return null;
  const outletJson = JSON.stringify({ id: po.outlet.id, name: po.outlet.name });
  const segments: string[] = [];
  let segment = `${head.slice(0, head.length - 'null}'.length)}[`;
  po.items.forEach((item, index) => {
    segments.push(segment + itemHead(item, index === 0));
    segment = itemTail(state, item, po, outletJson);
  });
  segments.push(`${segment}]}`);
  return segments;
}

function writeProduct(out: JsonOut, state: SimState, item: PurchaseOrderItemRow): void {
  out.text(JSON.stringify(productOf(state, item)));
}

/** Writes `JSON.stringify(purchaseOrderView(state, po, includeItems))`. */
export function writePurchaseOrder(
  out: JsonOut,
  state: SimState,
  po: PurchaseOrderRow,
  includeItems: boolean,
): void {
  const segments = includeItems ? orderSegments(state, po) : null;
  if (!segments) {
    out.text(JSON.stringify(purchaseOrderView(state, po, includeItems)));
    return;
  }
  po.items.forEach((item, index) => {
    out.text(segments[index]!);
    writeProduct(out, state, item);
  });
  out.text(segments[po.items.length]!);
}

/** Writes `JSON.stringify` of a search page whose rows are written as `purchaseOrderView`s. */
export function writePurchaseOrderPage(
  out: JsonOut,
  state: SimState,
  page: Page<PurchaseOrderRow>,
  includeItems: boolean,
): void {
  out.text('{"data":[');
  page.data.forEach((po, index) => {
    if (index > 0) out.text(',');
    writePurchaseOrder(out, state, po, includeItems);
  });
  out.text(
    `],"page_number":${num(page.page_number)},"page_size":${num(page.page_size)}` +
      `,"total_records":${num(page.total_records)}}`,
  );
}
