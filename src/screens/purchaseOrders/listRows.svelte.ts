/**
 * The purchase order list's rows in view, read live. Each row slot of the virtual list says which order it
 * shows (`want`, released when it shows another or goes); the wanted ids are read as one live query, so a
 * pulled page re-reads only the rows on screen, and only if it changed one of them. Create it during a
 * component's initialisation (the live query is an effect).
 */
import type { DockhandDb } from '../../db/schema';
import { liveWith } from '../../lib/live.svelte';
import { readListRows, type PoListRow } from './listQuery';

export class ListRows {
  /** How many row slots want each id (a slot may take an id before the last one lets go of it). */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping; `#wanted` is what is reactive
  #slots = new Map<number, number>();
  #wanted = $state.raw<number[]>([]);
  #scheduled = false;
  #rows;

  /** `db` is a getter: the screen's prop, read when the query runs. */
  constructor(db: () => DockhandDb) {
    this.#rows = liveWith(
      () => this.#wanted,
      (ids) => readListRows(db(), ids),
      // eslint-disable-next-line svelte/prefer-svelte-reactivity -- replaced whole by each query, never mutated
      new Map<number, PoListRow>(),
    );
  }

  /** The row of order `id`, once read (undefined while it is being read, or if it no longer exists). */
  get(id: number): PoListRow | undefined {
    return this.#rows.current.get(id);
  }

  get error(): string | null {
    return this.#rows.error;
  }

  /** A row slot shows order `id`; call the answer when it stops. */
  want(id: number): () => void {
    this.#slots.set(id, (this.#slots.get(id) ?? 0) + 1);
    this.#schedule();
    return () => {
      const slots = (this.#slots.get(id) ?? 1) - 1;
      if (slots > 0) this.#slots.set(id, slots);
      else this.#slots.delete(id);
      this.#schedule();
    };
  }

  /** One query for a whole scroll step: the slots' changes are gathered until the current task ends. */
  #schedule() {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      const next = [...this.#slots.keys()].sort((a, b) => a - b);
      const same = next.length === this.#wanted.length && next.every((id, i) => id === this.#wanted[i]);
      if (!same) this.#wanted = next;
    });
  }
}
