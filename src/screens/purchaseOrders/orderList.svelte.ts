/**
 * The purchase order list as the list shell reads it (src/components/list/listShell.ts `ListSource`). While
 * nothing narrows it, its rows are positions in a window over the primary key (./listWindow.svelte.ts);
 * filtered or searched, they are the matching ids in order, from index keys (./listQuery.ts
 * `listOrderIds`). Either way an order is read only for a row in view (./listRows.svelte.ts), so a sync page
 * landing never re-reads the table, and the CSV streams from the cache a page at a time (./listExport.ts).
 * A cold start with a large cache draws the newest orders first and counts after (`counted`): IndexedDB
 * answers a database's reads in turn, and counting 200,000 orders takes half a second or more on a busy PC.
 * Create it during a component's initialisation (its queries are effects).
 */
import type { ListSource } from '../../components/list/listShell';
import type { ListState } from '../../components/list/listState.svelte';
import type { DockhandDb } from '../../db/schema';
import type { RowSource } from '../../lib/csv/csvChunks';
import { liveWith, type Live } from '../../lib/live.svelte';
import { liveCount } from '../../lib/liveCount.svelte';
import { partyOptions } from '../../lib/partyOptions.svelte';
import { href } from '../../lib/routes';
import { matchingOrdersSource, newestOrdersSource } from './listExport';
import { listOrderIds, type PoFilters, type PoListRow } from './listQuery';
import { ListRows } from './listRows.svelte';
import { ListWindow, positionsUpTo } from './listWindow.svelte';

export class OrderList implements ListSource<number> {
  readonly #db: () => DockhandDb;
  /** Nothing narrows the list (the search as the query sees it): its rows are positions in the window. */
  readonly windowed: boolean;
  readonly window: ListWindow;
  /** The orders of the rows in view while filtered (the window reads its own). */
  readonly orders: ListRows;
  /** The filters' choices, read once the first rows are in. */
  readonly parties: ReturnType<typeof partyOptions>;
  /** Positions in the window, or the matching ids. */
  readonly rows: readonly number[];
  /** Whether the first rows are in: until then the count, the choices and a filter's ids wait. */
  #fullReads = $state(false);
  readonly #total: Live<number | null>;
  readonly #ids: Live<number[] | null>;

  constructor(db: () => DockhandDb, state: ListState<PoFilters, never>) {
    this.#db = db;
    this.windowed = $derived(
      state.search.trim() === '' && Object.values(state.params.value.filters).every((value) => !value),
    );
    this.window = new ListWindow(
      db,
      () => this.windowed,
      () => this.#total.current,
    );
    this.orders = new ListRows(db);
    this.parties = partyOptions(db, { after: () => this.#fullReads });
    $effect(() => {
      if (this.#fullReads) return;
      // The rows in view are read (the window reads them with their ids; not necessarily the top's: Back
      // to a row far down starts there).
      if (!this.windowed || this.window.loaded) this.#fullReads = true;
    });
    // Counted again after a change, but never more than a tenth of the time (src/lib/liveCount.svelte.ts).
    this.#total = liveCount(db, 'purchaseOrders', () => this.#fullReads);
    // Every matching id, from index keys, re-read coalesced after commits (a whole index each time: at most
    // once every two seconds while a sync writes).
    this.#ids = liveWith(
      () => ({
        filters: { ...state.params.value.filters },
        search: state.search,
        go: this.#fullReads && !this.windowed,
      }),
      (inputs) => (inputs.go ? listOrderIds(db(), inputs.filters, inputs.search) : null),
      null as number[] | null,
      { coalesce: { db, tables: ['purchaseOrders', 'suppliers'] } },
    );
    // Until counted: the first block, or up to the active row kept from before (Back from an order).
    const positions = $derived(
      positionsUpTo(this.#total.current ?? Math.max(this.window.headLength, state.position.activeIndex + 1)),
    );
    this.rows = $derived(this.windowed ? positions : (this.#ids.current ?? []));
  }

  get total(): number {
    return this.#total.current ?? 0;
  }

  get counted(): boolean {
    return this.#total.current !== null;
  }

  get loaded(): boolean {
    return this.windowed ? this.window.loaded : this.#ids.current !== null;
  }

  get error(): string | null {
    return this.#ids.error ?? this.#total.error ?? this.orders.error ?? this.window.error;
  }

  /** The order a row shows: undefined while its window block is being read. */
  idOf = (item: number): number | undefined => (this.windowed ? this.window.idAt(item) : item);

  hrefOf = (item: number): string | undefined => {
    const id = this.idOf(item);
    return id === undefined ? undefined : href('purchase-orders', id);
  };

  /** The CSV's rows: what the list shows, in its order, read from the cache as the export goes. */
  exportRows = (): RowSource<PoListRow> =>
    this.windowed
      ? newestOrdersSource(this.#db(), this.total)
      : matchingOrdersSource(this.#db(), this.#ids.current ?? []);
}
