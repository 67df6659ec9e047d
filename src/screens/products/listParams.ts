/**
 * The product search as data (DOM-free, tested in Node): the search and sort the URL keeps, the columns
 * (and what each writes into the CSV), and how the matches are ordered. Matches come from src/db/products/productSearch.ts (at most a few hundred).
 */
import { listSpec } from '../../components/list/listQuery';
import type { ListColumn, ListParams } from '../../components/list/listShell';
import type { ProductListRow } from '../../db/products/productSearch';

export const SORT_KEYS = ['description', 'sku', 'supplier', 'available'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** No filters: the search is the whole of it. */
export type ProductFilters = Record<never, never>;

/** What the search keeps in the URL (`q`, `sort`, `dir`). `sort` null: best match first (codes, then descriptions). */
export const productListSpec = listSpec<ProductFilters, SortKey>({}, SORT_KEYS);
export type ProductListParams = ListParams<ProductFilters, SortKey>;

/** The CSV writes what the row shows; an empty code as an empty cell. */
export const PRODUCT_COLUMNS: readonly ListColumn<ProductListRow, SortKey>[] = [
  { key: 'description', label: 'Description', sortable: true, csv: (row) => row.description },
  { key: 'sku', label: 'Supplier SKU', sortable: true, csv: (row) => row.sku || null },
  { key: 'barcode', label: 'Barcode', csv: (row) => row.barcode || null },
  { key: 'supplier', label: 'Supplier', sortable: true, csv: (row) => row.supplier || null },
  { key: 'available', label: 'Available', sortable: true, align: 'end', csv: (row) => row.available },
];

const natural = (text: string) => text.toLowerCase().replace(/\d+/g, (digits) => digits.padStart(12, '0'));

const SORT_VALUES: Record<SortKey, (row: ProductListRow) => string | number> = {
  description: (row) => natural(row.description),
  sku: (row) => natural(row.sku),
  supplier: (row) => natural(row.supplier),
  available: (row) => row.available,
};

/** The matches in the order asked for (ties by description, then id); unsorted keeps the match order. */
export function sortRows(rows: readonly ProductListRow[], sort: ProductListParams['sort']): ProductListRow[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  const value = SORT_VALUES[sort.key];
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x !== y) return (x < y ? -1 : 1) * sign;
    const byName = natural(a.description).localeCompare(natural(b.description));
    return byName || a.id - b.id;
  });
}
