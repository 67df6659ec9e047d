/**
 * The product search as data (DOM-free, tested in Node): the search and sort the URL keeps, and how the
 * matches are ordered. Matches come from src/db/products/productSearch.ts (at most a few hundred).
 */
import { z } from 'zod';
import type { ProductListRow } from '../../db/products/productSearch';
import type { Query } from '../../lib/routes';

export const SORT_KEYS = ['description', 'sku', 'supplier', 'available'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** What the search keeps in the URL. `sort` null: best match first (codes, then descriptions). */
export interface ProductListParams {
  search: string;
  sort: { key: SortKey; direction: 'asc' | 'desc' } | null;
}

/** Anything in the URL that is not valid is dropped: a hand-edited link never breaks the list. */
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const ListQuerySchema = z.object({
  q: lenient(z.string()),
  sort: lenient(z.enum(SORT_KEYS)),
  dir: lenient(z.enum(['asc', 'desc'])),
});

export function listParamsOf(query: Readonly<Record<string, string>>): ProductListParams {
  const parsed = ListQuerySchema.parse(query);
  return {
    search: parsed.q ?? '',
    sort: parsed.sort ? { key: parsed.sort, direction: parsed.dir ?? 'asc' } : null,
  };
}

export function queryOfListParams({ search, sort }: ProductListParams): Query {
  return { q: search, sort: sort?.key, dir: sort?.direction };
}

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
