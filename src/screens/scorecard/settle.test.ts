/**
 * When a burst of commits has settled (./settle.ts), over fake-indexeddb: real Dexie commits, with the timer
 * in the test's hands, so a first sync's long run of commits is seen to end in one call, whatever its length,
 * without any timing on the machine.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DockhandDb } from '../../db/schema';
import { SCORECARD_TABLES } from '../../db/scorecard/read';
import { dexieCommits } from '../../lib/coalescedQuery';
import { onSettledCommits, SETTLE_MS, type SettleHooks } from './settle';

let db: DockhandDb;
let n = 0;
beforeEach(async () => {
  db = new DockhandDb(`settle-test-${++n}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  // Opened first: creating the database tells every table changed, which is not what these tests count.
  await db.open();
  await new Promise((resolve) => setTimeout(resolve, 0));
});
afterEach(() => db.close());

/** Hooks over real commits whose timers wait for `fire()`. */
function testHooks() {
  type Timer = { run: () => void; ms: number };
  const timers = new Set<Timer>();
  const hooks: SettleHooks = {
    setTimer: (run, ms) => {
      const timer = { run, ms };
      timers.add(timer);
      return timer;
    },
    clearTimer: (handle) => void timers.delete(handle as Timer),
    onCommit: dexieCommits,
  };
  function fire() {
    for (const timer of [...timers]) {
      timers.delete(timer);
      timer.run();
    }
  }
  return { hooks, fire, pending: () => [...timers] };
}

const supplier = (id: number) => ({ id, name: `Supplier ${id}`, supplier_code: `S${id}` });
const customer = (id: number) => ({ id, last_name: `Customer ${id}`, modified_on: '2025-01-01T00:00:00Z' });

/** Writes, and waits until Dexie has told its listeners (the hooks' first) of the commit. */
async function commit(write: () => Promise<unknown>) {
  let told = false;
  const stop = dexieCommits(() => (told = true));
  await write();
  await vi.waitFor(() => expect(told).toBe(true));
  stop();
}

describe('a settled burst of commits', () => {
  it('is told once, after the last commit of a burst however long, and not again until the next', async () => {
    const { hooks, fire, pending } = testHooks();
    let settled = 0;
    const stop = onSettledCommits(db.name, SCORECARD_TABLES, () => settled++, hooks);
    // A first sync: forty commits, each within the quiet time of the one before (the timer never fires).
    for (let id = 1; id <= 40; id++) await commit(() => db.table('suppliers').put(supplier(id)));
    expect(settled).toBe(0);
    expect(pending().map((timer) => timer.ms)).toEqual([SETTLE_MS]);
    fire();
    expect(settled).toBe(1);
    expect(pending()).toEqual([]);
    // The next burst (a receipt completed here) is told once more.
    await commit(() => db.table('suppliers').put(supplier(41)));
    fire();
    expect(settled).toBe(2);
    stop();
  });

  it('never for commits to other tables, nor after it was stopped', async () => {
    const { hooks, pending } = testHooks();
    const stop = onSettledCommits(db.name, SCORECARD_TABLES, () => {}, hooks);
    await commit(() => db.table('customers').put(customer(1)));
    expect(pending()).toEqual([]);
    await commit(() => db.table('suppliers').put(supplier(1)));
    expect(pending()).toHaveLength(1);
    stop();
    expect(pending()).toEqual([]);
  });
});
