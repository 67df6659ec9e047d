/**
 * A list screen's state (issue #27): its filters, search and sort in the URL (src/lib/queryState.svelte.ts),
 * the search as the query sees it (a pause after the last key, so typing a name does not run a query per
 * letter), whether anything narrows the list, and the active row, back at the top when the list asked for
 * changes (a sync page landing leaves it be). Call during component initialisation (it uses $effect); the
 * area reads its rows through `params.value` and `search`, and hands the state to ./ListScreen.svelte.
 */
import { queryState } from '../../lib/queryState.svelte';
import type { Live } from '../../lib/live.svelte';
import { isFiltering, type ListParams, type ListSource, type ListSpec, type SortState } from './listShell';

export const SEARCH_DELAY_MS = 150;

export interface ListStateOptions {
  /** Where the active row is kept: a module's object keeps it across remounts (Back from a record). */
  position?: { activeIndex: number };
  searchDelayMs?: number;
}

export class ListState<Filters extends object, Key extends string> {
  readonly params: { value: ListParams<Filters, Key> };
  readonly position: { activeIndex: number };
  /** The search the rows are read for: the typed one, once typing pauses. */
  search = $state('');
  readonly #noFilters: Filters;
  readonly #settings: readonly (keyof Filters)[];
  /** Whether the search or any filter narrows the list (the typed search: the count line follows it at once). */
  readonly filtering: boolean;

  constructor(
    query: () => Readonly<Record<string, string>>,
    spec: ListSpec<Filters, Key>,
    options: ListStateOptions = {},
  ) {
    this.params = queryState(query, spec.parse, spec.format);
    this.#noFilters = spec.noFilters;
    this.#settings = spec.settings ?? [];
    this.filtering = $derived(isFiltering(this.params.value, this.#noFilters, this.#settings));
    const own = $state({ activeIndex: 0 });
    this.position = options.position ?? own;
    this.search = this.params.value.search;
    const delay = options.searchDelayMs ?? SEARCH_DELAY_MS;
    $effect(() => {
      const text = this.params.value.search;
      const timer = setTimeout(() => (this.search = text), delay);
      return () => clearTimeout(timer);
    });

    let firstRun = true;
    $effect(() => {
      void [this.search, JSON.stringify(this.params.value.filters), JSON.stringify(this.params.value.sort)];
      if (firstRun) firstRun = false;
      else this.position.activeIndex = 0;
    });
  }

  /** Every filter back to "any" (settings stay) and the search emptied, at once: no pause before the rows. */
  clear(): void {
    const filters = this.params.value.filters;
    const kept = Object.fromEntries(this.#settings.map((name) => [name, filters[name]]));
    this.params.value.filters = { ...this.#noFilters, ...kept };
    this.params.value.search = '';
    this.search = '';
  }
}

export function listState<Filters extends object, Key extends string>(
  query: () => Readonly<Record<string, string>>,
  spec: ListSpec<Filters, Key>,
  options?: ListStateOptions,
): ListState<Filters, Key> {
  return new ListState(query, spec, options);
}

/** How a list read whole narrows its rows: one function, or the area's filter and sort in turn. */
export type Narrow<Row, Filters extends object, Key extends string> =
  | ((rows: readonly Row[], params: ListParams<Filters, Key>) => Row[])
  | {
      filter: (rows: readonly Row[], filters: Filters, search: string) => Row[];
      sort: (rows: readonly Row[], sort: SortState<Key> | null) => Row[];
    };

/**
 * A list whose records are all in memory (a cached table read whole, a few thousand small rows): the rows
 * shown are `narrow`'s of every row, for the filters, the paused search and the sort; re-narrowed when
 * either changes.
 */
export function shownRows<Row, Filters extends object, Key extends string>(
  state: ListState<Filters, Key>,
  all: Live<readonly Row[]>,
  narrow: Narrow<Row, Filters, Key>,
): ListSource<Row> {
  const apply =
    typeof narrow === 'function'
      ? narrow
      : (rows: readonly Row[], { filters, search, sort }: ListParams<Filters, Key>) =>
          narrow.sort(narrow.filter(rows, filters, search), sort);
  const rows = $derived(apply(all.current, { ...state.params.value, search: state.search }));
  return {
    get rows() {
      return rows;
    },
    get total() {
      return all.current.length;
    },
    get loaded() {
      return all.loaded;
    },
    get error() {
      return all.error;
    },
  };
}
