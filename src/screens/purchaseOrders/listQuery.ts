/**
 * The purchase order list's query over the cache (DOM-free, so it is tested over fake-indexeddb).
 *
 * With 10,000 orders cached, the cost that matters is what runs per keystroke: filters go to Dexie through
 * one index (the most selective one set), the rest of them are checked on those rows only, and each row is
 * reduced to what the list shows plus a lower-cased search text. Typing in the search box then only scans
 * those strings (`searchRows`); nothing is re-read or re-sorted.
 */
import { z } from 'zod';
import { PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from '../../api/resources';
import type { Query } from '../../lib/routes';
import type { CachedPurchaseOrder, DockhandDb } from '../../db/schema';
import { poNumber } from '../../lib/recordFormat';
import { NOTABLE_STATES, orderBadge, type OrderBadge } from '../../db/recordBadge';

export interface PoFilters {
  status: PurchaseOrderStatus | null;
  supplierId: number | null;
  outletId: number | null;
  /** `YYYY-MM-DD` or '' (open). */
  etaFrom: string;
  etaTo: string;
}

export const NO_FILTERS: PoFilters = {
  status: null,
  supplierId: null,
  outletId: null,
  etaFrom: '',
  etaTo: '',
};

/** What the list keeps in the URL: its filters and the search text. */
export interface PoListParams {
  filters: PoFilters;
  search: string;
}

/** Anything in the URL that is not a valid filter is dropped: a hand-edited link never breaks the list. */
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const positiveId = z.coerce.number().int().positive();
const ListQuerySchema = z.object({
  status: lenient(z.enum(PURCHASE_ORDER_STATUSES)),
  supplier: lenient(positiveId),
  outlet: lenient(positiveId),
  from: lenient(day),
  to: lenient(day),
  q: lenient(z.string()),
});

export function listParamsOf(query: Readonly<Record<string, string>>): PoListParams {
  const parsed = ListQuerySchema.parse(query);
  return {
    filters: {
      status: parsed.status ?? null,
      supplierId: parsed.supplier ?? null,
      outletId: parsed.outlet ?? null,
      etaFrom: parsed.from ?? '',
      etaTo: parsed.to ?? '',
    },
    search: parsed.q ?? '',
  };
}

export function queryOfListParams({ filters, search }: PoListParams): Query {
  return {
    status: filters.status,
    supplier: filters.supplierId,
    outlet: filters.outletId,
    from: filters.etaFrom,
    to: filters.etaTo,
    q: search,
  };
}

export interface PoListRow {
  id: number;
  externalId: string | null;
  supplierName: string;
  outletName: string;
  status: PurchaseOrderStatus;
  eta: string | null;
  total: number | null;
  currency: string | null;
  /** Set while local edits are not on the server yet (an order raised offline, or a change to one). */
  badge: OrderBadge | null;
  /** What the search box matches: number, id, external id, supplier name and code, lower-cased. */
  searchText: string;
}

/** The ETA range as index bounds: a date-time of day `etaTo` sorts below `etaTo` + U+FFFF. */
function etaBounds(filters: PoFilters): [string, string] {
  return [filters.etaFrom, filters.etaTo ? `${filters.etaTo}\uffff` : '\uffff'];
}

function matchesFilters(po: CachedPurchaseOrder, filters: PoFilters): boolean {
  if (filters.status !== null && po.status.name !== filters.status) return false;
  if (filters.supplierId !== null && po.supplier.id !== filters.supplierId) return false;
  if (filters.outletId !== null && po.outlet.id !== filters.outletId) return false;
  if (filters.etaFrom || filters.etaTo) {
    const [from, to] = etaBounds(filters);
    if (po.eta === null || po.eta < from || po.eta > to) return false;
  }
  return true;
}

/** One index for the most selective filter set (a supplier's orders are fewer than a status'). */
function indexed(db: DockhandDb, filters: PoFilters) {
  const table = db.purchaseOrders;
  if (filters.supplierId !== null) return table.where('supplier.id').equals(filters.supplierId);
  if (filters.outletId !== null) return table.where('outlet.id').equals(filters.outletId);
  if (filters.etaFrom || filters.etaTo) return table.where('eta').between(...etaBounds(filters), true, true);
  if (filters.status !== null) return table.where('status.name').equals(filters.status);
  return table.toCollection();
}

/** Newest first: orders raised here (temp ids, newest most negative) on top, then by id, descending. */
const recency = (id: number) => (id < 0 ? 2 ** 31 - id : id);

export async function listPurchaseOrders(db: DockhandDb, filters: PoFilters): Promise<PoListRow[]> {
  const [orders, suppliers, notable] = await Promise.all([
    indexed(db, filters)
      .filter((po) => matchesFilters(po, filters))
      .toArray(),
    db.suppliers.toArray(),
    db.outbox.where('state').anyOf(NOTABLE_STATES).toArray(),
  ]);
  const codes = new Map(suppliers.map((supplier) => [supplier.id, supplier.supplier_code ?? '']));
  const opStates = new Map(notable.map((op) => [op.id, op.state]));
  const rows = orders.map((po): PoListRow => ({
    id: po.id,
    externalId: po.external_purchase_order_id,
    supplierName: po.supplier.name,
    outletName: po.outlet.name,
    status: po.status.name,
    eta: po.eta,
    total: po.total_supplier_buy_ex,
    currency: po.fob_currency?.currency_code ?? null,
    badge: orderBadge(po._pendingOps, (id) => opStates.get(id)),
    searchText: [
      poNumber(po.id),
      po.external_purchase_order_id ?? '',
      po.supplier.name,
      codes.get(po.supplier.id) ?? '',
    ]
      .join('\n')
      .toLowerCase(),
  }));
  return rows.sort((a, b) => recency(b.id) - recency(a.id));
}

/** The rows the search text matches (every word, anywhere), in their order. */
export function searchRows(rows: readonly PoListRow[], query: string): readonly PoListRow[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows;
  return rows.filter((row) => words.every((word) => row.searchText.includes(word)));
}
