/**
 * Supplier returns as the returns area reads them from the cache (DOM-free, tested over fake-indexeddb).
 * The API serves returns only by id: the cache knows those the engine found named by credit notes (and
 * fetched with their items, electron/core/sync/pull/byId.ts) and those opened here by number
 * (../byIdRequests.ts). The list's rows carry a badge, the supplier's currency and a search text; one return
 * comes with its items (those added here too, under temp ids), its live queued changes, its credit note and,
 * while it is not cached, the open request for it.
 */
import {
  sumReturnItems,
  type ReturnItemSums,
  type SupplierReturn,
  type SupplierReturnItem,
  type SupplierReturnStatus,
} from '../../api/resources';
import { byIdRequest, waitingByIdRequests, type ByIdRequest } from '../byIdRequests';
import type { CachedCreditNote } from '../creditNotes/creditNoteRecords';
import { supplierCurrencies } from '../creditNotes/supplierCurrencies';
import type { OpRecord } from '../ops';
import type { OrderBadge } from '../recordBadge';
import { badgeAmong, groupOf, listBadges, recordOps } from '../recordOps';
import type { DockhandDb, LocalMeta } from '../schema';
import { searchTextOf } from '../searchText';
import { itemRemoval, type ItemRemoval } from './returnItemRemoval';

export type CachedSupplierReturn = Omit<SupplierReturn, 'id'> & { id: number } & LocalMeta;
export type CachedReturnItem = Omit<SupplierReturnItem, 'id'> & { id: number } & LocalMeta;

export interface ReturnListRow {
  id: number;
  status: SupplierReturnStatus;
  supplier: { id: number; name: string };
  outlet: { id: number; name: string };
  quantity: number;
  claimInc: number;
  creditReceivedInc: number;
  createdOn: string;
  currency: string | null;
  creditNoteId: number | null;
  badge: OrderBadge | null;
  /** Number, authorisation, supplier and outlet names, lower-cased: what the search box matches. */
  searchText: string;
}

export function returnRowOf(
  row: CachedSupplierReturn,
  currency: string | null,
  badge: OrderBadge | null,
  /** The items' totals (returnTotals), or null to show the return's own. */
  totals: ReturnTotals | null = null,
): ReturnListRow {
  return {
    id: row.id,
    status: row.supplier_return_status.name,
    supplier: { id: row.supplier.id, name: row.supplier.name || `Supplier ${row.supplier.id}` },
    outlet: { id: row.outlet.id, name: row.outlet.name || `Outlet ${row.outlet.id}` },
    quantity: totals?.quantity ?? row.total_return_quantity,
    claimInc: totals?.claimInc ?? row.total_claim_amount_inc,
    creditReceivedInc: row.total_credit_received_inc,
    createdOn: row.created_on,
    currency,
    creditNoteId: row.credit_note?.id ?? null,
    badge,
    searchText: searchTextOf([String(row.id), row.return_authorisation, row.supplier.name, row.outlet.name]),
  };
}

/** Every cached return as a list row (2,000 in the large demo, ~8,000 items: read whole). */
export async function returnRows(db: DockhandDb): Promise<ReturnListRow[]> {
  return db.transaction(
    'r',
    [db.supplierReturns, db.supplierReturnItems, db.purchaseOrders, db.outbox],
    async () => {
      const returns = (await db.supplierReturns.toArray()) as CachedSupplierReturn[];
      // Every item, read whole: the rows add them up as the detail does (returnTotals), so the list
      // agrees with a return's page, and items added here badge their return (their ops are its ops).
      const itemsOf = new Map<number, CachedReturnItem[]>();
      for (const item of (await db.supplierReturnItems.toArray()) as CachedReturnItem[])
        itemsOf.set(item.supplier_return_id, [...(itemsOf.get(item.supplier_return_id) ?? []), item]);
      const opsOf = (row: CachedSupplierReturn) => [
        ...(row._pendingOps ?? []),
        ...(itemsOf.get(row.id) ?? []).flatMap((item) => (item.id < 0 ? (item._pendingOps ?? []) : [])),
      ];
      // Both started at once, so each issues its reads while the transaction's zone is current. Awaited one
      // after the other, a `listBadges` with no ops to read (a plain native await, no IndexedDB request)
      // could lose Dexie's zone, and `supplierCurrencies`' reads then ran outside the transaction, which
      // committed under them: "Transaction committed too early" on the list, now and then (Dexie's
      // PrematureCommitError; seen once in CI, listExports' supplier returns).
      const [badge, currencies] = await Promise.all([
        listBadges(db, returns, opsOf),
        supplierCurrencies(
          db,
          returns.map((row) => row.supplier.id),
        ),
      ]);
      return returns.map((row) => {
        const items = itemsOf.get(row.id);
        return returnRowOf(
          row,
          currencies.get(row.supplier.id) ?? null,
          badge(row),
          items?.length ? returnTotals(items) : null,
        );
      });
    },
  );
}

