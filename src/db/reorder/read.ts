/**
 * Reorder suggestions for one outlet, read from the cache (the rules are ./suggest.ts; docs/reorder.md).
 *
 * The minimum stock level is known only from order lines (an order line's `inventory.msl`, for its order's
 * outlet; the API has no product or stock endpoint), so only products ordered for this outlet can be below a
 * known minimum: the read walks the outlet's orders and their lines, then reads just those products, never
 * every cached product (100,000 in a large back office). Every read is a slice (a few hundred rows) and the
 * thread is given back between slices and during long passes (../yieldingRead.ts), so the window keeps
 * answering while a large outlet is worked out. No transaction spans the slices (a yield would commit it):
 * a pull committing in between is read on the next run, which the screen starts after each commit.
 */
import { supplierCurrency } from '../currencies';
import type { CachedProduct, CachedPurchaseOrderItem, DockhandDb } from '../schema';
import { DEFAULT_SLICES, SliceBudget, bulkGetInSlices, type SlicePolicy } from '../yieldingRead';
import {
  cartonSize,
  groupBySupplier,
  needOf,
  type StockFacts,
  type Suggestion,
  type SupplierGroup,
  type SupplyFacts,
} from './suggest';
import { readTargets } from './targets';
import type { ProductSupplier } from '../../api/resources';

export interface OutletReorder {
  outletId: number;
  groups: SupplierGroup[];
  /** Products whose minimum at this outlet a synced order line told. */
  minimumKnown: number;
  /** Cached products whose minimum at this outlet no synced order line tells: never suggested. */
  minimumUnknown: number;
}

/** Orders whose lines are read per request. */
const ORDERS_PER_READ = 50;

/** What the outlet's order lines say, per product. */
interface LineFacts {
  /** Minimum stock level from the newest synced order's line (highest order id), and that order's id. */
  msl: Map<number, { value: number; poId: number }>;
  /** Units still to come on the outlet's Incomplete (draft) orders, queued ones included. */
  onDrafts: Map<number, number>;
}

function remainingOf(line: CachedPurchaseOrderItem): number {
  const remaining =
    line.quantity_remaining ??
    line.quantity_ordered - line.quantity_received - (line.quantity_cancelled ?? 0);
  return Math.max(0, remaining);
}

async function lineFacts(
  db: DockhandDb,
  outletId: number,
  policy: SlicePolicy,
  budget: SliceBudget,
): Promise<LineFacts> {
  const orderIds = (await db.purchaseOrders.where('outlet.id').equals(outletId).primaryKeys()) as number[];
  const orders = await bulkGetInSlices(db.purchaseOrders, orderIds, policy, budget);
  const drafts = new Set(orders.filter((o) => o?.status.name === 'Incomplete').map((o) => o!.id));
  const facts: LineFacts = { msl: new Map(), onDrafts: new Map() };
  for (let at = 0; at < orderIds.length; at += ORDERS_PER_READ) {
    await budget.pause();
    // One key range per order: each is a seek (an `anyOf` walks the index between its keys).
    const perOrder = await Promise.all(
      orderIds
        .slice(at, at + ORDERS_PER_READ)
        .map((id) => db.purchaseOrderItems.where('po_id').equals(id).toArray()),
    );
    const lines = perOrder.flat();
    for (const line of lines) {
      const productId = line.product.id;
      // A line made on this PC carries a stand-in msl of 0 (../edits/purchaseOrderRows.ts): it tells nothing.
      const synced = line.po_id > 0 && line.po_item_id > 0 && !line._temp;
      const known = facts.msl.get(productId);
      if (synced && (!known || line.po_id > known.poId))
        facts.msl.set(productId, { value: line.inventory.msl, poId: line.po_id });
      if (drafts.has(line.po_id))
        facts.onDrafts.set(productId, (facts.onDrafts.get(productId) ?? 0) + remainingOf(line));
      const due = budget.tick();
      if (due) await due;
    }
  }
  return facts;
}

function stockFactsOf(
  product: CachedProduct,
  outletId: number,
  lines: LineFacts,
  target: number | undefined,
): StockFacts {
  const stock = product.inventory?.find((entry) => entry.outlet.id === outletId);
  return {
    productId: product.id,
    description: product.short_description,
    code: product.supplier_sku || product.manufacturer_sku || product.supplier_sku2 || String(product.id),
    available: stock?.quantity_available ?? 0,
    onOrder: stock?.quantity_on_order ?? 0,
    onDraftOrders: lines.onDrafts.get(product.id) ?? 0,
    msl: lines.msl.get(product.id)?.value ?? null,
    target: target ?? null,
    cartonQuantity: cartonSize(product.carton_quantity),
  };
}

