/**
 * The purchase order list's queries over the cache (DOM-free, so they are tested over fake-indexeddb).
 *
 * The list is live: every pulled page of orders re-runs its query, so with 200,000 orders cached the query
 * must not read every row (issue #11: that made a first sync O(N²)). It is two queries: the ids in view,
 * from the primary key alone (`listOrderWindow`, ./listWindow.svelte.ts) or, while a filter or search is
 * set, every matching id from index keys (`listOrderIds`); and the rows of the ids in view
 * (`readListRows`), which the virtual list asks for as it scrolls (./listRows.svelte.ts).
 */
import { z } from 'zod';
import { PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from '../../api/resources';
import { isoDay, listSpec, positiveId } from '../../components/list/listQuery';
import { yieldToHost } from '../../db/pullSlices';
import type { CachedPurchaseOrder, DockhandDb } from '../../db/schema';
import { orderSummaryOf, type OrderSummary } from '../../db/orderSummary';
import { poNumber } from '../../lib/recordFormat';
import { NOTABLE_STATES, orderBadge, type OrderBadge } from '../../db/recordBadge';

export interface PoFilters {
  status: PurchaseOrderStatus | null;
  supplierId: number | null;
  outletId: number | null;
  /** `YYYY-MM-DD`; null (or '' once a date field is emptied): open. */
  etaFrom: string | null;
  etaTo: string | null;
}

/**
 * What the list keeps in the URL: its filters and the search, never a sort (the list is read a window at a
 * time in its own order, newest first). Anything not valid is dropped: a hand-edited link never breaks it.
 */
export const poListSpec = listSpec<PoFilters, never>(
  {
    status: { param: 'status', schema: z.enum(PURCHASE_ORDER_STATUSES) },
    supplierId: { param: 'supplier', schema: positiveId },
    outletId: { param: 'outlet', schema: positiveId },
    etaFrom: { param: 'from', schema: isoDay },
    etaTo: { param: 'to', schema: isoDay },
  },
  [],
);

export const NO_FILTERS: PoFilters = poListSpec.noFilters;

export interface PoListRow extends OrderSummary {
  total: number | null;
  currency: string | null;
  /** Set while local edits are not on the server yet (an order raised offline, or a change to one). */
  badge: OrderBadge | null;
}

/** An order as a row of the list (and of its CSV, which has no badge: that is sync state, not data). */
export function poListRow(po: CachedPurchaseOrder, badge: OrderBadge | null): PoListRow {
  return {
    ...orderSummaryOf(po),
    total: po.total_supplier_buy_ex,
    currency: po.fob_currency?.currency_code ?? null,
    badge,
  };
}

/** The ETA range as index bounds: a date-time of day `etaTo` sorts below `etaTo` + U+FFFF. */
function etaBounds(filters: PoFilters): [string, string] {
  return [filters.etaFrom ?? '', filters.etaTo ? `${filters.etaTo}\uffff` : '\uffff'];
}

/**
 * The keys each set filter keeps, one index each, keys only (IndexedDB's getAllKeys: no row is read or
 * cloned). Null when no filter is set: every order.
 */
async function filteredKeys(db: DockhandDb, filters: PoFilters): Promise<number[][]> {
  const table = db.purchaseOrders;
  const reads: Promise<number[]>[] = [];
  if (filters.status !== null) reads.push(table.where('status.name').equals(filters.status).primaryKeys());
  if (filters.supplierId !== null)
    reads.push(table.where('supplier.id').equals(filters.supplierId).primaryKeys());
  if (filters.outletId !== null) reads.push(table.where('outlet.id').equals(filters.outletId).primaryKeys());
  if (filters.etaFrom || filters.etaTo)
    reads.push(
      table
        .where('eta')
        .between(...etaBounds(filters), true, true)
        .primaryKeys(),
    );
  if (reads.length === 0) reads.push(table.toCollection().primaryKeys());
  return Promise.all(reads);
}

function intersect(sets: readonly number[][]): number[] {
  const [smallest, ...others] = [...sets].sort((a, b) => a.length - b.length);
  if (others.length === 0) return smallest ?? [];
  const lookups = others.map((keys) => new Set(keys));
  return smallest!.filter((key) => lookups.every((set) => set.has(key)));
}

/**
 * Names of suppliers the cached orders name but the cache does not hold yet (a first sync fetches them by id
 * later), per database: one order read each, once for the page's life.
 */
const referencedSupplierNames = new WeakMap<DockhandDb, Map<number, string>>();

/** Keys read a chunk at a time between yields, so matching 200,000 orders is never one long task. */
const MATCH_CHUNK = 5_000;

/** Runs of consecutive ids of `sorted` that `wanted` holds, as [first, last] pairs: one key range each. */
function runsOf(sorted: readonly number[], wanted: ReadonlySet<number>): [number, number][] {
  const runs: [number, number][] = [];
  let run: [number, number] | null = null;
  for (const id of sorted) {
    if (!wanted.has(id)) run = null;
    else if (run) run[1] = id;
    else runs.push((run = [id, id]));
  }
  return runs;
}

/**
 * What each search word matches besides the PO number (which the key alone gives): the orders whose external
 * id holds it, and those of the suppliers whose name or code holds it. Index keys only, in one read
 * transaction: the external id index's keys beside their orders' keys, and one key range of the supplier
 * index per run of matching suppliers.
 */
async function wordMatches(db: DockhandDb, words: readonly string[]): Promise<Set<number>[]> {
  const table = db.purchaseOrders;
  return db.transaction('r', table, db.suppliers, async () => {
    const [supplierIds, suppliers, externalIds, externalKeys] = await Promise.all([
      table.orderBy('supplier.id').uniqueKeys() as Promise<number[]>,
      db.suppliers.toArray(),
      table.orderBy('external_purchase_order_id').keys() as Promise<string[]>,
      table.orderBy('external_purchase_order_id').primaryKeys(),
    ]);
    const text = new Map(
      suppliers.map((supplier) => [supplier.id, `${supplier.name}\n${supplier.supplier_code ?? ''}`]),
    );
    let named = referencedSupplierNames.get(db);
    if (!named) referencedSupplierNames.set(db, (named = new Map()));
    const missing = supplierIds.filter((id) => !text.has(id) && !named.has(id));
    const found = await Promise.all(missing.map((id) => table.where('supplier.id').equals(id).first()));
    for (const po of found) if (po) named.set(po.supplier.id, po.supplier.name);
    for (const id of supplierIds) if (!text.has(id)) text.set(id, named.get(id) ?? '');
    return Promise.all(
      words.map(async (word) => {
        const matching = new Set(supplierIds.filter((id) => text.get(id)!.toLowerCase().includes(word)));
        const ranges = runsOf(supplierIds, matching).map(([first, last]) =>
          table.where('supplier.id').between(first, last, true, true).primaryKeys(),
        );
        const keys = new Set((await Promise.all(ranges)).flat());
        externalIds.forEach((id, i) => {
          if (id.toLowerCase().includes(word)) keys.add(externalKeys[i]!);
        });
        return keys;
      }),
    );
  });
}

/**
 * The keys the search keeps: every word in the PO number, the external id, or the supplier's name or code.
 * From index keys alone (`wordMatches`), never the orders' rows, and matched in chunks with the thread given
 * back between them.
 */
async function searchedKeys(db: DockhandDb, keys: readonly number[], words: readonly string[]) {
  const matches = await wordMatches(db, words);
  const kept: number[] = [];
  for (let at = 0; at < keys.length; at += MATCH_CHUNK) {
    if (at > 0) await yieldToHost();
    for (const key of keys.slice(at, at + MATCH_CHUNK)) {
      const number = poNumber(key).toLowerCase();
      if (words.every((word, i) => matches[i]!.has(key) || number.includes(word))) kept.push(key);
    }
  }
  return kept;
}

/** Newest first: orders raised here (temp ids, newest most negative) on top, then by id, descending. */
function byRecency(keys: number[]): number[] {
  // A numeric typed-array sort: no comparator call per pair, which matters at 200,000 keys.
  const sorted = Float64Array.from(keys, (id) => (id < 0 ? 2 ** 31 - id : id))
    .sort()
    .reverse();
  return Array.from(sorted, (rank) => (rank > 2 ** 31 ? 2 ** 31 - rank : rank));
}

export function searchWords(search: string): string[] {
  return search.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * The ids of the orders the filters and the search keep, in the list's order: what the virtual list scrolls
 * over. Without a search, only index keys are read, so a pulled page landing costs a key read and a sort,
 * never the rows; the rows are read for the few ids in view (`readListRows`).
 */
export async function listOrderIds(db: DockhandDb, filters: PoFilters, search: string): Promise<number[]> {
  const keys = intersect(await filteredKeys(db, filters));
  const words = searchWords(search);
  return byRecency(words.length === 0 ? keys : await searchedKeys(db, keys, words));
}

/**
 * The ids at positions `from` to `from + size` of the unfiltered list (orders raised here, then the newest), from
 * the primary key alone: the few temp ids, then a key range of the rest read backwards from where the
 * position falls. So the list reads the keys in view, never every key, however many orders are cached
 * (IndexedDB reads 200,000 keys in seconds on a busy PC, a window of them in milliseconds). Given the
 * list's `total`, a window past the middle is read up from the oldest end, which is nearer: IndexedDB skips
 * keys one at a time, so the end of 200,000 orders costs what their top does.
 */
export async function listOrderWindow(
  db: DockhandDb,
  from: number,
  size: number,
  total?: number,
): Promise<number[]> {
  const table = db.purchaseOrders;
  const newest = (skip: number) =>
    table.where(':id').above(0).reverse().offset(skip).limit(size).primaryKeys();
  const oldestEnd = total !== undefined && from * 2 > total;
  // The orders raised here are few: their keys are read whole, beside the newest read as if there were
  // none, which is right whenever there are none or the window starts at the top (a cold start).
  const [temp, guess] = await Promise.all([
    table.where(':id').below(0).primaryKeys(),
    oldestEnd ? Promise.resolve([]) : newest(from),
  ]);
  const local = temp.sort((a, b) => a - b);
  const window = local.slice(from, from + size);
  const skip = Math.max(0, from - local.length);
  const take = size - window.length;
  if (take <= 0) return window;
  if (!oldestEnd) return [...window, ...(skip === from ? guess : await newest(skip)).slice(0, take)];
  // The newest-first positions skip … skip + take - 1 are these, counted up from the oldest order.
  const start = Math.max(0, total - local.length - skip - take);
  const count = total - local.length - skip - start;
  if (count <= 0) return window;
  const oldest = await table.where(':id').above(0).offset(start).limit(count).primaryKeys();
  return [...window, ...oldest.reverse()];
}

/**
 * The orders of `ids`: by one key range when the ids are dense (the unfiltered list's rows in view are
 * neighbours in the primary key), else one get per id. A get is a request of its own, and mid-sync at 4× CPU
 * throttle the 50 gets of a window were one task of 360 ms, most of it the requests' own calls
 * (bench/stress/profile.ts). The range is read only when it holds at most twice as many ids as asked, or
 * whenever `keyRun` says the ids are every key between their ends (the unfiltered list's window, whose ids are
 * a run of the primary key however sparse their numbers: the large demo's newest orders are).
 */
async function ordersOf(
  db: DockhandDb,
  ids: readonly number[],
  keyRun: boolean,
): Promise<(CachedPurchaseOrder | undefined)[]> {
  const server = ids.filter((id) => id > 0);
  if (server.length < 2) return db.purchaseOrders.bulkGet([...ids]);
  let low = server[0]!;
  let high = low;
  for (const id of server) [low, high] = [Math.min(low, id), Math.max(high, id)];
  if (!keyRun && high - low + 1 > 2 * server.length) return db.purchaseOrders.bulkGet([...ids]);
  const [range, local] = await Promise.all([
    db.purchaseOrders.where(':id').between(low, high, true, true).toArray(),
    db.purchaseOrders.bulkGet(ids.filter((id) => id <= 0)),
  ]);
  const wanted = new Set(server);
  return [...local, ...range.filter((po) => wanted.has(po.id))];
}

/**
 * The list's rows for `ids` (the ones in view): a missing id (deleted meanwhile) has none. `keyRun`: the ids
 * are every server key between the lowest and the highest (`ordersOf`).
 */
export async function readListRows(
  db: DockhandDb,
  ids: readonly number[],
  { keyRun = false }: { keyRun?: boolean } = {},
): Promise<Map<number, PoListRow>> {
  const [orders, notable] = await Promise.all([
    ordersOf(db, ids, keyRun),
    db.outbox.where('state').anyOf(NOTABLE_STATES).toArray(),
  ]);
  const opStates = new Map(notable.map((op) => [op.id, op.state]));
  const rows = new Map<number, PoListRow>();
  for (const po of orders)
    if (po)
      rows.set(
        po.id,
        poListRow(
          po,
          orderBadge(po._pendingOps, (id) => opStates.get(id)),
        ),
      );
  return rows;
}
