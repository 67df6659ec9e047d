/**
 * The unfiltered purchase order list as a window over the primary key. Each row slot of the virtual list
 * says which position it shows (`want`, released when it shows another or goes); the positions wanted,
 * rounded out to whole blocks, are read as one live query of the ids there (./listQuery.ts
 * `listOrderWindow`), so the list reads the keys in view, whatever the table's size, and a pulled page
 * re-reads only those. The same query reads those orders' rows (`readListRows`): mid-sync, newer orders land
 * on top and shift every position, and a row slot that got its new id before its row dropped its cells and
 * drew them again a task later, every slot in view each time (bench/stress/profile.ts: the longest tasks of
 * the list mid-sync). With the rows beside the ids, a shift updates the cells' text in place. Create it
 * during a component's initialisation (the live query is an effect).
 */
import type { DockhandDb } from '../../db/schema';
import { liveWith } from '../../lib/live.svelte';
import { keepRows } from '../../lib/sameData';
import { SlotDemand } from '../../lib/slotDemand';
import { listOrderWindow, readListRows, type PoListRow } from './listQuery';

/** Positions are read in blocks of this many, so scrolling a row or two reads nothing new. */
export const WINDOW_BLOCK = 50;

/**
 * The positions 0 to `length - 1`: the virtual list's items while it scrolls the window. A plain loop: at
 * 200,000 positions, `Array.from` with a callback per item took 25 ms of a cold start's main thread
 * (bench/sync --profile), and the array is rebuilt whenever the count changes.
 */
export function positionsUpTo(length: number): number[] {
  const positions = new Array<number>(length);
  for (let i = 0; i < length; i++) positions[i] = i;
  return positions;
}

interface Read {
  from: number;
  ids: number[];
  rows: Map<number, PoListRow>;
}

export class ListWindow {
  /** The first block is read at once: a cold start shows the newest orders before anything else. */
  #range = $state.raw({ from: 0, size: WINDOW_BLOCK });
  /** The positions the row slots show, as whole blocks: a new range only when those change. */
  #slots = new SlotDemand<number>((positions) => {
    if (positions.length === 0) return;
    const from = Math.floor(Math.min(...positions) / WINDOW_BLOCK) * WINDOW_BLOCK;
    const to = (Math.floor(Math.max(...positions) / WINDOW_BLOCK) + 1) * WINDOW_BLOCK;
    if (from !== this.#range.from || to - from !== this.#range.size) this.#range = { from, size: to - from };
  });
  #read;

  /**
   * `db` is a getter (the screen's prop); no key is read while `enabled` says no (a filter is set). `total`
   * is the list's count once known: a window past the middle is read from the oldest end.
   */
  constructor(db: () => DockhandDb, enabled: () => boolean, total: () => number | null) {
    this.#read = liveWith(
      () => (enabled() ? { ...this.#range, total: total() ?? undefined } : null),
      async (wanted): Promise<Read | null> => {
        if (!wanted) return null;
        const ids = await listOrderWindow(db(), wanted.from, wanted.size, wanted.total);
        // The ids are a run of the primary key: their rows are one key range, not a get each. A row whose
        // data did not change keeps its object, so it is not drawn again (src/lib/sameData.ts `keepRows`).
        const rows = await readListRows(db(), ids, { keyRun: true });
        return { from: wanted.from, ids, rows: keepRows(this.#read.current?.rows, rows) };
      },
      null as Read | null,
      // A key range read reverse with a limit is observed whole by Dexie: every pulled slice of orders,
      // old ones too, re-ran it. Coalesced, a first sync re-reads the window once a gap instead. The
      // outbox: a row's badge says whether its local edits are on the server yet.
      { coalesce: { db, tables: ['purchaseOrders', 'outbox'] } },
    );
  }

  /** true once the first block has been read. */
  get loaded(): boolean {
    return this.#read.current !== null;
  }

  /** How many ids the block from position 0 holds: the list's length until it is counted. */
  get headLength(): number {
    const read = this.#read.current;
    return read?.from === 0 ? read.ids.length : 0;
  }

  get error(): string | null {
    return this.#read.error;
  }

  /** The id at `position`, once read (undefined while its block is being read). */
  idAt(position: number): number | undefined {
    const read = this.#read.current;
    if (read && position >= read.from && position < read.from + read.ids.length)
      return read.ids[position - read.from];
    return undefined;
  }

  /** The window's rows as a row asks for them (./PurchaseOrderRow.svelte): read with the ids, so wanting one
   * reads nothing; undefined while its block is being read. */
  readonly rows = {
    want: (): (() => void) => () => {},
    get: (id: number): PoListRow | undefined => this.#read.current?.rows.get(id),
  };

  /** A row slot shows `position`; call the answer when it stops. */
  want(position: number): () => void {
    return this.#slots.want(position);
  }
}
