/**
 * Dexie liveQuery as Svelte 5 state. Call during component initialisation (it uses $effect).
 *
 * `live(() => db.outbox.toArray(), [])` re-runs when the tables it read change (Dexie). Dexie runs the
 * query from a timer, so reactive state it reads is NOT tracked: a query that depends on reactive inputs
 * (a list's filters) uses `liveWith(() => filters, (f) => query(f), initial)`, whose effect reads the inputs
 * itself and re-subscribes with the new values when they change.
 *
 * While a query waits for its first result (a screen opening, a filter changed, a list scrolled to new rows)
 * it holds the pull back (./windowPace.ts): the pull worker pauses between slices, so the read does not
 * queue behind its writes (issue #24). A heavy query over whole tables can name them (`coalesce`): it then
 * re-runs at most once a gap after commits to them, not on each (./coalescedQuery.ts).
 *
 * A re-run whose answer equals the last one (./sameData.ts) changes nothing: during a first sync most
 * re-runs answer the same (a pulled page of old orders re-ran the order list's window of the newest), and
 * replacing the state with an equal copy made the screen redraw what it shows, in the same task as the
 * IndexedDB callback (issue #24). A new answer is drawn in a task of its own (./deliverLater.ts), and the
 * first run starts after the thread is given back, not in the task that mounted the screen.
 */
import { liveQuery, type Dexie } from 'dexie';
import { coalescedQuery, dexieCommits } from './coalescedQuery';
import { deliverLater } from './deliverLater';
import { sameData } from './sameData';
import { windowPace } from './windowPace';
import { yieldToMain } from '../db/yieldingRead';

export interface Live<T> {
  readonly current: T;
  /** false until the first result arrives. */
  readonly loaded: boolean;
  readonly error: string | null;
}

export interface LiveOptions {
  /** Re-run after commits to these tables of `db`, coalesced, instead of Dexie's liveQuery. */
  coalesce?: { db: () => Dexie; tables: readonly string[] };
}

const coalesceHooks = {
  now: () => performance.now(),
  setTimer: (run: () => void, ms: number) => setTimeout(run, ms),
  clearTimer: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  syncing: () => windowPace.syncing(),
  onCommit: dexieCommits,
  yieldNow: yieldToMain,
};

/** What the first run answers when its screen went before it started. */
const NOT_RUN: unique symbol = Symbol('not run');

export function liveWith<I, T>(
  inputs: () => I,
  query: (inputs: I) => T | Promise<T>,
  initial: T,
  options: LiveOptions = {},
): Live<T> {
  let current = $state.raw(initial);
  let loaded = $state(false);
  let error = $state<string | null>(null);
  $effect(() => {
    const values = inputs();
    const released = windowPace.holdRead();
    // Answers are drawn in a task of their own, not in the IndexedDB callback that brought them
    // (./deliverLater.ts); the pull is held until the first one is drawn.
    const delivery = deliverLater((answer: { value: T } | { failure: unknown }) => {
      released();
      if ('failure' in answer) {
        const { failure } = answer;
        error = failure instanceof Error ? failure.message : String(failure);
        return;
      }
      if (!(loaded && error === null && sameData(current, answer.value))) current = answer.value;
      loaded = true;
      error = null;
    });
    const observer = {
      next: (value: T) => delivery.push({ value }),
      error: (failure: unknown) => delivery.push({ failure }),
    };
    const { coalesce } = options;
    if (coalesce) {
      const stop = coalescedQuery(
        coalesce.db().name,
        coalesce.tables,
        async () => query(values),
        observer,
        coalesceHooks,
      );
      return () => {
        delivery.stop();
        released();
        stop();
      };
    }
    // The first answer comes from a plain run, then Dexie's liveQuery follows the changes. Dexie drops a
    // run's answer when a commit touched what it read while it ran, and runs again: while a first sync
    // committed a slice more often than a busy PC could read the purchase order list's window, the list
    // never showed (issue #24: 2 of 14 clicks not painted in 60 s). Its later answers can still be put
    // off that way; the screen then shows the data as it was, never nothing.
    let stopped = false;
    let subscription: { unsubscribe(): void } | undefined;
    const follow = () => {
      if (!stopped) subscription = liveQuery(() => query(values)).subscribe(observer);
    };
    // The first run starts after the thread is given back: not inside the task that mounted the screen
    // (a route change), which then paints the screen before its read's work begins.
    void yieldToMain()
      .then(() => (stopped ? NOT_RUN : query(values)))
      .then(
        (value) => {
          if (stopped || value === NOT_RUN) return;
          observer.next(value);
          follow();
        },
        // Failures are the liveQuery's to report (a closed database is none).
        follow,
      );
    return () => {
      stopped = true;
      delivery.stop();
      released();
      subscription?.unsubscribe();
    };
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

export function live<T>(query: () => T | Promise<T>, initial: T, options: LiveOptions = {}): Live<T> {
  return liveWith(
    () => undefined,
    () => query(),
    initial,
    options,
  );
}
