/**
 * A coalesced live query (./coalescedQuery.ts) over fake-indexeddb: real Dexie commits, with the gaps'
 * timers and the clock in the test's hands, so a burst of commits is seen to cost a bounded number of
 * re-runs without any timing on the machine.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DockhandDb } from '../db/schema';
import { memoryDb } from '../db/testing/memoryStore';
import {
  coalescedQuery,
  dexieCommits,
  DEFAULT_COALESCE_POLICY,
  type CoalescedObserver,
  type CoalesceHooks,
} from './coalescedQuery';

let db: DockhandDb;
beforeEach(async () => {
  db = memoryDb('coalesce-test');
  // Opened first: creating the database tells every table changed, which is not what these tests count.
  await db.open();
  await new Promise((resolve) => setTimeout(resolve, 0));
});
afterEach(() => db.close());

const customer = (id: number) => ({ id, last_name: `Customer ${id}`, modified_on: '2025-01-01T00:00:00Z' });

/** Hooks whose timers wait for `fire()`, whose clock moves by `runCost` per run, and which count commits. */
function testHooks() {
  let time = 0;
  let timer: { run: () => void; ms: number } | null = null;
  const state = { syncing: false, commits: 0, gaps: [] as number[], runCost: 5 };
  const hooks: CoalesceHooks = {
    now: () => time,
    setTimer: (run, ms) => {
      state.gaps.push(ms);
      timer = { run, ms };
      return timer;
    },
    clearTimer: (handle) => {
      if (handle === timer) timer = null;
    },
    syncing: () => state.syncing,
    onCommit: (listener) =>
      dexieCommits((parts) => {
        state.commits++;
        listener(parts);
      }),
  };
  const fire = () => {
    const due = timer;
    timer = null;
    time += due?.ms ?? 0;
    due?.run();
  };
  return { hooks, state, fire, pending: () => timer !== null, tick: (ms: number) => (time += ms) };
}

/** A coalesced query following `customers` whose runs are counted; `read` is what one run does. */
function follow<T>(hooks: CoalesceHooks, read: () => Promise<T>, observer: CoalescedObserver<T>) {
  let runs = 0;
  const stop = coalescedQuery(
    db.name,
    ['customers'],
    () => {
      runs++;
      return read();
    },
    observer,
    hooks,
  );
  return { runs: () => runs, stop };
}

/** The customers counted, each run costing `cost()` ms on the test's clock; -1 seen for a failed run. */
function start(hooks: CoalesceHooks, tick: (ms: number) => void, cost: () => number) {
  const seen: number[] = [];
  const read = async () => {
    const count = await db.customers.count();
    tick(cost());
    return count;
  };
  return { seen, ...follow(hooks, read, { next: (value) => seen.push(value), error: () => seen.push(-1) }) };
}