/** Returns opened here by number that the server has not answered yet (offline), oldest first. */
export async function returnsAskedFor(db: DockhandDb): Promise<ByIdRequest[]> {
  return (await waitingByIdRequests(db)).filter((request) => request.table === 'supplierReturns');
}

export interface ReturnItemView {
  item: CachedReturnItem;
  badge: OrderBadge | null;
  /** Whether it can be taken off the return here (./returnItemRemoval.ts). */
  removal: ItemRemoval;
}

/** A return's claim as its items add up, the server's way (a plain sum; inc = ex + tax, to the cent). */
export interface ReturnTotals extends ReturnItemSums {
  /** Items added here and not yet on the server, counted in the totals. */
  pendingItems: number;
}

/**
 * The totals of the items the cache holds (a cached return comes with all its items). The return's own
 * totals are only as fresh as its last fetch (the engine re-reads a return by id after an hour), while its
 * items are replaced as soon as an item is created: the page adds them up so header and lines agree.
 */
export function returnTotals(items: readonly CachedReturnItem[]): ReturnTotals {
  return { ...sumReturnItems(items), pendingItems: items.filter((item) => item.id < 0).length };
}

export interface SupplierReturnDetail {
  supplierReturn: CachedSupplierReturn | null;
  /** When the return is not cached: the open request to fetch it, if any. */
  request: ByIdRequest | null;
  /** Its items, those the server knows by id, then those added here in the order they were added. */
  items: ReturnItemView[];
  creditNote: CachedCreditNote | null;
  currency: string | null;
  /** The items' totals, or null while the return has no items here (its own totals are shown then). */
  totals: ReturnTotals | null;
  /** Live queued changes of the return and its items (one FIFO group), oldest first. */
  ops: OpRecord[];
  badge: OrderBadge | null;
}

/** Server ids ascending, then temp ids (-1, -2, …) in the order they were made. */
const itemOrder = (a: CachedReturnItem, b: CachedReturnItem) =>
  a.id > 0 && b.id > 0 ? a.id - b.id : a.id > 0 ? -1 : b.id > 0 ? 1 : b.id - a.id;

export async function loadSupplierReturn(db: DockhandDb, id: number): Promise<SupplierReturnDetail> {
  const supplierReturn = ((await db.supplierReturns.get(id)) as CachedSupplierReturn | undefined) ?? null;
  const items = (
    (await db.supplierReturnItems.where('supplier_return_id').equals(id).toArray()) as CachedReturnItem[]
  ).sort(itemOrder);
  // The header and the items added here share the return's group.
  const ops = await recordOps(db, groupOf('updateSupplierReturn'), id);
  const noteId = supplierReturn?.credit_note?.id;
  const creditNote = ((noteId === undefined
    ? await db.creditNotes.where('supplier_return_id').equals(id).first()
    : await db.creditNotes.get(noteId)) ?? null) as CachedCreditNote | null;
  const supplierId = supplierReturn?.supplier.id;
  return {
    supplierReturn,
    request: supplierReturn ? null : await byIdRequest(db, 'supplierReturns', id),
    items: items.map((item) => ({
      item,
      badge: badgeAmong(item._pendingOps, ops),
      removal: itemRemoval(item, ops),
    })),
    creditNote,
    totals: items.length ? returnTotals(items) : null,
    currency:
      supplierId === undefined
        ? null
        : ((await supplierCurrencies(db, [supplierId])).get(supplierId) ?? null),
    ops,
    // The group's live ops, not the row's `_pendingOps`: an item added here is the return's change too.
    badge: supplierReturn
      ? badgeAmong(
          ops.map((op) => op.id),
          ops,
        )
      : null,
  };
}

/** A finalised return is read-only: the server refuses its updates and new items (server/README.md). */
export const isFinalised = (row: Pick<SupplierReturn, 'supplier_return_status'>) =>
  row.supplier_return_status.name === 'Finalised';
