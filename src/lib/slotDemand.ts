/**
 * What a virtual list's row slots ask for: each slot that shows a key wants it until it stops (two slots
 * can show one key for a moment while the list scrolls, so wants are counted), and the changes of a whole
 * scroll step are gathered until the current task ends, then handed over once as the keys now wanted.
 */
export class SlotDemand<K> {
  #counts = new Map<K, number>();
  #scheduled = false;
  readonly #onChange: (keys: K[]) => void;

  constructor(onChange: (keys: K[]) => void) {
    this.#onChange = onChange;
  }

  /** A slot shows `key`; call the answer when it stops. */
  want(key: K): () => void {
    this.#counts.set(key, (this.#counts.get(key) ?? 0) + 1);
    this.#schedule();
    return () => {
      const count = (this.#counts.get(key) ?? 1) - 1;
      if (count > 0) this.#counts.set(key, count);
      else this.#counts.delete(key);
      this.#schedule();
    };
  }

  #schedule() {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      this.#onChange([...this.#counts.keys()]);
    });
  }
}