/** A commit (one transaction) per id, and their events seen. */
async function commits(state: { commits: number }, ids: readonly number[]) {
  const before = state.commits;
  for (const id of ids) await db.customers.put(customer(id) as never);
  await vi.waitFor(() => expect(state.commits).toBeGreaterThanOrEqual(before + ids.length));
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe('a coalesced live query', () => {
  it('re-runs once per gap for a burst of commits, and with the last state', async () => {
    const { hooks, state, fire, tick } = testHooks();
    const query = start(hooks, tick, () => state.runCost);
    await vi.waitFor(() => expect(query.seen).toEqual([0]));
    await commits(state, range(1, 25));
    // Twenty-five commits during the gap after the first run: nothing re-ran yet.
    expect(query.runs()).toBe(1);
    fire();
    await vi.waitFor(() => expect(query.seen).toEqual([0, 25]));
    expect(query.runs()).toBe(2);
    // No commit since: the next gap ends without a run.
    fire();
    await Promise.resolve();
    expect(query.runs()).toBe(2);
    query.stop();
  });

  it('waits the sync gap between runs while a pull is writing, and longer after a costly run', async () => {
    const { hooks, state, fire, tick } = testHooks();
    state.syncing = true;
    const query = start(hooks, tick, () => state.runCost);
    await vi.waitFor(() => expect(query.seen).toHaveLength(1));
    for (const burst of [0, 1, 2]) {
      await commits(state, range(100 + burst * 10, 10));
      fire();
      await vi.waitFor(() => expect(query.seen).toHaveLength(2 + burst));
    }
    // Three bursts of ten commits: three re-runs, each gap the sync's.
    expect(query.seen).toEqual([0, 10, 20, 30]);
    expect(state.gaps.slice(0, 3)).toEqual(Array(3).fill(DEFAULT_COALESCE_POLICY.syncGapMs));
    // Quiet again, a run that took 500 ms waits nine times that before the next.
    state.syncing = false;
    state.runCost = 500;
    await commits(state, [999]);
    fire();
    await vi.waitFor(() => expect(query.seen).toHaveLength(5));
    expect(state.gaps.at(-1)).toBe(4_500);
    query.stop();
  });

  it('re-runs at once for the first commit after a quiet spell, and never for other tables', async () => {
    const { hooks, state, fire, tick, pending } = testHooks();
    const query = start(hooks, tick, () => state.runCost);
    await vi.waitFor(() => expect(query.seen).toEqual([0]));
    fire();
    expect(pending()).toBe(false);
    const before = state.commits;
    await db.suppliers.put({ id: 1, name: 'Acme' } as never);
    await vi.waitFor(() => expect(state.commits).toBeGreaterThan(before));
    expect(pending()).toBe(false);
    expect(query.runs()).toBe(1);
    await commits(state, [1]);
    await vi.waitFor(() => expect(query.seen).toEqual([0, 1]));
    query.stop();
    // Stopped: its timer is cleared and commits reach it no more.
    expect(pending()).toBe(false);
    const stoppedAt = state.commits;
    await db.customers.put(customer(2) as never);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(state.commits).toBe(stoppedAt);
    expect(query.runs()).toBe(2);
  });

  it('tells a failed run as an error, but not a closed database, and keeps following the table', async () => {
    const { hooks, state, fire, pending } = testHooks();
    const seen: string[] = [];
    let fail: Error | null = new Error('read refused');
    const { runs, stop } = follow(
      hooks,
      async () => {
        if (fail) throw fail;
        return db.customers.count();
      },
      { next: (value) => seen.push(`rows ${value}`), error: (failure) => seen.push(String(failure)) },
    );
    await vi.waitFor(() => expect(seen).toEqual(['Error: read refused']));
    fail = null;
    await commits(state, [1]);
    fire();
    await vi.waitFor(() => expect(seen).toEqual(['Error: read refused', 'rows 1']));
    // A database closed under a run (the window switching stores) is not shown as an error, as in Dexie.
    fail = Object.assign(new Error('Database has been closed'), { name: 'DatabaseClosedError' });
    await commits(state, [2]);
    fire();
    // The run has ended once its gap is set.
    await vi.waitFor(() => expect(runs() === 3 && pending()).toBe(true));
    expect(seen).toEqual(['Error: read refused', 'rows 1']);
    stop();
  });

  it('starts each run only once the thread was given back, and not at all if stopped meanwhile', async () => {
    const { hooks: base, state, fire, tick } = testHooks();
    const held: (() => void)[] = [];
    const hooks: CoalesceHooks = { ...base, yieldNow: () => new Promise((resolve) => held.push(resolve)) };
    const query = start(hooks, tick, () => state.runCost);
    await Promise.resolve();
    expect(query.runs()).toBe(0);
    expect(held).toHaveLength(1);
    held.shift()!();
    await vi.waitFor(() => expect(query.seen).toEqual([0]));
    await commits(state, [1]);
    fire();
    // The re-run waits for the thread too; stopped while it waits, it never runs.
    await vi.waitFor(() => expect(held).toHaveLength(1));
    query.stop();
    held.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(query.runs()).toBe(1);
  });
});
