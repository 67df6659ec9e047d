/**
 * The supplier invoice list as data (DOM-free, tested in Node): what one row shows, the filters, search and
 * sort the URL keeps, and how rows are filtered, searched and ordered. Rows are built once per invoice by
 * ./listIndex.ts and only rebuilt when that invoice, one of its orders or one of its ops changes; this
 * module only reads them, so a filter or a keystroke never touches Dexie.
 *
 * The invoice record has no supplier: an invoice's supplier is its orders' (cached purchase orders), and so
 * is its currency when they agree.
 */
import type { SupplierInvoiceStatus } from '../../api/resources';
import { dayRangeText, narrowedBy, naturalKey, searchMatch } from '../../components/list/listQuery';
import type { ListParams } from '../../components/list/listShell';
import type { OrderBadge } from '../../db/recordBadge';
import { invoiceStatusText } from './invoiceFormat';

export interface InvoiceListRow {
  id: number;
  /** The supplier's invoice number; null while none is entered. */
  number: string | null;
  status: SupplierInvoiceStatus;
  poIds: readonly number[];
  /** The orders' suppliers (usually one); empty while no order of the invoice is cached. */
  suppliers: readonly { id: number; name: string }[];
  /** Date-time (midnight UTC of the supplier's date) or null. */
  invoicedOn: string | null;
  totalEx: number;
  totalInc: number;
  /** The orders' currency when they share one. */
  currency: string | null;
  badge: OrderBadge | null;
  /** Number, "PO 1042" and ids, supplier names and codes, lower-cased: what the search box matches. */
  searchText: string;
}

export const SORT_KEYS = ['number', 'po', 'supplier', 'status', 'invoicedOn', 'total'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface InvoiceFilters {
  status: SupplierInvoiceStatus | null;
  supplierId: number | null;
  /** `YYYY-MM-DD` or null (open; '' once a date field is emptied), on the supplier's invoice date. */
  from: string | null;
  to: string | null;
}

/** What the list keeps in the URL (./listColumns.ts). `sort` null: newest first (invoices received here on top). */
export type InvoiceListParams = ListParams<InvoiceFilters, SortKey>;

/** The calendar day of a date-time the server sends, read in UTC (it is midnight UTC of that day). */
const dayOf = (iso: string | null) => (iso ? iso.slice(0, 10) : null);

function matchesFilters(row: InvoiceListRow, filters: InvoiceFilters): boolean {
  if (filters.status !== null && row.status !== filters.status) return false;
  if (filters.supplierId !== null && !row.suppliers.some((s) => s.id === filters.supplierId)) return false;
  if (filters.from || filters.to) {
    const invoiced = dayOf(row.invoicedOn);
    if (invoiced === null) return false;
    if (filters.from && invoiced < filters.from) return false;
    if (filters.to && invoiced > filters.to) return false;
  }
  return true;
}

/** The rows every word of the search matches (anywhere), and the filters; in their order. */
export function filterRows(
  rows: readonly InvoiceListRow[],
  filters: InvoiceFilters,
  search: string,
): InvoiceListRow[] {
  const matches = searchMatch(search);
  return rows.filter((row) => matchesFilters(row, filters) && matches(row.searchText));
}

/** Newest first: invoices received here (temp ids, newest most negative) on top, then by id, descending. */
const recency = (id: number) => (id < 0 ? 2 ** 31 - id : id);

/**
 * The text keys of a row (naturalKey: "INV-9" before "INV-10", cheaper than a collator per comparison,
 * which 11,000 rows would feel), worked out on its first sort and kept while the row lives (the index rebuilds a
 * row object only when its invoice changes), so re-sorting 11,000 rows costs only the comparisons.
 */
const textKeys = new WeakMap<InvoiceListRow, { number: string | null; supplier: string | null }>();
function textKeysOf(row: InvoiceListRow) {
  let keys = textKeys.get(row);
  if (!keys) {
    keys = { number: naturalKey(row.number), supplier: naturalKey(row.suppliers[0]?.name) };
    textKeys.set(row, keys);
  }
  return keys;
}

/** What each column sorts by; missing values (no number, no date, no supplier yet) always sort last. */
const SORT_VALUES: Record<SortKey, (row: InvoiceListRow) => string | number | null> = {
  number: (row) => textKeysOf(row).number,
  po: (row) => row.poIds[0] ?? null,
  supplier: (row) => textKeysOf(row).supplier,
  status: (row) => row.status,
  invoicedOn: (row) => row.invoicedOn,
  total: (row) => row.totalInc,
};

/**
 * The rows in the order asked for, ties broken by recency. Sort values are read once per row (not per
 * comparison) and compared with `<`, so 11,000 rows sort in a few milliseconds.
 */
export function sortRows(rows: readonly InvoiceListRow[], sort: InvoiceListParams['sort']): InvoiceListRow[] {
  if (sort === null) return [...rows].sort((a, b) => recency(b.id) - recency(a.id));
  const read = SORT_VALUES[sort.key];
  const sign = sort.direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, value: read(row) }));
  keyed.sort((a, b) => {
    if (a.value === null || b.value === null) {
      if (a.value !== b.value) return a.value === null ? 1 : -1;
    } else if (a.value !== b.value) {
      return sign * (a.value < b.value ? -1 : 1);
    }
    return recency(b.row.id) - recency(a.row.id);
  });
  return keyed.map((entry) => entry.row);
}

/** Why the list is empty, in words: which filters and search hide every invoice. */
export function filtersText(
  { filters, search }: InvoiceListParams,
  supplierName: (id: number) => string,
): string {
  return narrowedBy(
    search,
    filters.status && `status ${invoiceStatusText(filters.status)}`,
    filters.supplierId !== null && `supplier ${supplierName(filters.supplierId)}`,
    dayRangeText('dated', filters.from, filters.to),
  );
}
