/**
 * The invoice list's rows as Svelte state, kept by ./listIndex.ts: read once in chunks, then changed row by
 * row as committed writes name them. Writes are gathered for a short while and applied together, so a burst
 * of sync pages costs one update of the list, not one per page. Call during component initialisation.
 *
 * The active row lives at module level so that opening an invoice and coming back lands on the same row;
 * filters, search and sort live in the URL (./listRows.ts).
 */
import type { Choice } from '../../db/parties';
import type { DockhandDb } from '../../db/schema';
import {
  hasChanges,
  InvoiceListIndex,
  mergeChanges,
  noChanges,
  watchListTables,
  type ListChanges,
} from './listIndex';
import type { InvoiceListRow } from './listRows';

export const listPosition = $state<{ activeIndex: number }>({ activeIndex: 0 });

/** How long writes are gathered before the list is updated: a sync page lands every few hundred ms. */
const GATHER_MS = 250;

export interface InvoiceListState {
  readonly rows: readonly InvoiceListRow[];
  readonly suppliers: readonly Choice[];
  /** false until every cached invoice has been read once. */
  readonly loaded: boolean;
  /** Invoices read so far while loading. */
  readonly read: number;
  readonly error: string | null;
}

export function invoiceListState(db: () => DockhandDb): InvoiceListState {
  let rows = $state.raw<readonly InvoiceListRow[]>([]);
  let suppliers = $state.raw<readonly Choice[]>([]);
  let loaded = $state(false);
  let read = $state(0);
  let error = $state<string | null>(null);

  $effect(() => {
    const database = db();
    const index = new InvoiceListIndex(database);
    let waiting: ListChanges = noChanges();
    let ready = false;
    let running = false;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    loaded = false;
    read = 0;

    const fail = (failure: unknown) => {
      error = failure instanceof Error ? failure.message : String(failure);
    };
    const publish = () => {
      rows = index.rows();
      suppliers = index.suppliers();
    };
    async function flush() {
      if (running || stopped || !ready) return;
      running = true;
      try {
        while (hasChanges(waiting) && !stopped) {
          const changes = waiting;
          waiting = noChanges();
          await index.apply(changes);
        }
        if (!stopped) publish();
      } catch (failure) {
        fail(failure);
      } finally {
        running = false;
      }
    }
    const schedule = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void flush();
      }, GATHER_MS);
    };

    // Watch before the first read: a write landing during it is applied afterwards, never lost.
    const unwatch = watchListTables(database, (changes) => {
      waiting = mergeChanges(waiting, changes);
      schedule();
    });
    index
      .load((count) => {
        if (!stopped) read = count;
      })
      .then(() => {
        if (stopped) return;
        ready = true;
        loaded = true;
        publish();
        return flush();
      })
      .catch(fail);

    return () => {
      stopped = true;
      unwatch();
      if (timer !== undefined) clearTimeout(timer);
    };
  });

  return {
    get rows() {
      return rows;
    },
    get suppliers() {
      return suppliers;
    },
    get loaded() {
      return loaded;
    },
    get read() {
      return read;
    },
    get error() {
      return error;
    },
  };
}
