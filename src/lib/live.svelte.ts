/**
 * Dexie liveQuery as Svelte 5 state. Call during component initialisation (it uses $effect).
 *
 * `live(() => db.outbox.toArray(), [])` re-runs when the tables it read change (Dexie). Dexie runs the
 * query from a timer, so reactive state it reads is NOT tracked: a query that depends on reactive inputs
 * (a list's filters) uses `liveWith(() => filters, (f) => query(f), initial)`, whose effect reads the inputs
 * itself and re-subscribes with the new values when they change.
 */
import { liveQuery } from 'dexie';

export interface Live<T> {
  readonly current: T;
  /** false until the first result arrives. */
  readonly loaded: boolean;
  readonly error: string | null;
}

export function liveWith<I, T>(inputs: () => I, query: (inputs: I) => T | Promise<T>, initial: T): Live<T> {
  let current = $state.raw(initial);
  let loaded = $state(false);
  let error = $state<string | null>(null);
  $effect(() => {
    const values = inputs();
    const subscription = liveQuery(() => query(values)).subscribe({
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

export function live<T>(query: () => T | Promise<T>, initial: T): Live<T> {
  return liveWith(
    () => undefined,
    () => query(),
    initial,
  );
}
