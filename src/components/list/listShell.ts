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
  /**
   * Values kept in the URL with the filters that say what the rows show, not which rows (the scorecard's
   * period): "Clear filters" leaves them as they are, and they never count as filtering.
   */
  settings?: readonly (keyof Filters)[];
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

/**
 * One of many choices, found by typing (src/components/form/ChoiceSearch.svelte): for a filter whose choices
 * can run to thousands (the suppliers: 2,000 in the large demo), where a select can be searched only by its
 * first letters and its options cost a long task to draw and to take down (issue #24). A filter of a few
 * dozen choices (statuses, outlets, types) stays a select. Make one with `searchFilter`.
 */
export interface SearchFilter<Filters> {
  kind: 'search';
  key: FilterKey<Filters>;
  label: string;
  /** The choice of none: "Any supplier". */
  placeholder: string;
  /** Read when the box opens or is typed in, and to name the chosen one. */
  options: () => readonly Choice[];
  /** How an id in the URL the choices lack reads: "Supplier #12". */
  unknownLabel: (value: string | number) => string;
}

/** A search filter whose unknown id reads as its label and the id: "Supplier #12". */
export function searchFilter<Filters>(
  filter: Omit<SearchFilter<Filters>, 'kind' | 'unknownLabel'>,
): SearchFilter<Filters> {
  return { kind: 'search', ...filter, unknownLabel: (value) => `${filter.label} #${value}` };
}

export type ListFilter<Filters> = SelectFilter<Filters> | DateFilter<Filters> | SearchFilter<Filters>;

/** The filter of a record's status (its `status` filter): one choice per status, in words. */
export function statusFilter<Filters extends { status: unknown }>(
  statuses: readonly string[],
  words: (status: string) => string,
  placeholder = 'Any status',
): SelectFilter<Filters> {
  return {
    key: 'status' as FilterKey<Filters>,
    label: 'Status',
    placeholder,
    options: statuses.map((value) => ({ value, label: words(value) })),
  };
}

/** A range of days as two date filters; the second refuses a day before the first ("ETA from", "ETA to"). */
export function dateRange<Filters>(
  from: { key: FilterKey<Filters>; label: string },
  to: { key: FilterKey<Filters>; label: string },
): DateFilter<Filters>[] {
  const day = (filters: Filters, key: FilterKey<Filters>) => filters[key] as string | null;
  return [
    { kind: 'date', ...from },
    {
      kind: 'date',
      ...to,
      error: (filters) => {
        const first = day(filters, from.key);
        const last = day(filters, to.key);
        return first && last && first > last ? `Must be on or after “${from.label}”` : undefined;
      },
    },
  ];
}

interface ColumnBase<Row> {
  label: string;
  /** 'end' for amounts and counts, so the title sits over right-aligned figures. */
  align?: 'start' | 'end';
  /** What the CSV writes for the row (null: an empty cell, never "—"); without it not exported (a badge). */
  csv?: (row: Row) => string | number | null;
  /** The CSV's header when it should differ from `label` (an empty label, say). */
  csvHeader?: string;
  /**
   * Further CSV columns right after this one, which the screen shows inside it: an amount's currency, or
   * one amount per currency.
   */
  csvAlso?: CsvColumn<Row> | readonly CsvColumn<Row>[];
  /** A sortable column's first direction: 'desc' for a figure read highest first (./SortableHeader.svelte). */
  first?: 'asc' | 'desc';
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
  return columns.flatMap((column) => [
    ...(column.csv ? [{ header: column.csvHeader ?? column.label, value: column.csv }] : []),
    ...(column.csvAlso ? ([] as CsvColumn<Row>[]).concat(column.csvAlso) : []),
  ]);
}

/**
 * Whether the search or any filter narrows the list. An emptied date field writes '' where the list had
 * null: both are "any". `settings` (a spec's) are not filters.
 */
export function isFiltering<Filters extends object>(
  params: ListParams<Filters, string>,
  noFilters: Filters,
  settings: readonly (keyof Filters)[] = [],
): boolean {
  const any = (value: unknown) => (value === '' ? null : value);
  return (
    params.search.trim() !== '' ||
    Object.entries(params.filters).some(
      ([key, value]) =>
        !settings.includes(key as keyof Filters) && any(value) !== any(noFilters[key as keyof Filters]),
    )
  );
}

/** What a list shows: the rows (filtered, searched, sorted), how many the cache holds, and whether read. */
export interface ListSource<Row> {
  readonly rows: readonly Row[];
  readonly total: number;
  readonly loaded: boolean;
  readonly error?: unknown;
  /**
   * false while `total` is not known yet, though rows can be drawn: a list read a window at a time shows its
   * first rows before counting a large table. Absent: counted once loaded.
   */
  readonly counted?: boolean;
}

/** The first sync's progress for the list's table, as the session reports it. */
export interface PullProgress {
  done: number;
  total: number;
  finished: boolean;
}

/** What the shell says when the cache holds none of the list's records. */
export interface EmptyText {
  /**
   * While the first sync is bringing them: "…(1,000 of 20,000 so far)"; unless given, "No customers on this
   * computer yet: the first sync is bringing them (1,000 of 20,000 so far)."
   */
  syncing?: (pull: PullProgress) => string;
  /** Nothing cached and no sync under way. */
  none: string;
}
