/**
 * The credit note list as data (DOM-free, tested in Node): the filters, search and sort the URL keeps, and
 * how rows are filtered, searched and ordered. Rows come from src/db/creditNotes/creditNoteRecords.ts.
 */
import { z } from 'zod';
import type { CreditNoteListRow } from '../../db/creditNotes/creditNoteRecords';
import type { Query } from '../../lib/routes';

export const SORT_KEYS = ['number', 'reference', 'supplier', 'outlet', 'creditedOn', 'total'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** applied: the supplier has credited the account (credited on is set); open: not yet. */
export const APPLIED_FILTERS = ['applied', 'open'] as const;
export type AppliedFilter = (typeof APPLIED_FILTERS)[number];

/** What the list keeps in the URL. `sort` null: newest first (highest number). */
export interface CreditNoteListParams {
  supplierId: number | null;
  outletId: number | null;
  applied: AppliedFilter | null;
  search: string;
  sort: { key: SortKey; direction: 'asc' | 'desc' } | null;
}

/** Anything in the URL that is not valid is dropped: a hand-edited link never breaks the list. */
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const id = z.coerce.number().int().positive();
const ListQuerySchema = z.object({
  supplier: lenient(id),
  outlet: lenient(id),
  applied: lenient(z.enum(APPLIED_FILTERS)),
  q: lenient(z.string()),
  sort: lenient(z.enum(SORT_KEYS)),
  dir: lenient(z.enum(['asc', 'desc'])),
});

export function listParamsOf(query: Readonly<Record<string, string>>): CreditNoteListParams {
  const parsed = ListQuerySchema.parse(query);
  return {
    supplierId: parsed.supplier ?? null,
    outletId: parsed.outlet ?? null,
    applied: parsed.applied ?? null,
    search: parsed.q ?? '',
    sort: parsed.sort ? { key: parsed.sort, direction: parsed.dir ?? 'asc' } : null,
  };
}

export function queryOfListParams(params: CreditNoteListParams): Query {
  return {
    supplier: params.supplierId,
    outlet: params.outletId,
    applied: params.applied,
    q: params.search,
    sort: params.sort?.key,
    dir: params.sort?.direction,
  };
}

/** The rows every word of the search matches, of the chosen supplier, outlet and applied state. */
export function filterRows(
  rows: readonly CreditNoteListRow[],
  params: CreditNoteListParams,
): CreditNoteListRow[] {
  const words = params.search.toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter(
    (row) =>
      (params.supplierId === null || row.supplier.id === params.supplierId) &&
      (params.outletId === null || row.outlet.id === params.outletId) &&
      (params.applied === null || (row.creditedOn !== null) === (params.applied === 'applied')) &&
      words.every((word) => row.searchText.includes(word)),
  );
}

/** Text that `<` orders naturally, ignoring case ("CN-9" before "CN-10"); missing text is null. */
const naturalKey = (text: string | null) =>
  text ? text.toLowerCase().replace(/\d+/g, (digits) => digits.padStart(12, '0')) : null;

const SORT_VALUES: Record<SortKey, (row: CreditNoteListRow) => string | number | null> = {
  number: (row) => row.id,
  reference: (row) => naturalKey(row.supplierReference),
  supplier: (row) => naturalKey(row.supplier.name),
  outlet: (row) => naturalKey(row.outlet.name),
  creditedOn: (row) => row.creditedOn,
  total: (row) => row.totalInc,
};

/** The rows in the order asked for; missing values last, ties newest first. */
export function sortRows(
  rows: readonly CreditNoteListRow[],
  sort: CreditNoteListParams['sort'],
): CreditNoteListRow[] {
  const key = sort ?? { key: 'number' as const, direction: 'desc' as const };
  const sign = key.direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, value: SORT_VALUES[key.key](row) }));
  keyed.sort((a, b) => {
    if (a.value !== b.value) {
      if (a.value === null) return 1;
      if (b.value === null) return -1;
      return sign * (a.value < b.value ? -1 : 1);
    }
    return b.row.id - a.row.id;
  });
  return keyed.map((entry) => entry.row);
}

/** The suppliers and outlets the notes name, as filter choices sorted by name. */
export function partyChoices(rows: readonly CreditNoteListRow[]): {
  suppliers: { value: number; label: string }[];
  outlets: { value: number; label: string }[];
} {
  const suppliers = new Map<number, string>();
  const outlets = new Map<number, string>();
  for (const row of rows) {
    suppliers.set(row.supplier.id, row.supplier.name);
    outlets.set(row.outlet.id, row.outlet.name);
  }
  const choices = (names: Map<number, string>) =>
    [...names].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  return { suppliers: choices(suppliers), outlets: choices(outlets) };
}

/** Why the list is empty, in words: which filters and search hide every note. */
export function filtersText(
  params: CreditNoteListParams,
  names: { supplier?: string | undefined; outlet?: string | undefined },
): string {
  const parts: string[] = [];
  if (params.applied) parts.push(params.applied === 'applied' ? 'applied to the account' : 'not yet applied');
  if (params.supplierId !== null) parts.push(`from ${names.supplier ?? `supplier ${params.supplierId}`}`);
  if (params.outletId !== null) parts.push(`for ${names.outlet ?? `outlet ${params.outletId}`}`);
  if (params.search.trim()) parts.push(`matching “${params.search.trim()}”`);
  return parts.join(', ');
}
