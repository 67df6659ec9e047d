/**
 * The supplier return list as data (DOM-free, tested in Node): the filters, search and sort the URL keeps,
 * and how rows are filtered, searched and ordered. Rows come from src/db/supplierReturns/returnRecords.ts.
 */
import { z } from 'zod';
import { SUPPLIER_RETURN_STATUSES, type SupplierReturnStatus } from '../../api/resources';
import type { ReturnListRow } from '../../db/supplierReturns/returnRecords';
import type { Query } from '../../lib/routes';

export const SORT_KEYS = ['number', 'status', 'supplier', 'outlet', 'created', 'claim'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** What the list keeps in the URL. `sort` null: newest first (highest number). */
export interface ReturnListParams {
  status: SupplierReturnStatus | null;
  search: string;
  sort: { key: SortKey; direction: 'asc' | 'desc' } | null;
}

/** Anything in the URL that is not valid is dropped: a hand-edited link never breaks the list. */
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const ListQuerySchema = z.object({
  status: lenient(z.enum(SUPPLIER_RETURN_STATUSES)),
  q: lenient(z.string()),
  sort: lenient(z.enum(SORT_KEYS)),
  dir: lenient(z.enum(['asc', 'desc'])),
});

export function listParamsOf(query: Readonly<Record<string, string>>): ReturnListParams {
  const parsed = ListQuerySchema.parse(query);
  return {
    status: parsed.status ?? null,
    search: parsed.q ?? '',
    sort: parsed.sort ? { key: parsed.sort, direction: parsed.dir ?? 'asc' } : null,
  };
}

export function queryOfListParams({ status, search, sort }: ReturnListParams): Query {
  return { status, q: search, sort: sort?.key, dir: sort?.direction };
}

/** The rows of the status asked for that every word of the search matches. */
export function filterRows(rows: readonly ReturnListRow[], params: ReturnListParams): ReturnListRow[] {
  const words = params.search.toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter(
    (row) =>
      (params.status === null || row.status === params.status) &&
      words.every((word) => row.searchText.includes(word)),
  );
}

const lower = (text: string) => text.toLowerCase();

const SORT_VALUES: Record<SortKey, (row: ReturnListRow) => string | number> = {
  number: (row) => row.id,
  // In lifecycle order (Incomplete → In Progress → Finalised), not alphabetical.
  status: (row) => SUPPLIER_RETURN_STATUSES.indexOf(row.status),
  supplier: (row) => lower(row.supplier.name),
  outlet: (row) => lower(row.outlet.name),
  created: (row) => row.createdOn,
  claim: (row) => row.claimInc,
};

/** The rows in the order asked for; ties newest first. */
export function sortRows(rows: readonly ReturnListRow[], sort: ReturnListParams['sort']): ReturnListRow[] {
  const key = sort ?? { key: 'number' as const, direction: 'desc' as const };
  const sign = key.direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, value: SORT_VALUES[key.key](row) }));
  keyed.sort((a, b) => (a.value !== b.value ? sign * (a.value < b.value ? -1 : 1) : b.row.id - a.row.id));
  return keyed.map((entry) => entry.row);
}

/** Why the list is empty, in words: which filter and search hide every return. */
export function filtersText(params: ReturnListParams): string {
  const parts: string[] = [];
  if (params.status)
    parts.push(params.status === 'In Progress' ? 'in progress' : params.status.toLowerCase());
  if (params.search.trim()) parts.push(`matching “${params.search.trim()}”`);
  return parts.join(', ');
}
