/**
 * The purchase order list's rows in view, read live. Each row slot of the virtual list says which order it
 * shows (`want`, released when it shows another or goes); the wanted ids are read as one live query, so a
 * pulled page re-reads only the rows on screen, and only if it changed one of them. Create it during a
 * component's initialisation (the live query is an effect).
 */
import type { DockhandDb } from '../../db/schema';
import { liveWith } from '../../lib/live.svelte';
import { keepRows } from '../../lib/sameData';
import { SlotDemand } from '../../lib/slotDemand';
import { readListRows, type PoListRow } from './listQuery';

const NONE: ReadonlyMap<number, PoListRow> = new Map();

export class ListRows {
  #wanted = $state.raw<number[]>([]);
  /** The ids the row slots show, sorted: a new list only when they change, so the query re-runs only then. */
  #slots = new SlotDemand<number>((ids) => {
    const next = ids.sort((a, b) => a - b);
    const same = next.length === this.#wanted.length && next.every((id, i) => id === this.#wanted[i]);
    if (!same) this.#wanted = next;
  });
  #rows;

  /** `db` is a getter: the screen's prop, read when the query runs. */
  constructor(db: () => DockhandDb) {
    this.#rows = liveWith(
      () => this.#wanted,
      // None wanted (the unfiltered list's window reads its own rows): nothing read, nothing followed.
      // A row whose data did not change keeps its object, so it is not drawn again.
      async (ids): Promise<ReadonlyMap<number, PoListRow>> =>
        ids.length === 0 ? NONE : keepRows(this.#rows.current, await readListRows(db(), ids)),
      NONE,
    );
  }

  /** The row of order `id`, once read (undefined while it is being read, or if it no longer exists). */
  get(id: number): PoListRow | undefined {
    return this.#rows.current.get(id);
  }

  /** How many rows are read: 0 until the first row in view is. */
  get count(): number {
    return this.#rows.current.size;
  }

  get error(): string | null {
    return this.#rows.error;
  }

  /** A row slot shows order `id`; call the answer when it stops. */
  want(id: number): () => void {
    return this.#slots.want(id);
  }
}