type Link = ProductSupplier;
const usable = (link: Link) => link.is_enabled && !link.is_deleted;

/**
 * Who the product is bought from: its default supplier link (or its only one) when that supplier is cached,
 * else the supplier the product names; the price is that supplier's link's, else the product's own.
 */
export function supplyOf(
  product: Pick<CachedProduct, 'supplier' | 'supplier_buy_ex' | 'lead_time'>,
  links: readonly Link[],
  supplierByCode: ReadonlyMap<string, { id: number; name: string | null }>,
): SupplyFacts {
  const live = links.filter(usable);
  const preferred = live.find((link) => link.is_default) ?? (live.length === 1 ? live[0] : undefined);
  const chosen = preferred ? supplierByCode.get(preferred.supplier_code) : undefined;
  let supplier: { id: number; name: string };
  let link: Link | undefined;
  if (preferred && chosen) {
    supplier = { id: chosen.id, name: chosen.name ?? preferred.supplier_name ?? preferred.supplier_code };
    link = preferred;
  } else {
    const named = product.supplier;
    supplier = { id: named.id, name: named.name ?? named.supplier_code ?? `Supplier ${named.id}` };
    link = live.find((candidate) => candidate.supplier_code === named.supplier_code);
  }
  const lead = link ? link.lead_time : product.lead_time;
  return {
    supplierId: supplier.id,
    supplierName: supplier.name,
    buyPrice: link ? link.supplier_buy_ex : product.supplier_buy_ex,
    priceFrom: link ? 'link' : 'product',
    leadTimeDays: lead > 0 ? lead : null,
  };
}

async function linksOf(
  db: DockhandDb,
  productIds: readonly number[],
  policy: SlicePolicy,
  budget: SliceBudget,
): Promise<Map<number, Link[]>> {
  const links = new Map<number, Link[]>();
  for (let at = 0; at < productIds.length; at += policy.rows) {
    await budget.pause();
    const perProduct = await Promise.all(
      productIds
        .slice(at, at + policy.rows)
        .map((id) => db.productSuppliers.where('product_id').equals(id).toArray()),
    );
    for (const link of perProduct.flat())
      links.set(link.product_id, [...(links.get(link.product_id) ?? []), link]);
  }
  return links;
}

/** The outlet's suggestions, grouped by supplier, with how many products' minimums are known and unknown. */
export async function readOutletReorder(
  db: DockhandDb,
  outletId: number,
  policy: SlicePolicy = DEFAULT_SLICES,
): Promise<OutletReorder> {
  const budget = new SliceBudget(policy);
  const targets = await readTargets(db, outletId);
  const lines = await lineFacts(db, outletId, policy, budget);
  const productIds = [...lines.msl.keys()];
  const products = await bulkGetInSlices(db.products, productIds, policy, budget);
  const needy: { product: CachedProduct; facts: StockFacts; need: NonNullable<ReturnType<typeof needOf>> }[] =
    [];
  for (const product of products) {
    if (!product) continue;
    const facts = stockFactsOf(product, outletId, lines, targets.get(product.id));
    const need = needOf(facts);
    if (need) needy.push({ product, facts, need });
    const due = budget.tick();
    if (due) await due;
  }
  const links = await linksOf(
    db,
    needy.map(({ product }) => product.id),
    policy,
    budget,
  );
  const suppliers = await db.suppliers.toArray();
  const byCode = new Map(
    suppliers.flatMap((s) =>
      s.supplier_code ? [[s.supplier_code, { id: s.id, name: s.name }] as const] : [],
    ),
  );
  const suggestions: Suggestion[] = needy.map(({ product, facts, need }) => ({
    ...facts,
    ...supplyOf(product, links.get(product.id) ?? [], byCode),
    ...need,
  }));
  const supplierIds = [...new Set(suggestions.map((line) => line.supplierId))];
  const currencies = new Map<number, string | null>();
  for (const id of supplierIds) currencies.set(id, (await supplierCurrency(db, id))?.currency_code ?? null);
  const cached = await db.products.count();
  const minimumKnown = products.filter(Boolean).length;
  return {
    outletId,
    groups: groupBySupplier(suggestions, (id) => currencies.get(id) ?? null),
    minimumKnown,
    minimumUnknown: Math.max(0, cached - minimumKnown),
  };
}
