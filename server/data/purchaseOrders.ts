/**
 * Purchase orders in every status. Orders go to suppliers in proportion to their range size (majors get
 * most), to one of the outlets the supplier ranges into, and order a run of consecutive products of that
 * supplier (whole size runs, as buyers order). Ids ascend with created_on. Each order's timeline is created →
 * sent → deliveries → received (or cancelled), all before the epoch; only eta, deposit_due and balance_due
 * may lie after it. Open orders (OnOrder, ReceivingInProgress, BackOrder) add what they still expect to the
 * product's inventory quantity_on_order at the order's outlet.
 */
import type { Product } from '../../src/api/resources';
import { PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from '../../src/api/enums';
import type { NamedValue, PurchaseOrderRow } from '../state';
import { DAY_MS, DATA_EPOCH_MS, between, iso, workingMoment } from './clock';
import { rngOf, staffUser, type GenContext } from './context';
import type { OutletProfile } from './outlets';
import { buildItems, planDeliveries, type Delivery } from './purchaseOrderItems';
import { allocate, mix32, money, WeightedPicker, type Rng } from './random';
import { byName } from './reference';
import type { SupplierProfile } from './suppliers';
import { purchaseOrderTotals } from '../../src/api/resources/purchaseOrderFigures';

/** Share of orders per status, and how many days before the epoch such an order was created. */
const STATUS_MIX: Record<PurchaseOrderStatus, { share: number; age: [number, number] }> = {
  Incomplete: { share: 0.1, age: [1, 20] },
  OnOrder: { share: 0.18, age: [2, 60] },
  ReceivingInProgress: { share: 0.1, age: [20, 120] },
  BackOrder: { share: 0.05, age: [30, 150] },
  Received: { share: 0.5, age: [20, 730] },
  Cancelled: { share: 0.07, age: [5, 730] },
};
const OPEN: ReadonlySet<PurchaseOrderStatus> = new Set(['OnOrder', 'ReceivingInProgress', 'BackOrder']);

/** A generated order and, when goods arrived, the deliveries its invoices are built from. */
export interface GeneratedOrder {
  row: PurchaseOrderRow;
  supplier: SupplierProfile;
  outlet: OutletProfile;
  deliveries: Delivery[];
}

interface Slot {
  status: PurchaseOrderStatus;
  supplier: SupplierProfile;
  created: number;
}

/**
 * @param shipmentTypes frozen `{id, name}` per shipment type name (the lookups' types), embedded in orders.
 */
export function generatePurchaseOrders(
  context: GenContext,
  suppliers: readonly SupplierProfile[],
  products: ReadonlyMap<number, Product>,
  shipmentTypes: ReadonlyMap<string, NamedValue>,
): GeneratedOrder[] {
  const rng = rngOf(context, 'purchaseOrders');
  const picker = new WeightedPicker(suppliers, (supplier) => supplier.productCount);
  const counts = allocate(
    context.size.purchaseOrders,
    PURCHASE_ORDER_STATUSES.map((status) => STATUS_MIX[status].share),
  );
  const statuses = rng.shuffle(
    PURCHASE_ORDER_STATUSES.flatMap((status, index) =>
      Array<PurchaseOrderStatus>(counts[index]!).fill(status),
    ),
  );

  const slots: Slot[] = statuses.map((status) => {
    let supplier = picker.pick(rng);
    // Retired suppliers keep their history but get no open or draft orders.
    while (!supplier.record.is_enabled && status !== 'Received' && status !== 'Cancelled')
      supplier = picker.pick(rng);
    const [from, to] = STATUS_MIX[status].age;
    return { status, supplier, created: workingMoment(rng, rng.int(from, to)) };
  });
  slots.sort((a, b) => a.created - b.created);

  const lastOrderOf = new Map<number, number>();
  const orders = slots.map((slot) => {
    const order = buildOrder(
      rng,
      context,
      slot,
      shipmentTypes,
      lastOrderOf.get(slot.supplier.record.id ?? 0) ?? null,
    );
    lastOrderOf.set(slot.supplier.record.id ?? 0, order.row.id);
    return order;
  });
  addQuantityOnOrder(orders, products);
  return orders;
}

/** A run of `count` consecutive products of the supplier, starting anywhere and wrapping. */
function productRun(rng: Rng, products: readonly Product[], count: number): Product[] {
  const start = rng.int(0, products.length - 1);
  return Array.from({ length: count }, (_, i) => products[(start + i) % products.length]!);
}

function buildOrder(
  rng: Rng,
  context: GenContext,
  slot: Slot,
  shipmentTypes: ReadonlyMap<string, NamedValue>,
  previousId: number | null,
): GeneratedOrder {
  const { reference, users } = context;
  const { status, supplier, created } = slot;
  const id = context.ids.take('purchaseOrders');
  const outlet = rng.pick(supplier.outlets);
  const lineCount = Math.min(supplier.products.length, supplier.major ? rng.int(12, 48) : rng.int(1, 8));
  const createdOn = iso(created);
  const items = buildItems(rng, {
    poId: id,
    status,
    products: productRun(rng, supplier.products, lineCount),
    createdOn,
    ids: context.ids,
    reference,
  });

  // Timeline: every step is between the previous one and the epoch.
  const sent =
    status === 'Incomplete' || (status === 'Cancelled' && rng.chance(0.5))
      ? null
      : between(rng, created, created + 2 * DAY_MS);
  const start = sent ?? created;
  const deliveryCount = status === 'Received' ? rng.int(1, 3) : rng.int(1, 2);
  const moments = Array.from({ length: deliveryCount }, () =>
    arrival(rng, start, supplier.leadTimeDays),
  ).sort((a, b) => a - b);
  const deliveries =
    status === 'Received' || status === 'ReceivingInProgress' || status === 'BackOrder'
      ? planDeliveries(rng, items, moments)
      : [];
  for (const delivery of deliveries) {
    const at = iso(delivery.at);
    for (const { item } of delivery.lines) item.modified_on = at;
  }
  const lastDelivery = deliveries[deliveries.length - 1]?.at ?? null;
  const modified = lastDelivery ?? between(rng, start, start + (status === 'Cancelled' ? 30 : 3) * DAY_MS);
  const eta = start + (supplier.leadTimeDays + rng.int(-3, 10)) * DAY_MS;

  const seaFreight = supplier.international;
  const external = created > DATA_EPOCH_MS - 120 * DAY_MS && rng.chance(0.25);
  const creator = external ? users[0]! : staffUser(context, rng);
  const linked = items.some((item) => item.is_linked_to_transfer);
  const totals = purchaseOrderTotals(items);
  const departure = seaFreight && sent !== null ? sent + rng.int(7, 14) * DAY_MS : null;
  const containerised = seaFreight && rng.chance(0.6);
  const documents = seaFreight && (status === 'Received' || status === 'ReceivingInProgress');

  const row: PurchaseOrderRow = {
    id,
    // A bijection of the id, so unique: the app's idempotency key for orders it created.
    external_purchase_order_id: external
      ? `dockhand-${mix32(id ^ context.seed)
          .toString(16)
          .padStart(8, '0')}`
      : null,
    reference_purchase_order_id: previousId !== null && rng.chance(0.05) ? previousId : null,
    status: byName(reference.purchaseOrderStatuses, status) as PurchaseOrderRow['status'],
    outlet: outlet.ref,
    supplier: supplier.ref,
    sailed:
      departure !== null && status !== 'OnOrder' && status !== 'Cancelled'
        ? iso(Math.min(departure + rng.int(0, 5) * DAY_MS, modified))
        : null,
    deposit_due: supplier.record.deposit_required ? iso(created + 7 * DAY_MS) : null,
    balance_due: supplier.record.deposit_required ? iso(eta - 14 * DAY_MS) : null,
    original_departure: departure !== null ? iso(departure) : null,
    eta: status === 'Cancelled' ? null : iso(eta),
    sent_on: sent !== null ? iso(sent) : null,
    received_on: status === 'Received' && lastDelivery !== null ? iso(lastDelivery) : null,
    created_on: createdOn,
    modified_on: iso(modified),
    supplier_comments: rng.chance(0.2)
      ? rng.pick([
          'Please deliver to the loading dock.',
          'Call 30 minutes before arrival.',
          'Label every carton with the PO number.',
          'Split delivery accepted.',
        ])
      : null,
    purchase_order_template: supplier.record.purchase_order_template,
    autoreplenishment_invoice_number: !external && supplier.major && rng.chance(0.08) ? `AR-${id}` : null,
    autoreplenishment_invoice_reference: null,
    container_number:
      containerised && sent !== null
        ? `${rng.pick(['MSCU', 'MAEU', 'CMAU', 'OOLU'])}${rng.int(1_000_000, 9_999_999)}`
        : null,
    deliver_to: deliverTo(outlet),
    shipping_terms: supplier.record.shipping_terms,
    payment_terms: supplier.record.payment_terms,
    invoice_documents: documents ? `invoice-${id}.pdf` : null,
    packing_list_documents: documents ? `packing-list-${id}.pdf` : null,
    packing_declaration_documents: documents && rng.chance(0.5) ? `packing-declaration-${id}.pdf` : null,
    fumes_documents: documents && rng.chance(0.2) ? `fumigation-${id}.pdf` : null,
    certificate_of_original_documents:
      documents && rng.chance(0.3) ? `certificate-of-origin-${id}.pdf` : null,
    bill_of_lading_documents: documents && containerised ? `bill-of-lading-${id}.pdf` : null,
    internal_comments: rng.chance(0.15)
      ? rng.pick([
          'Check quality on arrival',
          'Promo stock for March catalogue',
          'Replaces cancelled order',
          'Split across two containers',
        ])
      : null,
    // Filled by the invoice generator with the latest invoice's number.
    supplier_invoice_number: null,
    update_linked_transfers_on_receipt_to:
      linked || rng.chance(0.1)
        ? rng.pick(['qty_allocated', 'Allocate', 'qty_picked', 'Pick', 'qty_dispatched', 'Dispatch'] as const)
        : null,
    shipping_status: seaFreight ? shippingStatus(context, status, rng) : null,
    shipping_type: shipmentTypes.get(
      seaFreight
        ? containerised
          ? 'Sea freight FCL'
          : 'Sea freight LCL'
        : rng.pick(['Road freight', 'Courier']),
    )!,
    shipping_port: seaFreight ? supplier.record.shipping_port : null,
    country_of_origin: supplier.record.country_of_origin,
    fob_currency: supplier.currency,
    created_by: creator,
    modified_by: deliveries.length > 0 || !external ? staffUser(context, rng) : creator,
    deposit: supplier.record.deposit_required ? money((totals.total_supplier_buy_ex ?? 0) * 0.3) : null,
    ...totals,
    items,
  };
  return { row, supplier, outlet, deliveries };
}

function shippingStatus(context: GenContext, status: PurchaseOrderStatus, rng: Rng) {
  const name: Record<PurchaseOrderStatus, string> = {
    Incomplete: 'Not shipped',
    OnOrder: rng.pick(['Booked', 'Sailed', 'At port']),
    ReceivingInProgress: rng.pick(['Cleared customs', 'Delivered']),
    BackOrder: 'Delivered',
    Received: 'Delivered',
    Cancelled: 'Not shipped',
  };
  return byName(context.reference.shippingStatuses, name[status]);
}

/** The outlet's name and street address, as printed on the order. */
function deliverTo({ record }: OutletProfile): string {
  const { address_line1, suburb, state, postcode } = record.address;
  return `${record.name}, ${address_line1}, ${suburb} ${state} ${postcode}`;
}

/** When goods ordered at `start` arrive: around the lead time, but never after the epoch. */
function arrival(rng: Rng, start: number, leadTimeDays: number): number {
  const latestPossible = DATA_EPOCH_MS - 3_600_000;
  const from = Math.min(start + leadTimeDays * 0.7 * DAY_MS, (start + latestPossible) / 2);
  return between(rng, from, Math.min(start + leadTimeDays * 1.4 * DAY_MS, latestPossible));
}

function addQuantityOnOrder(orders: readonly GeneratedOrder[], products: ReadonlyMap<number, Product>): void {
  for (const { row, outlet } of orders) {
    if (!OPEN.has(row.status.name)) continue;
    for (const item of row.items) {
      const stock = products
        .get(item.product_id)!
        .inventory.find((entry) => entry.outlet.id === outlet.record.id);
      if (stock) stock.quantity_on_order += item.quantity_remaining ?? 0;
    }
  }
}
