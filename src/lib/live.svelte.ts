/**
 * Dexie liveQuery as Svelte 5 state: `const orders = live(() => db.purchaseOrders.toArray(), [])` then read
 * `orders.current`. The query re-runs when the tables it read change (Dexie) and when reactive state it
 * reads before its first `await` changes (Svelte tracks the synchronous part of the call).
 * Must be called during component initialisation (it uses $effect).
 */
import { liveQuery } from 'dexie';

export interface Live<T> {
  readonly current: T;
  /** false until the first result arrives. */
  readonly loaded: boolean;
  readonly error: string | null;
}

export function live<T>(query: () => T | Promise<T>, initial: T): Live<T> {
  let current = $state.raw(initial);
  let loaded = $state(false);
  let error = $state<string | null>(null);
  $effect(() => {
    const subscription = liveQuery(query).subscribe({
      next: (value) => {
        current = value;
        loaded = true;
        error = null;
      },
      error: (failure: unknown) => {
        error = failure instanceof Error ? failure.message : String(failure);
      },
    });
    return () => subscription.unsubscribe();
  });
  return {
    get current() {
      return current;
    },
    get loaded() {
      return loaded;
    },
    get error() {
      return error;
    },
  };
}
