/**
 * The yielding read helpers (./yieldingRead.ts) over fake-indexeddb: the same answer as one whole read, in
 * the same order, with the thread given back a known number of times (a counting yield and a clock the test
 * moves, never the machine's speed); and a live query that yields still follows the rows it read after.
 */
import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DockhandDb } from './schema';
import { seededRandom } from '../lib/seededRandom';
import {
  bulkGetInSlices,
  mapInSlices,
  SliceBudget,
  sortInSlices,
  yieldToMain,
  type SlicePolicy,
} from './yieldingRead';

let db: DockhandDb;
beforeEach(async () => {
  db = new DockhandDb(`yielding-read-${crypto.randomUUID()}`);
  await db.open();
});
afterEach(() => db.close());

const customer = (id: number) => ({ id, last_name: `Customer ${id}`, modified_on: '2025-01-01T00:00:00Z' });

/** A policy whose yields are counted and whose clock moves `msPerLook` each time it is read. */
function counted(rows: number, budgetMs = 8, msPerLook = 0) {
  let time = 0;
  const state = { yields: 0 };
  const policy: SlicePolicy = {
    rows,
    budgetMs,
    now: () => (time += msPerLook),
    yieldNow: async () => {
      state.yields++;
    },
  };
  return { policy, state };
}

describe('bulkGetInSlices', () => {
  it('answers as one bulkGet would, in the keys’ order, yielding between slices', async () => {
    await db.customers.bulkPut(Array.from({ length: 105 }, (_, i) => customer(i + 1)) as never);
    // Out of order, with two keys that have no row.
    const keys = [...Array.from({ length: 105 }, (_, i) => 105 - i), 5_000, 7];
    const { policy, state } = counted(10);
    const sliced = await bulkGetInSlices(db.customers, keys, policy);
    expect(sliced).toEqual(await db.customers.bulkGet(keys));
    // 107 keys, 10 a read: 11 reads, a yield between each two.
    expect(state.yields).toBe(10);
  });

  it('reads nothing and never yields for no keys', async () => {
    const { policy, state } = counted(100);
    expect(await bulkGetInSlices(db.customers, [], policy)).toEqual([]);
    expect(state.yields).toBe(0);
  });
});

describe('passes over items', () => {
  const items = Array.from({ length: 1_000 }, (_, i) => i);

  it('map makes what one map makes, yielding when the budget is spent', async () => {
    // The clock moves 1 ms a look (every 64 items): over 8 ms after 8 looks, so a yield every 512 items.
    const { policy, state } = counted(100, 8, 1);
    const budget = new SliceBudget(policy);
    expect(await mapInSlices(items, (n) => n * 3, budget)).toEqual(items.map((n) => n * 3));
    expect(budget.yields).toBe(state.yields);
    expect(state.yields).toBe(1);
  });

  it('a clock that stands still never yields', async () => {
    const { policy, state } = counted(100, 8, 0);
    expect(await mapInSlices(items, (n) => n * 2, new SliceBudget(policy))).toEqual(items.map((n) => n * 2));
    expect(state.yields).toBe(0);
  });

  it('a slow pass yields at every look at the clock', async () => {
    const { policy, state } = counted(100, 8, 10);
    await mapInSlices(items, (n) => n, new SliceBudget(policy));
    // 1,000 items, a look every 64: 15 looks, each past the budget.
    expect(state.yields).toBe(15);
  });
});

describe('sortInSlices', () => {
  // Many ties (keys 0–9) and a tag per item: a stable sort keeps equal keys in their first order.
  const compare = (a: { key: number }, b: { key: number }) => a.key - b.key;
  const itemsOf = (count: number, seed: number) => {
    const random = seededRandom(seed);
    return Array.from({ length: count }, (_, tag) => ({ key: Math.floor(random() * 10), tag }));
  };

  it('gives what one stable sort gives, for sizes around its runs', async () => {
    for (const count of [0, 1, 511, 512, 513, 1_500, 5_000]) {
      const items = itemsOf(count, count + 1);
      expect(await sortInSlices(items, compare, new SliceBudget(counted(500).policy))).toEqual(
        [...items].sort(compare),
      );
    }
  });

  it('yields as the budget is spent, and never with a clock that stands still', async () => {
    const items = itemsOf(3_000, 5);
    const slow = counted(500, 8, 10);
    await sortInSlices(items, compare, new SliceBudget(slow.policy));
    // Each look at the clock (one per 64 items) yields: 3,000 items sorted in six runs, then merged in
    // three rounds (3,000 items; 2,048, the odd run carried over; 3,000).
    expect(slow.state.yields).toBe(Math.floor((3_000 + 3_000 + 2_048 + 3_000) / 64));
    const still = counted(500, 8, 0);
    await sortInSlices(items, compare, new SliceBudget(still.policy));
    expect(still.state.yields).toBe(0);
  });
});

describe('in a live query', () => {
  it('a read after a yield is still followed: a change to it runs the query again', async () => {
    await db.customers.bulkPut([customer(1), customer(2)] as never);
    const seen: (string | null | undefined)[] = [];
    const subscription = liveQuery(async () => {
      await yieldToMain();
      const rows = await bulkGetInSlices(db.customers, [2]);
      return rows[0]?.last_name;
    }).subscribe({ next: (value) => seen.push(value), error: () => {} });
    try {
      await until(() => seen.length === 1);
      await db.customers.update(2, { last_name: 'Renamed' } as never);
      await until(() => seen.length === 2);
      expect(seen).toEqual(['Customer 2', 'Renamed']);
    } finally {
      subscription.unsubscribe();
    }
  });
});

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}
