/**
 * How many rows a table holds, as Svelte state that follows the table's changes without re-counting on each.
 * IndexedDB counts a table by walking its keys (no row is read or cloned, but 200,000 keys take half a second
 * or more on a busy PC), and a sync changes a table once per pulled page: a live query would count after
 * every page, each count holding up the reads and writes behind it. Here a change only marks the count
 * stale; one count runs at a time, and the next waits nine times as long as the last took, so counting never
 * takes more than a tenth of the database's time, whatever the table's size. Call during component
 * initialisation (it uses $effect).
 */
import Dexie, { type ObservabilitySet } from 'dexie';
import type { Live } from './live.svelte';

/** The least wait between two counts: a burst of writes is counted once. */
const MIN_GAP_MS = 50;
const PAUSE_FACTOR = 9;

export function liveCount(db: () => Dexie, table: string, enabled: () => boolean): Live<number | null> {
  let current = $state<number | null>(null);
  let error = $state<string | null>(null);
  $effect(() => {
    if (!enabled()) return;
    const database = db();
    // Dexie names what a write changed `idb://<database>/<table>/<index>`, across windows and workers.
    const prefix = `idb://${database.name}/${table}/`;
    let stale = true;
    let counting = false;
    let stopped = false;
    let pause: ReturnType<typeof setTimeout> | undefined;
    const count = async () => {
      if (stopped || counting || pause !== undefined || !stale) return;
      counting = true;
      stale = false;
      const started = performance.now();
      try {
        const counted = await database.table(table).count();
        if (!stopped) [current, error] = [counted, null];
      } catch (failure) {
        if (!stopped) error = failure instanceof Error ? failure.message : String(failure);
      }
      counting = false;
      const wait = Math.max(MIN_GAP_MS, PAUSE_FACTOR * (performance.now() - started));
      pause = setTimeout(() => {
        pause = undefined;
        void count();
      }, wait);
    };
    const changed = (parts: ObservabilitySet) => {
      if (!Object.keys(parts).some((part) => part.startsWith(prefix))) return;
      stale = true;
      void count();
    };
    Dexie.on('storagemutated', changed);
    void count();
    return () => {
      stopped = true;
      clearTimeout(pause);
      Dexie.on.storagemutated.unsubscribe(changed);
    };
  });
  return {
    get current() {
      return current;
    },
    get loaded() {
      return current !== null;
    },
    get error() {
      return error;
    },
  };
}
