/**
 * Credit notes as the credit notes area reads them from the cache (DOM-free, tested over fake-indexeddb).
 * Read-only, as the API is: the engine pulls notes and their items (electron/core/sync/pull/resources.ts),
 * and fetches the supplier return a note names by id. The list's rows carry a search text and the
 * supplier's currency (./supplierCurrencies.ts); one note comes with its items, its return (when cached, or
 * the open request for it) and which of the return's items each of its items credits.
 */
import type { CreditNote, CreditNoteItem, SupplierReturn, SupplierReturnItem } from '../../api/resources';
import { byIdRequest, type ByIdRequest } from '../byIdRequests';
import type { DockhandDb, LocalMeta } from '../schema';
import { searchTextOf } from '../searchText';
import { supplierCurrencies } from './supplierCurrencies';

export type CachedCreditNote = Omit<CreditNote, 'id'> & { id: number } & LocalMeta;
export type CachedCreditNoteItem = Omit<CreditNoteItem, 'id'> & { id: number } & LocalMeta;

export interface CreditNoteListRow {
  id: number;
  supplier: { id: number; name: string };
  outlet: { id: number; name: string };
  supplierReference: string | null;
  /** When the supplier applied the credit to the account (date-time), or null while it is not applied. */
  creditedOn: string | null;
  quantity: number;
  totalEx: number;
  totalInc: number;
  /** The supplier's currency when the cache knows it. */
  currency: string | null;
  returnId: number | null;
  /** Reference, note and return numbers, supplier and outlet names, lower-cased: what the search matches. */
  searchText: string;
}

export function creditNoteRowOf(note: CachedCreditNote, currency: string | null): CreditNoteListRow {
  return {
    id: note.id,
    supplier: { id: note.supplier.id, name: note.supplier.name || `Supplier ${note.supplier.id}` },
    outlet: { id: note.outlet.id, name: note.outlet.name || `Outlet ${note.outlet.id}` },
    supplierReference: note.supplier_reference || null,
    creditedOn: note.supplier_credited_on,
    quantity: note.total_credit_quantity,
    totalEx: note.total_credit_amount_ex,
    totalInc: note.total_credit_amount_inc,
    currency,
    returnId: note.supplier_return_id,
    searchText: searchTextOf([
      note.supplier_reference,
      String(note.id),
      note.supplier_return_id === null ? '' : `return ${note.supplier_return_id}`,
      note.supplier.name,
      note.outlet.name,
    ]),
  };
}

/** Every cached credit note as a list row (1,076 in the large demo: small rows, read whole). */
export async function creditNoteRows(db: DockhandDb): Promise<CreditNoteListRow[]> {
  return db.transaction('r', db.creditNotes, db.purchaseOrders, async () => {
    const notes = (await db.creditNotes.toArray()) as CachedCreditNote[];
    const currencies = await supplierCurrencies(
      db,
      notes.map((note) => note.supplier.id),
    );
    return notes.map((note) => creditNoteRowOf(note, currencies.get(note.supplier.id) ?? null));
  });
}

export interface CreditNoteDetail {
  note: CachedCreditNote | null;
  items: CachedCreditNoteItem[];
  currency: string | null;
  /** The return the note credits, when it names one and it is cached. */
  supplierReturn: (Omit<SupplierReturn, 'id'> & { id: number }) | null;
  /** When the named return is not cached: the open request to fetch it, if any. */
  returnRequest: ByIdRequest | null;
  /** The return's items by id, so each note item can name the return item it credits. */
  returnItems: ReadonlyMap<number, Omit<SupplierReturnItem, 'id'> & { id: number }>;
}

export async function loadCreditNote(db: DockhandDb, id: number): Promise<CreditNoteDetail> {
  const note = ((await db.creditNotes.get(id)) as CachedCreditNote | undefined) ?? null;
  const items = (await db.creditNoteItems
    .where('credit_note_id')
    .equals(id)
    .sortBy('id')) as CachedCreditNoteItem[];
  const returnId = note?.supplier_return_id ?? null;
  const supplierReturn = returnId === null ? null : ((await db.supplierReturns.get(returnId)) ?? null);
  const returnItems =
    returnId === null
      ? []
      : await db.supplierReturnItems.where('supplier_return_id').equals(returnId).toArray();
  const currency = note
    ? ((await supplierCurrencies(db, [note.supplier.id])).get(note.supplier.id) ?? null)
    : null;
  return {
    note,
    items,
    currency,
    supplierReturn,
    returnRequest:
      returnId !== null && !supplierReturn ? await byIdRequest(db, 'supplierReturns', returnId) : null,
    returnItems: new Map(returnItems.map((item) => [item.id, item])),
  };
}
