/**
 * The supplier return list as data (DOM-free, tested in Node): its filter and sort keys in the URL, and how
 * rows are filtered, searched and ordered. Rows come from src/db/supplierReturns/returnRecords.ts.
 */
import { z } from 'zod';
import { SUPPLIER_RETURN_STATUSES, type SupplierReturnStatus } from '../../api/resources';
import type { ListParams } from '../../components/list/listShell';
import { listSpec, narrowedBy, searchMatch, sortBy } from '../../components/list/listQuery';
import type { ReturnListRow } from '../../db/supplierReturns/returnRecords';

export const SORT_KEYS = ['number', 'status', 'supplier', 'outlet', 'created', 'claim'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface ReturnFilters {
  status: SupplierReturnStatus | null;
}

/** What the list keeps in the URL. `sort` null: newest first (highest number). */
export type ReturnListParams = ListParams<ReturnFilters, SortKey>;

export const returnListSpec = listSpec<ReturnFilters, SortKey>(
  { status: { param: 'status', schema: z.enum(SUPPLIER_RETURN_STATUSES) } },
  SORT_KEYS,
);

/** The rows of the status asked for that every word of the search matches. */
export function filterRows(
  rows: readonly ReturnListRow[],
  { status }: ReturnFilters,
  search: string,
): ReturnListRow[] {
  const matches = searchMatch(search);
  return rows.filter((row) => (status === null || row.status === status) && matches(row.searchText));
}

/** The rows in the order asked for; ties newest first. */
export function sortRows(rows: readonly ReturnListRow[], sort: ReturnListParams['sort']): ReturnListRow[] {
  return sortBy(rows, sort, {
    values: {
      number: (row) => row.id,
      // In lifecycle order (Incomplete → In Progress → Finalised), not alphabetical.
      status: (row) => SUPPLIER_RETURN_STATUSES.indexOf(row.status),
      supplier: (row) => row.supplier.name.toLowerCase(),
      outlet: (row) => row.outlet.name.toLowerCase(),
      created: (row) => row.createdOn,
      claim: (row) => row.claimInc,
    },
    otherwise: { key: 'number', direction: 'desc' },
    tie: (a, b) => b.id - a.id,
  });
}

/** Why the list is empty, in words: which filter and search hide every return. */
export function filtersText({ filters, search }: ReturnListParams): string {
  return narrowedBy(search, filters.status?.toLowerCase());
}
