/**
 * The supplier invoice list's declaration for the list shell (src/components/list/listShell.ts): its URL
 * state, its columns (what each writes into the CSV) and its filters. The rows and their search and sort are
 * ./listRows.ts's.
 */
import { z } from 'zod';
import { SUPPLIER_INVOICE_STATUSES } from '../../api/resources';
import { isoDay, listSpec, positiveId } from '../../components/list/listQuery';
import {
  dateRange,
  searchFilter,
  statusFilter,
  type ListColumn,
  type ListFilter,
} from '../../components/list/listShell';
import type { Choice } from '../../db/parties';
import { poNumber } from '../../lib/recordFormat';
import { invoiceRef, invoiceStatusText } from './invoiceFormat';
import { SORT_KEYS, type InvoiceFilters, type InvoiceListRow, type SortKey } from './listRows';

/** The list's URL state for the shell (src/components/list/listState.svelte.ts); dates as `YYYY-MM-DD`. */
export const invoiceListSpec = listSpec<InvoiceFilters, SortKey>(
  {
    status: { param: 'status', schema: z.enum(SUPPLIER_INVOICE_STATUSES) },
    supplierId: { param: 'supplier', schema: positiveId },
    from: { param: 'from', schema: isoDay },
    to: { param: 'to', schema: isoDay },
  },
  SORT_KEYS,
);

export const NO_FILTERS: InvoiceFilters = invoiceListSpec.noFilters;

/** The CSV writes a missing value as an empty cell; the date as the supplier's day; the badge is sync state. */
export const INVOICE_COLUMNS: readonly ListColumn<InvoiceListRow, SortKey>[] = [
  { key: 'ref', label: 'Invoice', csv: (row) => invoiceRef(row.id) },
  { key: 'number', label: 'Number', sortable: true, csv: (row) => row.number },
  { key: 'po', label: 'Order', sortable: true, csv: (row) => row.poIds.map(poNumber).join(', ') || null },
  {
    key: 'supplier',
    label: 'Supplier',
    sortable: true,
    csv: (row) => row.suppliers.map((supplier) => supplier.name).join(', ') || null,
  },
  { key: 'status', label: 'Status', sortable: true, csv: (row) => invoiceStatusText(row.status) },
  {
    key: 'invoicedOn',
    label: 'Invoice date',
    sortable: true,
    // Midnight UTC of the supplier's date: its day is the date's first ten characters, wherever this PC is.
    csv: (row) => row.invoicedOn?.slice(0, 10) ?? null,
  },
  { key: 'total', label: 'Total (inc tax)', sortable: true, align: 'end', csv: (row) => row.totalInc },
  { key: 'badge', label: '' },
];

export function invoiceFilters(suppliers: () => readonly Choice[]): readonly ListFilter<InvoiceFilters>[] {
  return [
    statusFilter(SUPPLIER_INVOICE_STATUSES, invoiceStatusText),
    searchFilter<InvoiceFilters>({
      key: 'supplierId',
      label: 'Supplier',
      placeholder: 'Any supplier',
      options: suppliers,
    }),
    ...dateRange<InvoiceFilters>({ key: 'from', label: 'Dated from' }, { key: 'to', label: 'Dated to' }),
  ];
}
