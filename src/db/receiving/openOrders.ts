/**
 * The orders a dock can receive into: open purchase orders (Incomplete, OnOrder, ReceivingInProgress,
 * BackOrder) for the PC's outlet, newest ETA first, and what a scanned code names among them (a PO number
 * or external id, or a product's barcode / SKU). DOM-free; every read goes through an index.
 */
import type { Product, PurchaseOrderStatus } from '../../api/resources';
import { bulkGetInSlices, DEFAULT_SLICES, mapInSlices, SliceBudget, type SlicePolicy } from '../yieldingRead';
import { orderSummaryOf, type OrderSummary } from '../orderSummary';
import { findProductByCode } from '../productLookup';
import type { CachedPurchaseOrder, DockhandDb } from '../schema';

export const OPEN_STATUSES: readonly PurchaseOrderStatus[] = [
  'Incomplete',
  'OnOrder',
  'ReceivingInProgress',
  'BackOrder',
];

export interface OpenOrderRow extends OrderSummary {
  unitsOrdered: number;
  unitsRemaining: number;
  /** A delivery of this PC is being received into it (a draft exists). */
  drafting: boolean;
  /** What the start screen's search looks in, lower case: PO number, external id, supplier. */
  searchText: string;
}

const isOpen = (order: CachedPurchaseOrder) => OPEN_STATUSES.includes(order.status.name);

function rowOf(order: CachedPurchaseOrder, drafting: boolean): OpenOrderRow {
  return {
    ...orderSummaryOf(order),
    unitsOrdered: order.total_quantity_ordered ?? 0,
    unitsRemaining: order.total_quantity_remaining ?? 0,
    drafting,
    searchText: [
      order.id < 0 ? `new po ${-order.id}` : `po ${order.id}`,
      String(order.id),
      order.external_purchase_order_id ?? '',
      order.supplier.name,
    ]
      .join('\n')
      .toLowerCase(),
  };
}

/** Newest ETA first; orders without an ETA last, then by id, newest first. */
function byEta(a: OpenOrderRow, b: OpenOrderRow): number {
  if (a.eta !== b.eta) {
    if (a.eta === null) return 1;
    if (b.eta === null) return -1;
    return a.eta < b.eta ? 1 : -1;
  }
  return b.id - a.id;
}

/**
 * Every table `listOpenOrders` reads. The receiving screen's list re-runs after commits to these, coalesced
 * (src/lib/coalescedQuery.ts), not on each: it reads every open order whole, and a first sync commits the
 * orders a slice at a time (issue #24).
 */
export const OPEN_ORDER_TABLES = ['purchaseOrders', 'receiptDrafts'] as const;

/** The ids of the open orders for `outletId` (every outlet when null), from index keys alone. */
async function openOrderIds(db: DockhandDb, outletId: number | null): Promise<number[]> {
  const open = await db.purchaseOrders.where('status.name').anyOf(OPEN_STATUSES).primaryKeys();
  if (outletId === null) return open;
  const atOutlet = new Set(await db.purchaseOrders.where('outlet.id').equals(outletId).primaryKeys());
  return open.filter((id) => atOutlet.has(id));
}

/**
 * Open orders for `outletId` (every outlet when null), newest ETA first. The large demo has 4,000 open orders:
 * read whole in one request and made into rows in its callback, that was one task of up to a second at 4×
 * CPU throttle (issue #24). The ids come from index keys, the orders a slice at a time, and the rows are
 * made with the thread given back between slices (../yieldingRead.ts). Not in a transaction: the
 * slices may see a commit land between them, and the coalesced re-run after it reads again.
 */
export async function listOpenOrders(
  db: DockhandDb,
  outletId: number | null,
  slices: SlicePolicy = DEFAULT_SLICES,
): Promise<OpenOrderRow[]> {
  const [ids, drafts] = await Promise.all([
    openOrderIds(db, outletId),
    db.receiptDrafts.toCollection().primaryKeys(),
  ]);
  const budget = new SliceBudget(slices);
  const orders = await bulkGetInSlices(db.purchaseOrders, ids, slices, budget);
  const drafting = new Set(drafts);
  const rows = await mapInSlices(
    // An order changed between the keys and its slice may have closed or moved outlet.
    orders.filter(
      (order): order is CachedPurchaseOrder =>
        order !== undefined && isOpen(order) && (outletId === null || order.outlet.id === outletId),
    ),
    (order) => rowOf(order, drafting.has(order.id)),
    budget,
  );
  return rows.sort(byEta);
}

/** Open orders of the outlet that order this product, newest ETA first. */
export async function openOrdersWithProduct(
  db: DockhandDb,
  productId: number,
  outletId: number | null,
): Promise<OpenOrderRow[]> {
  const poIds = [
    ...new Set(
      (await db.purchaseOrderItems.where('product.id').equals(productId).toArray()).map((item) => item.po_id),
    ),
  ];
  const [orders, drafts] = await Promise.all([
    db.purchaseOrders.bulkGet(poIds),
    db.receiptDrafts.bulkGet(poIds),
  ]);
  return orders
    .flatMap((order, i) =>
      order && isOpen(order) && (outletId === null || order.outlet.id === outletId)
        ? [rowOf(order, drafts[i] !== undefined)]
        : [],
    )
    .sort(byEta);
}

export type CodeMatch =
  | { kind: 'order'; order: OpenOrderRow }
  | { kind: 'closed-order'; id: number; status: PurchaseOrderStatus }
  | { kind: 'product'; product: Product; orders: OpenOrderRow[] }
  | { kind: 'unknown'; code: string };

/** A PO number as scanned or typed: `100123`, `PO100123`, `PO 100123`. */
function poIdOf(code: string): number | null {
  const match = /^(?:po\s*)?(\d{1,9})$/i.exec(code.trim());
  return match ? Number(match[1]) : null;
}

/**
 * What a code names on the start screen: a purchase order (by number or external id), else a product and
 * the open orders of this outlet that contain it.
 */
export async function matchCode(db: DockhandDb, code: string, outletId: number | null): Promise<CodeMatch> {
  const text = code.trim();
  const poId = poIdOf(text);
  const order =
    (poId !== null ? await db.purchaseOrders.get(poId) : undefined) ??
    (await db.purchaseOrders.where('external_purchase_order_id').equals(text).first());
  if (order) {
    if (!isOpen(order)) return { kind: 'closed-order', id: order.id, status: order.status.name };
    const drafting = (await db.receiptDrafts.get(order.id)) !== undefined;
    return { kind: 'order', order: rowOf(order, drafting) };
  }
  const product = await findProductByCode(db, text);
  if (!product) return { kind: 'unknown', code: text };
  return { kind: 'product', product, orders: await openOrdersWithProduct(db, product.id, outletId) };
}
