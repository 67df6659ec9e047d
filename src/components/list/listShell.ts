/**
 * What a list screen declares for the shared shell (./ListScreen.svelte, issue #27): its URL state, filters
 * and columns. DOM-free, so an area's declarations and these helpers are tested in Node.
 *
 * Every list keeps the same three things in the URL: its filters, a search and a sort. An area writes only
 * what is its own: the filters' values and how they parse (./listQuery.ts helps), the columns and what each
 * writes into the CSV.
 */
import type { CsvColumn } from '../../lib/csv/csvChunks';
import type { Query } from '../../lib/routes';

export interface SortState<Key extends string> {
  key: Key;
  direction: 'asc' | 'desc';
}

/** What a list keeps in the URL. `filters` holds one value per declared filter, null while not chosen. */
export interface ListParams<Filters extends object, Key extends string> {
  filters: Filters;
  search: string;
  /** null: the list's own order. */
  sort: SortState<Key> | null;
}

/** The URL ↔ state of one list: `parse` takes anything (the URL is user input), `format` writes it back. */
export interface ListSpec<Filters extends object, Key extends string> {
  parse: (query: Readonly<Record<string, string>>) => ListParams<Filters, Key>;
  format: (params: ListParams<Filters, Key>) => Query;
  /** Every filter at "any": what "Clear filters" goes back to, and what "filtering" is measured against. */
  noFilters: Filters;
}

export interface Choice<Value extends string | number = string | number> {
  value: Value;
  label: string;
}

/** Choices from their labels, in the order written: `choicesOf({ open: 'Not yet applied', … })`. */
export function choicesOf<Value extends string>(labels: Record<Value, string>): Choice<Value>[] {
  return (Object.entries(labels) as [Value, string][]).map(([value, label]) => ({ value, label }));
}

type FilterKey<Filters> = Extract<keyof Filters, string>;

/** A select of choices; `options` a function where the choices come from the data (types, suppliers). */
export interface SelectFilter<Filters> {
  kind?: 'select';
  key: FilterKey<Filters>;
  label: string;
  /** The empty choice: "Any status". */
  placeholder: string;
  options: readonly Choice[] | (() => readonly Choice[]);
}

/** A date (yyyy-mm-dd); `error` for a range the clerk typed the wrong way round. */
export interface DateFilter<Filters> {
  kind: 'date';
  key: FilterKey<Filters>;
  label: string;
  error?: (filters: Filters) => string | undefined;
}

export type ListFilter<Filters> = SelectFilter<Filters> | DateFilter<Filters>;

interface ColumnBase<Row> {
  label: string;
  /** 'end' for amounts and counts, so the title sits over right-aligned figures. */
  align?: 'start' | 'end';
  /** What the CSV writes for the row (null: an empty cell, never "—"); without it not exported (a badge). */
  csv?: (row: Row) => string | number | null;
  /** The CSV's header when it should differ from `label` (an empty label, say). */
  csvHeader?: string;
}

/** A column declared once: the header's title, sorting, and the CSV. */
export type ListColumn<Row, Key extends string> =
  (ColumnBase<Row> & { key: Key; sortable: true }) | (ColumnBase<Row> & { key: string; sortable?: false });

/** The supplier and outlet of a list whose records name both (returns, credit notes), sortable by name. */
export function partyColumns<
  Row extends { supplier: { name: string }; outlet: { name: string } },
>(): ListColumn<Row, 'supplier' | 'outlet'>[] {
  return [
    { key: 'supplier', label: 'Supplier', sortable: true, csv: (row) => row.supplier.name },
    { key: 'outlet', label: 'Outlet', sortable: true, csv: (row) => row.outlet.name },
  ];
}

/** The CSV's columns: the declared ones that write a value, in their order. */
export function csvColumns<Row>(columns: readonly ListColumn<Row, string>[]): CsvColumn<Row>[] {
  return columns.flatMap((column) =>
    column.csv ? [{ header: column.csvHeader ?? column.label, value: column.csv }] : [],
  );
}

/** Whether the search or any filter narrows the list. */
export function isFiltering<Filters extends object>(
  params: ListParams<Filters, string>,
  noFilters: Filters,
): boolean {
  return (
    params.search.trim() !== '' ||
    Object.entries(params.filters).some(([key, value]) => value !== noFilters[key as keyof Filters])
  );
}

/** What a list shows: the rows (filtered, searched, sorted), how many the cache holds, and whether read. */
export interface ListSource<Row> {
  readonly rows: readonly Row[];
  readonly total: number;
  readonly loaded: boolean;
  readonly error?: unknown;
}

/** The first sync's progress for the list's table, as the session reports it. */
export interface PullProgress {
  done: number;
  total: number;
  finished: boolean;
}

/** What the shell says when the cache holds none of the list's records. */
export interface EmptyText {
  /** While the first sync is bringing them: "…(1,000 of 20,000 so far)". */
  syncing: (pull: PullProgress) => string;
  /** Nothing cached and no sync under way. */
  none: string;
}
