/**
 * The supplier list as data (DOM-free, tested in Node): the filters, search and sort the URL keeps, and how
 * rows are filtered, searched and ordered. Rows come from src/db/suppliers/supplierRecords.ts.
 */
import { z } from 'zod';
import type { SupplierListRow } from '../../db/suppliers/supplierRecords';
import type { Query } from '../../lib/routes';

export const SORT_KEYS = ['code', 'name', 'contact', 'status'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export const STATUS_FILTERS = ['enabled', 'disabled'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** What the list keeps in the URL. `sort` null: by name (then code). */
export interface SupplierListParams {
  status: StatusFilter | null;
  search: string;
  sort: { key: SortKey; direction: 'asc' | 'desc' } | null;
}

/** Anything in the URL that is not valid is dropped: a hand-edited link never breaks the list. */
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const ListQuerySchema = z.object({
  status: lenient(z.enum(STATUS_FILTERS)),
  q: lenient(z.string()),
  sort: lenient(z.enum(SORT_KEYS)),
  dir: lenient(z.enum(['asc', 'desc'])),
});

export function listParamsOf(query: Readonly<Record<string, string>>): SupplierListParams {
  const parsed = ListQuerySchema.parse(query);
  return {
    status: parsed.status ?? null,
    search: parsed.q ?? '',
    sort: parsed.sort ? { key: parsed.sort, direction: parsed.dir ?? 'asc' } : null,
  };
}

export function queryOfListParams({ status, search, sort }: SupplierListParams): Query {
  return { status, q: search, sort: sort?.key, dir: sort?.direction };
}

/** The rows every word of the search matches (code, name, contact, emails) and the status filter. */
export function filterRows(
  rows: readonly SupplierListRow[],
  status: StatusFilter | null,
  search: string,
): SupplierListRow[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter(
    (row) =>
      (status === null || row.enabled === (status === 'enabled')) &&
      words.every((word) => row.searchText.includes(word)),
  );
}

/** Text that `<` orders naturally, ignoring case ("S9" before "S10"); missing text is null. */
const naturalKey = (text: string | null) =>
  text ? text.toLowerCase().replace(/\d+/g, (digits) => digits.padStart(12, '0')) : null;

const SORT_VALUES: Record<SortKey, (row: SupplierListRow) => string | null> = {
  code: (row) => naturalKey(row.code),
  name: (row) => naturalKey(row.name),
  contact: (row) => naturalKey(row.contact),
  status: (row) => (row.enabled ? 'enabled' : 'disabled'),
};

/** The rows in the order asked for; missing values last, ties by name then id. */
export function sortRows(
  rows: readonly SupplierListRow[],
  sort: SupplierListParams['sort'],
): SupplierListRow[] {
  const key = sort ?? { key: 'name' as const, direction: 'asc' as const };
  const sign = key.direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row) => ({
    row,
    value: SORT_VALUES[key.key](row),
    name: SORT_VALUES.name(row) ?? '',
  }));
  keyed.sort((a, b) => {
    if (a.value !== b.value) {
      if (a.value === null) return 1;
      if (b.value === null) return -1;
      return sign * (a.value < b.value ? -1 : 1);
    }
    if (a.name !== b.name) return a.name < b.name ? -1 : 1;
    return a.row.id - b.row.id;
  });
  return keyed.map((entry) => entry.row);
}

/** Why the list is empty, in words: which filter and search hide every supplier. */
export function filtersText(params: SupplierListParams): string {
  const parts: string[] = [];
  if (params.status) parts.push(params.status === 'enabled' ? 'enabled' : 'disabled');
  if (params.search.trim()) parts.push(`matching “${params.search.trim()}”`);
  return parts.join(', ');
}
