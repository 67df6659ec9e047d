/**
 * The pull yields to the user (issue #24): the policy (./pullSlices.ts `UserPace`) and a page applied under
 * it over fake-indexeddb (./dexiePull.ts). Time is a fake clock that moves only when the pace sleeps or a
 * test moves it: nothing here depends on how fast the machine is.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createPullMethods } from './dexiePull';
import { DEFAULT_PACE_POLICY, UserPace, type PaceClock, type SliceSizing } from './pullSlices';
import type { DockhandDb } from './schema';
import { memoryDb } from './testing/memoryStore';

function fakeClock() {
  let time = 1_000;
  const sleeps: number[] = [];
  const clock: PaceClock & { advance(ms: number): void; sleeps: number[] } = {
    now: () => time,
    sleep: async (ms) => {
      sleeps.push(ms);
      time += ms;
    },
    advance: (ms) => (time += ms),
    sleeps,
  };
  return clock;
}

const total = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0);

describe('the user pace', () => {
  it('counts the user active until the quiet time after their last input, and waits that out', async () => {
    const clock = fakeClock();
    const pace = new UserPace(DEFAULT_PACE_POLICY, clock);
    expect(pace.active()).toBe(false);
    expect(await pace.settle(1_000)).toBe(0);
    pace.input();
    expect(pace.active()).toBe(true);
    clock.advance(100);
    // Quiet 300 ms after the input: 200 ms more, not the whole second allowed.
    expect(await pace.settle(1_000)).toBe(200);
    expect(pace.active()).toBe(false);
  });

  it('waits while a screen reads, up to the pause asked for, and ends the wait when the read ends', async () => {
    const clock = fakeClock();
    const pace = new UserPace(DEFAULT_PACE_POLICY, clock);
    pace.reading(true);
    expect(await pace.settle(700)).toBe(700);
    expect(pace.active()).toBe(true);
    // The read ends while the pull sleeps: the wait stops at the next look, not at the end of the pause.
    const sleep = clock.sleep;
    clock.sleep = async (ms) => {
      await sleep(ms);
      if (clock.now() >= 1_850) pace.reading(false);
    };
    expect(await pace.settle(1_000)).toBeLessThan(1_000);
    expect(pace.active()).toBe(false);
  });

  it('ends a pause the moment the read it waited for ends, without waiting for its next look', async () => {
    const clock = fakeClock();
    // Sleeps that never end by themselves: only the read's end can end the pause.
    clock.sleep = () => new Promise(() => {});
    const pace = new UserPace(DEFAULT_PACE_POLICY, clock);
    pace.reading(true);
    const paused = pace.settle(1_000);
    await Promise.resolve();
    pace.reading(false);
    expect(await paused).toBe(0);
  });

  it('stops counting a read that never ends, so it cannot starve the pull', () => {
    const clock = fakeClock();
    const pace = new UserPace({ ...DEFAULT_PACE_POLICY, readingMaxMs: 2_000 }, clock);
    pace.reading(true);
    clock.advance(1_999);
    expect(pace.active()).toBe(true);
    clock.advance(1);
    expect(pace.active()).toBe(false);
  });

  it('counts input the browser has queued but not dispatched', () => {
    let pending = false;
    const pace = new UserPace(DEFAULT_PACE_POLICY, fakeClock(), () => pending);
    expect(pace.active()).toBe(false);
    pending = true;
    expect(pace.active()).toBe(true);
  });
});

let db: DockhandDb;
const AT = '2026-01-01T00:00:00.000Z';
beforeEach(() => {
  db = memoryDb('pace-test');
});

const customer = (id: number) => ({ id, last_name: `Customer ${id}`, modified_on: '2025-01-01T00:00:00Z' });
const fixed = (rows: number): SliceSizing => ({
  startRows: rows,
  minRows: rows,
  maxRows: rows,
  targetMs: 16,
});

/** Applies one page of `rows` customers under `pace`, and tells the rows each slice stored. */
async function applyUnder(pace: UserPace, clock: PaceClock, rows: number, onSlice?: () => void) {
  const stored: number[] = [];
  let before = 0;
  const methods = createPullMethods(db, {
    sizing: fixed(500),
    activeSizing: fixed(10),
    pace,
    now: clock.now,
    yieldToHost: async () => {
      const count = await db.customers.count();
      stored.push(count - before);
      before = count;
      onSlice?.();
    },
  });
  const page = Array.from({ length: rows }, (_, i) => customer(i + 1));
  const cursor = { resource: 'customers', modifiedOn: page.at(-1)!.modified_on, id: rows, completedAt: AT };
  await methods.applyPulledPage({ writes: [{ table: 'customers', put: page }], cursor, at: AT });
  stored.push((await db.customers.count()) - before);
  return { stored, cursor: await db.cursors.get('customers') };
}

describe('a pulled page under the user pace', () => {
  it('goes in large slices without pauses while nobody is active', async () => {
    const clock = fakeClock();
    const { stored, cursor } = await applyUnder(new UserPace(DEFAULT_PACE_POLICY, clock), clock, 1_000);
    // Two idle slices, the cursor's own 20 rows last.
    expect(stored).toEqual([500, 480, 20]);
    expect(clock.sleeps).toEqual([]);
    expect(cursor?.id).toBe(1_000);
  });

  it('pauses and takes small slices while the user is active, then large ones once they are quiet', async () => {
    const clock = fakeClock();
    const pace = new UserPace(DEFAULT_PACE_POLICY, clock);
    // The user works for two seconds from the page's start (input at every look the pace takes), then stops.
    const start = clock.now();
    const sleep = clock.sleep;
    clock.sleep = async (ms) => {
      await sleep(ms);
      if (clock.now() < start + 2_000) pace.input();
    };
    pace.input();
    const { stored, cursor } = await applyUnder(pace, clock, 1_000);
    // Two pauses of a second each, a small slice after each (still active), then the quiet time (250 ms
    // after the last input at 1,950 ms), then the idle sizes.
    expect(total(clock.sleeps)).toBe(2_250);
    expect(stored).toEqual([10, 10, 500, 460, 20]);
    expect(cursor?.id).toBe(1_000);
  });

  it('stops pausing once the page has used its budget, and still finishes in small slices', async () => {
    const clock = fakeClock();
    // A read that outlasts the page (its own limit is not what this test is about).
    const pace = new UserPace({ ...DEFAULT_PACE_POLICY, readingMaxMs: 60_000 }, clock);
    pace.reading(true);
    const { stored, cursor } = await applyUnder(pace, clock, 300);
    expect(total(clock.sleeps)).toBe(DEFAULT_PACE_POLICY.pageBudgetMs);
    // The pauses are the first slices' (five of at most a second), then it writes without waiting.
    expect(stored.length).toBe(30);
    expect(stored.every((rows) => rows === 10)).toBe(true);
    expect(cursor?.id).toBe(300);
  });

  it('goes back to large slices as soon as the user is quiet', async () => {
    const clock = fakeClock();
    const pace = new UserPace(DEFAULT_PACE_POLICY, clock);
    pace.input();
    const { stored } = await applyUnder(pace, clock, 1_000);
    // One wait for the quiet time, then the idle sizes.
    expect(clock.sleeps.length).toBeGreaterThan(0);
    expect(total(clock.sleeps)).toBe(DEFAULT_PACE_POLICY.quietMs);
    expect(stored).toEqual([500, 480, 20]);
  });
});
