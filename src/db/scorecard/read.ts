/**
 * Reads what scorecards are worked out from (./compute.ts), for one supplier (its page) or for every cached
 * supplier (the comparison list), a slice at a time with the thread given back between slices
 * (../yieldingRead.ts): a back office with thousands of orders never holds the window. No transaction spans
 * the slices (a yield would commit it); a pull committing in between is read on the next run, which the
 * screens start after each commit to these tables.
 */
import type { CachedPurchaseOrder, CachedSupplierInvoice, DockhandDb } from '../schema';
import { DEFAULT_SLICES, SliceBudget, bulkGetInSlices, type SlicePolicy } from '../yieldingRead';
import { groupBy, scorecard, type ScoredLine, type ScoredReceipt, type Scorecard } from './compute';
import type { Period } from './period';

/** Tables a scorecard reads: a commit to any of them is a reason to work it out again. */
export const SCORECARD_TABLES = [
  'purchaseOrders',
  'purchaseOrderItems',
  'supplierInvoices',
  'suppliers',
  'productSuppliers',
] as const;

/** Orders (or products) whose rows are read per batch of requests: each request is one key range. */
const PER_BATCH = 50;

async function inBatches<K, T>(
  keys: readonly K[],
  read: (key: K) => PromiseLike<T[]>,
  budget: SliceBudget,
): Promise<T[]> {
  const out: T[] = [];
  for (let at = 0; at < keys.length; at += PER_BATCH) {
    if (at > 0) await budget.pause();
    for (const rows of await Promise.all(keys.slice(at, at + PER_BATCH).map(read))) out.push(...rows);
  }
  return out;
}

/** The receipts of `invoices` for the orders in `orderIds`, each dated by its invoice. */
function receiptsOf(invoices: readonly (CachedSupplierInvoice | undefined)[], orderIds: ReadonlySet<number>) {
  const receipts: ScoredReceipt[] = [];
  const seen = new Set<number>();
  for (const invoice of invoices) {
    // One invoice can receive several orders and so be read once per order: count it once.
    if (!invoice || seen.has(invoice.id)) continue;
    seen.add(invoice.id);
    for (const receipt of invoice.purchase_order_receipts)
      if (orderIds.has(receipt.purchase_order_id))
        receipts.push({
          poId: receipt.purchase_order_id,
          bookedOn: invoice.created_on,
          items: receipt.purchase_order_receipt_items,
        });
  }
  return receipts;
}

interface Facts {
  orders: CachedPurchaseOrder[];
  lines: ScoredLine[];
  receipts: ScoredReceipt[];
  /** Per supplier code: product id → stated lead time in days. */
  lead: Map<string, Map<number, number>>;
}

async function factsOf(
  db: DockhandDb,
  orders: CachedPurchaseOrder[],
  invoices: (CachedSupplierInvoice | undefined)[] | null,
  budget: SliceBudget,
): Promise<Facts> {
  const ids = orders.map((order) => order.id);
  const lines = await inBatches(
    ids,
    (id) => db.purchaseOrderItems.where('po_id').equals(id).toArray(),
    budget,
  );
  const found =
    invoices ??
    (await inBatches(ids, (id) => db.supplierInvoices.where('_poIds').equals(id).toArray(), budget));
  const products = [...new Set(lines.map((line) => line.product.id))];
  const links = await inBatches(
    products,
    (id) => db.productSuppliers.where('product_id').equals(id).toArray(),
    budget,
  );
  const lead = new Map<string, Map<number, number>>();
  for (const link of links) {
    if (link.is_deleted) continue;
    const byProduct = lead.get(link.supplier_code) ?? new Map<number, number>();
    lead.set(link.supplier_code, byProduct);
    byProduct.set(link.product_id, link.lead_time);
  }
  return { orders, lines, receipts: receiptsOf(found, new Set(ids)), lead };
}

const NO_LINKS = new Map<number, number>();

/** The scorecard of one supplier over `period`, or null when the supplier is not cached. */
export async function readSupplierScorecard(
  db: DockhandDb,
  supplierId: number,
  period: Period,
  today: string,
  policy: SlicePolicy = DEFAULT_SLICES,
): Promise<Scorecard | null> {
  const budget = new SliceBudget(policy);
  const supplier = await db.suppliers.get(supplierId);
  if (!supplier) return null;
  const keys = (await db.purchaseOrders.where('supplier.id').equals(supplierId).primaryKeys()) as number[];
  const orders = (await bulkGetInSlices(db.purchaseOrders, keys, policy, budget)).filter(
    (o) => o !== undefined,
  );
  const facts = await factsOf(db, orders, null, budget);
  return scorecard({
    supplier,
    ...facts,
    statedLeadDays: facts.lead.get(supplier.supplier_code ?? '') ?? NO_LINKS,
    period,
    today,
  });
}

/** Every cached supplier's scorecard over `period`, in name order. */
export async function readAllScorecards(
  db: DockhandDb,
  period: Period,
  today: string,
  policy: SlicePolicy = DEFAULT_SLICES,
): Promise<Scorecard[]> {
  const budget = new SliceBudget(policy);
  const suppliers = (
    await bulkGetInSlices(
      db.suppliers,
      (await db.suppliers.toCollection().primaryKeys()) as number[],
      policy,
      budget,
    )
  ).filter((s) => s !== undefined);
  const orderKeys = (await db.purchaseOrders.toCollection().primaryKeys()) as number[];
  const orders = (await bulkGetInSlices(db.purchaseOrders, orderKeys, policy, budget)).filter(
    (o) => o !== undefined,
  );
  const invoiceKeys = (await db.supplierInvoices.toCollection().primaryKeys()) as number[];
  const invoices = await bulkGetInSlices(db.supplierInvoices, invoiceKeys, policy, budget);
  const facts = await factsOf(db, orders, invoices, budget);
  // Each supplier is handed only its own orders' records, so the list costs one pass over the cache.
  const ordersOf = groupBy(facts.orders, (order) => order.supplier.id);
  const linesOf = groupBy(facts.lines, (line) => line.po_id);
  const receiptsOf = groupBy(facts.receipts, (receipt) => receipt.poId);
  const cards: Scorecard[] = [];
  for (const supplier of suppliers) {
    const own = ordersOf.get(supplier.id) ?? [];
    cards.push(
      scorecard({
        supplier,
        orders: own,
        lines: own.flatMap((order) => linesOf.get(order.id) ?? []),
        receipts: own.flatMap((order) => receiptsOf.get(order.id) ?? []),
        statedLeadDays: facts.lead.get(supplier.supplier_code ?? '') ?? NO_LINKS,
        period,
        today,
      }),
    );
    const due = budget.tick();
    if (due) await due;
  }
  return cards.sort((a, b) => a.name.localeCompare(b.name));
}
