/**
 * How many rows a table holds, as Svelte state that follows the table's changes without re-counting on each.
 * IndexedDB counts a table by walking its keys (no row is read or cloned, but 200,000 keys take half a second
 * or more on a busy PC), and a sync changes a table once per pulled slice: a live query would count after
 * every one, each count holding up the reads and writes behind it. Here a change only marks the count
 * stale; one count runs at a time, and the next waits nine times as long as the last took (so counting never
 * takes more than a tenth of the database's time, whatever the table's size), and two seconds while a pull
 * is writing (./coalescedQuery.ts). Call during component initialisation (it uses $effect).
 */
import type Dexie from 'dexie';
import { liveWith, type Live } from './live.svelte';

export function liveCount(db: () => Dexie, table: string, enabled: () => boolean): Live<number | null> {
  const count = liveWith(enabled, (go) => (go ? db().table(table).count() : null), null as number | null, {
    coalesce: { db, tables: [table] },
  });
  return {
    get current() {
      return count.current;
    },
    get loaded() {
      return count.current !== null;
    },
    get error() {
      return count.error;
    },
  };
}
