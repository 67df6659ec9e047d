/**
 * The supplier invoice list as data (DOM-free, tested in Node): what one row shows, the filters, search and
 * sort the URL keeps, and how rows are filtered, searched and ordered. Rows are built once per invoice by
 * ./listIndex.ts and only rebuilt when that invoice, one of its orders or one of its ops changes; this
 * module only reads them, so a filter or a keystroke never touches Dexie.
 *
 * The invoice record has no supplier: an invoice's supplier is its orders' (cached purchase orders), and so
 * is its currency when they agree.
 */
import { z } from 'zod';
import { SUPPLIER_INVOICE_STATUSES, type SupplierInvoiceStatus } from '../../api/resources';
import type { OrderBadge } from '../../db/recordBadge';
import type { Query } from '../../lib/routes';
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
export type SortDirection = 'asc' | 'desc';

export interface InvoiceFilters {
  status: SupplierInvoiceStatus | null;
  supplierId: number | null;
  /** `YYYY-MM-DD` or '' (open), on the supplier's invoice date. */
  from: string;
  to: string;
}

export const NO_FILTERS: InvoiceFilters = { status: null, supplierId: null, from: '', to: '' };

/** What the list keeps in the URL. `sort` null: newest first (invoices received here on top). */
export interface InvoiceListParams {
  filters: InvoiceFilters;
  search: string;
  sort: { key: SortKey; direction: SortDirection } | null;
}

/** Anything in the URL that is not valid is dropped: a hand-edited link never breaks the list. */
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const ListQuerySchema = z.object({
  status: lenient(z.enum(SUPPLIER_INVOICE_STATUSES)),
  supplier: lenient(z.coerce.number().int().positive()),
  from: lenient(day),
  to: lenient(day),
  q: lenient(z.string()),
  sort: lenient(z.enum(SORT_KEYS)),
  dir: lenient(z.enum(['asc', 'desc'])),
});

export function listParamsOf(query: Readonly<Record<string, string>>): InvoiceListParams {
  const parsed = ListQuerySchema.parse(query);
  return {
    filters: {
      status: parsed.status ?? null,
      supplierId: parsed.supplier ?? null,
      from: parsed.from ?? '',
      to: parsed.to ?? '',
    },
    search: parsed.q ?? '',
    sort: parsed.sort ? { key: parsed.sort, direction: parsed.dir ?? 'asc' } : null,
  };
}

export function queryOfListParams({ filters, search, sort }: InvoiceListParams): Query {
  return {
    status: filters.status,
    supplier: filters.supplierId,
    from: filters.from,
    to: filters.to,
    q: search,
    sort: sort?.key,
    dir: sort?.direction,
  };
}

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
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter(
    (row) => matchesFilters(row, filters) && words.every((word) => row.searchText.includes(word)),
  );
}

/** Newest first: invoices received here (temp ids, newest most negative) on top, then by id, descending. */
const recency = (id: number) => (id < 0 ? 2 ** 31 - id : id);

/**
 * Text as a key plain `<` orders naturally and ignoring case ("INV-9" before "INV-10"): digit runs are
 * zero-padded. Cheaper than a collator per comparison, which 11,000 rows would feel.
 */
const naturalKey = (text: string | null | undefined) =>
  text ? text.toLowerCase().replace(/\d+/g, (digits) => digits.padStart(12, '0')) : null;

/**
 * The text keys of a row, worked out on its first sort and kept while the row lives (the index rebuilds a
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
export function filtersText(params: InvoiceListParams, supplierName: (id: number) => string): string {
  const parts: string[] = [];
  if (params.filters.status) parts.push(`status ${invoiceStatusText(params.filters.status)}`);
  if (params.filters.supplierId !== null) parts.push(`supplier ${supplierName(params.filters.supplierId)}`);
  if (params.filters.from && params.filters.to)
    parts.push(`dated ${params.filters.from} to ${params.filters.to}`);
  else if (params.filters.from) parts.push(`dated on or after ${params.filters.from}`);
  else if (params.filters.to) parts.push(`dated on or before ${params.filters.to}`);
  if (params.search.trim()) parts.push(`matching “${params.search.trim()}”`);
  return parts.join(', ');
}
