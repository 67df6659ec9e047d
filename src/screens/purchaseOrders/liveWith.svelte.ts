/**
 * A live query over the cache that also re-runs when reactive inputs change (the list's filters).
 *
 * lib/live.svelte.ts cannot follow such inputs: Dexie's liveQuery runs its querier from a setTimeout, so
 * nothing the query reads is seen by the $effect that subscribes. Here the inputs are read by the effect
 * itself (`inputs()`), and a change re-subscribes with the new values. Call during component init.
 */
import { liveQuery } from 'dexie';
import type { Live } from '../../lib/live.svelte';

export function liveWith<I, T>(inputs: () => I, query: (inputs: I) => Promise<T>, initial: T): Live<T> {
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
