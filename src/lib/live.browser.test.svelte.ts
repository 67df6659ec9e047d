/**
 * Live state over a real IndexedDB in Chromium (./live.svelte.ts): a query holds the pull back until its
 * first result (./windowPace.ts), and a coalesced one follows commits to the tables it names.
 */
import { flushSync } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { DockhandDb } from '../db/schema';
import { liveWith, type Live } from './live.svelte';
import { windowPace } from './windowPace';

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function database(): DockhandDb {
  const db = new DockhandDb(`live-${crypto.randomUUID()}`);
  cleanups.push(() => db.delete());
  return db;
}

const customer = (id: number) => ({ id, last_name: `Customer ${id}`, modified_on: '2025-01-01T00:00:00Z' });

/** `liveWith` in an effect root, as a component would create it. */
function rooted<T>(create: () => Live<T>): Live<T> {
  let live: Live<T> | undefined;
  cleanups.push($effect.root(() => void (live = create())));
  flushSync();
  return live!;
}

describe('live state', () => {
  it('holds the pull while its first read is pending, and lets it go with the first result', async () => {
    const db = database();
    await db.customers.bulkPut([customer(1), customer(2)] as never);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const live = rooted(() =>
      liveWith(
        () => null,
        async () => {
          await gate;
          return db.customers.count();
        },
        -1,
      ),
    );
    expect(windowPace.reading).toBe(true);
    release();
    await expect.poll(() => live.current).toBe(2);
    expect(live.loaded).toBe(true);
    expect(windowPace.reading).toBe(false);
  });

  it('follows commits to the tables a coalesced query names, and not others', async () => {
    const db = database();
    // Opened first: creating the database tells every table changed, which is not what this test counts.
    await db.open();
    await new Promise((resolve) => setTimeout(resolve, 0));
    let runs = 0;
    const live = rooted(() =>
      liveWith(
        () => null,
        () => (runs++, db.customers.count()),
        -1,
        { coalesce: { db: () => db, tables: ['customers'] } },
      ),
    );
    await expect.poll(() => live.current).toBe(0);
    expect(windowPace.reading).toBe(false);
    await db.customers.bulkPut([customer(1), customer(2), customer(3)] as never);
    await expect.poll(() => live.current).toBe(3);
    const after = runs;
    await db.suppliers.put({ id: 1, name: 'Acme' } as never);
    await db.customers.put(customer(4) as never);
    await expect.poll(() => live.current).toBe(4);
    // The supplier's commit re-ran nothing: one run for the customer's.
    expect(runs).toBe(after + 1);
  });

  it('keeps its state when a re-run answers the same, so nothing that shows it runs again', async () => {
    const db = database();
    await db.customers.bulkPut([customer(1), customer(2), customer(3)] as never);
    let runs = 0;
    // The purchase order list's kind of window: the two newest keys. Dexie re-runs it after any commit
    // to the table, older rows included.
    const live = rooted(() =>
      liveWith(
        () => null,
        async () => {
          const ids = await db.customers.reverse().limit(2).primaryKeys();
          runs++;
          return { ids };
        },
        { ids: [] as number[] },
      ),
    );
    await expect.poll(() => live.current.ids).toEqual([3, 2]);
    let shown = 0;
    cleanups.push(
      $effect.root(() => {
        $effect(() => {
          void live.current;
          shown++;
        });
      }),
    );
    flushSync();
    const first = live.current;
    const before = runs;
    // An older row changes: the query runs again, with the same answer.
    await db.customers.put({ ...customer(1), last_name: 'Renamed' } as never);
    await expect.poll(() => runs).toBe(before + 1);
    // The answer is handed over after the run: a task later it has been.
    await new Promise((resolve) => setTimeout(resolve, 0));
    flushSync();
    expect(live.current).toBe(first);
    expect(shown).toBe(1);
    // A newer row: a new answer, shown.
    await db.customers.put(customer(4) as never);
    await expect.poll(() => live.current.ids).toEqual([4, 3]);
    flushSync();
    expect(shown).toBe(2);
  });

  it('shows a first answer even while commits keep landing on what it reads', async () => {
    const db = database();
    await db.customers.bulkPut([customer(1)] as never);
    // Another connection to the same database, as the pull worker's is: its commits reach this one's
    // live queries as changes to what they read.
    const writer = new DockhandDb(db.name);
    cleanups.push(() => writer.close());
    let runs = 0;
    const live = rooted(() =>
      liveWith(
        () => null,
        async () => {
          const run = ++runs;
          const count = await db.customers.count();
          // A pulled slice lands on every one of the first 30 runs, while it reads.
          // (From a timer: outside the live query's context, as the worker's commits are.)
          if (run <= 30)
            await new Promise((resolve) => {
              setTimeout(
                () => void writer.customers.put(customer(100 + run) as never).then(resolve, resolve),
                0,
              );
            });
          return { run, count };
        },
        null as { run: number; count: number } | null,
      ),
    );
    await expect.poll(() => live.current).not.toBeNull();
    // The first run's answer, not one after the commits stopped.
    expect(live.current?.run).toBe(1);
  });
});
