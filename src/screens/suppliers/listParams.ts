/**
 * The supplier list as data (DOM-free, tested in Node): its filter and sort keys in the URL, and how rows are
 * filtered, searched and ordered. Rows come from src/db/suppliers/supplierRecords.ts.
 */
import { z } from 'zod';
import type { ListParams } from '../../components/list/listShell';
import { listSpec, narrowedBy, naturalKey, searchMatch, sortBy } from '../../components/list/listQuery';
import type { SupplierListRow } from '../../db/suppliers/supplierRecords';

export const SORT_KEYS = ['code', 'name', 'contact', 'status'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export const STATUS_FILTERS = ['enabled', 'disabled'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface SupplierFilters {
  status: StatusFilter | null;
}

/** What the list keeps in the URL. `sort` null: by name (then code). */
export type SupplierListParams = ListParams<SupplierFilters, SortKey>;

export const supplierListSpec = listSpec<SupplierFilters, SortKey>(
  { status: { param: 'status', schema: z.enum(STATUS_FILTERS) } },
  SORT_KEYS,
);

/** The rows every word of the search matches (code, name, contact, emails) and the status filter. */
export function filterRows(
  rows: readonly SupplierListRow[],
  { status }: SupplierFilters,
  search: string,
): SupplierListRow[] {
  const matches = searchMatch(search);
  return rows.filter(
    (row) => (status === null || row.enabled === (status === 'enabled')) && matches(row.searchText),
  );
}

const byName = (row: SupplierListRow) => naturalKey(row.name) ?? '';

/** The rows in the order asked for; missing values last, ties by name then id. */
export function sortRows(
  rows: readonly SupplierListRow[],
  sort: SupplierListParams['sort'],
): SupplierListRow[] {
  return sortBy(rows, sort, {
    values: {
      code: (row) => naturalKey(row.code),
      name: (row) => naturalKey(row.name),
      contact: (row) => naturalKey(row.contact),
      status: (row) => (row.enabled ? 'enabled' : 'disabled'),
    },
    otherwise: { key: 'name', direction: 'asc' },
    tie: (a, b) => (byName(a) !== byName(b) ? (byName(a) < byName(b) ? -1 : 1) : a.id - b.id),
  });
}

/** Why the list is empty, in words: which filter and search hide every supplier. */
export function filtersText({ filters, search }: SupplierListParams): string {
  return narrowedBy(search, filters.status);
}
