/**
 * The credit note list as data (DOM-free, tested in Node): its filter and sort keys in the URL, and how rows
 * are filtered, searched and ordered. Rows come from src/db/creditNotes/creditNoteRecords.ts.
 */
import { z } from 'zod';
import type { Choice, ListParams } from '../../components/list/listShell';
import { listSpec, naturalKey, positiveId, searchMatch, sortBy } from '../../components/list/listQuery';
import type { CreditNoteListRow } from '../../db/creditNotes/creditNoteRecords';

export const SORT_KEYS = ['number', 'reference', 'supplier', 'outlet', 'creditedOn', 'total'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** applied: the supplier has credited the account (credited on is set); open: not yet. */
export const APPLIED_FILTERS = ['applied', 'open'] as const;
export type AppliedFilter = (typeof APPLIED_FILTERS)[number];

export interface CreditNoteFilters {
  supplierId: number | null;
  outletId: number | null;
  applied: AppliedFilter | null;
}

/** What the list keeps in the URL. `sort` null: newest first (highest number). */
export type CreditNoteListParams = ListParams<CreditNoteFilters, SortKey>;

export const creditNoteListSpec = listSpec<CreditNoteFilters, SortKey>(
  {
    supplierId: { param: 'supplier', schema: positiveId },
    outletId: { param: 'outlet', schema: positiveId },
    applied: { param: 'applied', schema: z.enum(APPLIED_FILTERS) },
  },
  SORT_KEYS,
);

/** The rows every word of the search matches, of the chosen supplier, outlet and applied state. */
export function filterRows(
  rows: readonly CreditNoteListRow[],
  { supplierId, outletId, applied }: CreditNoteFilters,
  search: string,
): CreditNoteListRow[] {
  const matches = searchMatch(search);
  return rows.filter(
    (row) =>
      (supplierId === null || row.supplier.id === supplierId) &&
      (outletId === null || row.outlet.id === outletId) &&
      (applied === null || (row.creditedOn !== null) === (applied === 'applied')) &&
      matches(row.searchText),
  );
}

/** The rows in the order asked for; missing values last, ties newest first. */
export function sortRows(
  rows: readonly CreditNoteListRow[],
  sort: CreditNoteListParams['sort'],
): CreditNoteListRow[] {
  return sortBy(rows, sort, {
    values: {
      number: (row) => row.id,
      reference: (row) => naturalKey(row.supplierReference),
      supplier: (row) => naturalKey(row.supplier.name),
      outlet: (row) => naturalKey(row.outlet.name),
      creditedOn: (row) => row.creditedOn,
      total: (row) => row.totalInc,
    },
    otherwise: { key: 'number', direction: 'desc' },
    tie: (a, b) => b.id - a.id,
  });
}

/** The suppliers and outlets the notes name, as filter choices sorted by name. */
export function partyChoices(rows: readonly CreditNoteListRow[]): {
  suppliers: Choice<number>[];
  outlets: Choice<number>[];
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
  { filters, search }: CreditNoteListParams,
  choices: { suppliers: readonly Choice<number>[]; outlets: readonly Choice<number>[] },
): string {
  const name = (list: readonly Choice<number>[], id: number) => list.find((c) => c.value === id)?.label;
  const parts: string[] = [];
  if (filters.applied)
    parts.push(filters.applied === 'applied' ? 'applied to the account' : 'not yet applied');
  if (filters.supplierId !== null)
    parts.push(`from ${name(choices.suppliers, filters.supplierId) ?? `supplier ${filters.supplierId}`}`);
  if (filters.outletId !== null)
    parts.push(`for ${name(choices.outlets, filters.outletId) ?? `outlet ${filters.outletId}`}`);
  if (search.trim()) parts.push(`matching “${search.trim()}”`);
  return parts.join(', ');
}
