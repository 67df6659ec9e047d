/**
 * The open orders list of the receiving start screen, declared for the list shell
 * (src/components/list/listShell.ts): a status filter and the search in the URL (Back from an order returns
 * to the same list), sortable columns and what each writes into the CSV; the rows are
 * src/db/receiving/openOrders.ts's, read whole (the outlet's open orders: 4,000 in the large demo). DOM-free,
 * tested in Node.
 */
import { z } from 'zod';
import { PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from '../../api/resources';
import { listSpec, narrowedBy, naturalKey, searchMatch, sortBy } from '../../components/list/listQuery';
import {
  statusFilter,
  type ListColumn,
  type ListFilter,
  type ListParams,
} from '../../components/list/listShell';
import { OPEN_STATUSES, type OpenOrderRow } from '../../db/receiving/openOrders';
import { csvDay } from '../../lib/csv/exportCsv';
import { counted, dayText, poNumber, statusText } from '../../lib/recordFormat';

export const SORT_KEYS = ['number', 'supplier', 'outlet', 'status', 'eta', 'remaining'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface OpenOrderFilters {
  status: PurchaseOrderStatus | null;
}

/** `sort` null: the dock's own order, newest ETA first. */
export const openOrderListSpec = listSpec<OpenOrderFilters, SortKey>(
  {
    status: {
      param: 'status',
      schema: z.enum(PURCHASE_ORDER_STATUSES).refine((name) => OPEN_STATUSES.includes(name)),
    },
  },
  SORT_KEYS,
);

export const OPEN_ORDER_FILTERS: readonly ListFilter<OpenOrderFilters>[] = [
  statusFilter(OPEN_STATUSES, statusText, 'Any open status'),
];

/** The CSV writes the units as numbers, a missing ETA as an empty cell. */
export const OPEN_ORDER_COLUMNS: readonly ListColumn<OpenOrderRow, SortKey>[] = [
  { key: 'number', label: 'PO', sortable: true, csv: (row) => poNumber(row.id) },
  { key: 'supplier', label: 'Supplier', sortable: true, csv: (row) => row.supplierName },
  { key: 'outlet', label: 'Outlet', sortable: true, csv: (row) => row.outletName },
  { key: 'status', label: 'Status', sortable: true, csv: (row) => statusText(row.status) },
  { key: 'eta', label: 'ETA', sortable: true, csv: (row) => csvDay(row.eta) },
  {
    key: 'remaining',
    label: 'Units to come',
    sortable: true,
    csv: (row) => row.unitsRemaining,
    csvAlso: { header: 'Units ordered', value: (row) => row.unitsOrdered },
  },
  {
    key: 'drafting',
    label: '',
    csvHeader: 'Delivery in progress here',
    csv: (row) => (row.drafting ? 'Yes' : 'No'),
  },
];

/** A row as one sentence, for a screen reader: the figures sit under column titles it does not read. */
export const openOrderName = (row: OpenOrderRow): string =>
  // The row's cells as they are shown, in order (./ReceivingStartRow.svelte): a name that holds the visible
  // text, so a clerk using speech input can say what they see (axe: label-content-name-mismatch).
  [
    poNumber(row.id),
    row.supplierName,
    row.outletName,
    statusText(row.status),
    dayText(row.eta),
    `${row.unitsRemaining.toLocaleString()} of ${counted(row.unitsOrdered, 'unit')}`,
    ...(row.drafting ? ['In progress'] : []),
  ].join(', ');

/** The rows of the status that every word of the search matches (PO number, external id, supplier). */
export function filterRows(rows: readonly OpenOrderRow[], filters: OpenOrderFilters, search: string) {
  const matches = searchMatch(search);
  return rows.filter((row) => (filters.status ?? row.status) === row.status && matches(row.searchText));
}

/** The rows in the order asked for; missing values last; ties (and the dock's own order) newest first. */
export function sortRows(
  rows: readonly OpenOrderRow[],
  sort: ListParams<OpenOrderFilters, SortKey>['sort'],
): OpenOrderRow[] {
  return sortBy(rows, sort, {
    values: {
      number: (row) => row.id,
      supplier: (row) => naturalKey(row.supplierName),
      outlet: (row) => naturalKey(row.outletName),
      // By the words the column shows ("Back order" before "On order"), not the API's names.
      status: (row) => statusText(row.status),
      eta: (row) => row.eta,
      remaining: (row) => row.unitsRemaining,
    },
    otherwise: { key: 'eta', direction: 'desc' },
    tie: (a, b) => b.id - a.id,
  });
}

/** Why nothing is listed, in words: "of status Back order, matching “acme”". */
export function filtersText({ filters, search }: ListParams<OpenOrderFilters, SortKey>): string {
  return narrowedBy(search, filters.status && `of status ${statusText(filters.status)}`);
}
