/**
 * Store errors back off, show, and stop (./storeTrouble.ts, ./engine.ts), against the real simulator over
 * HTTP, with a store port that fails on demand and the engine's clock moved by hand: each try waits longer
 * than the last (counted after the clock is moved, never timed), the status carries the trouble, the engine
 * stops after the limit with what to do, Sync now restarts it (a failure then stops it again at once), and a
 * success starts the count again.
 */
import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../../server/index';
import type { StorePort } from '../../../src/db/storePort';
import { customerEdit, uniqueText } from './testing/edits';
import { sleep, waitFor } from './testing/fetches';
import { engineHarness, type EngineHarness } from './testing/harness';
import { manualClock, type ManualClock } from './testing/manualClock';
import { HANG_GUARD_MS, simulatorSuite } from './testing/simulatorSuite';
import { describeStoreError, STORE_RETRY, storeRetryDelay, stoppedMessage } from './storeTrouble';

const suite = simulatorSuite(() => startSimulator({ port: 0, control: true, rateLimit: 100_000 }));

/** With random() = 0.5, each wait is ¾ of min(60 s, 1 s × 2^(n−1)). */
const WAITS = [750, 1_500, 3_000, 6_000, 12_000, 24_000, 45_000];
const diskFull = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

function troubledEngine(
  clock: ManualClock,
  fail: Partial<Record<keyof StorePort, () => boolean>>,
  concurrency = 1,
) {
  const harness = suite.track(
    engineHarness(suite.sim, { clock, now: () => clock.date(), random: () => 0.5, concurrency }),
  );
  const calls: Partial<Record<keyof StorePort, number>> = {};
  const store = { ...harness.store } as Record<keyof StorePort, (request: unknown) => Promise<unknown>>;
  for (const [method, failing] of Object.entries(fail) as [keyof StorePort, () => boolean][]) {
    const inner = harness.store[method] as (request: unknown) => Promise<unknown>;
    store[method] = (request) => {
      calls[method] = (calls[method] ?? 0) + 1;
      return failing() ? Promise.reject(diskFull()) : inner(request);
    };
  }
  harness.restart({ store: store as unknown as StorePort });
  return { harness, calls };
}

/** The engine is parked: its wait is on the clock (or it stopped), and nothing is in flight. */
async function parked(harness: EngineHarness, clock: ManualClock) {
  await waitFor(() => clock.nextWake() !== undefined || !harness.engine.status.get().running, HANG_GUARD_MS);
  await harness.engine.idle();
}

describe('store retry delays and words', () => {
  it('doubles from 1 s to a 60 s cap, half of it jitter, never zero', () => {
    expect([1, 2, 3, 7, 8, 20].map((n) => storeRetryDelay(n, STORE_RETRY, () => 0))).toEqual([
      500, 1_000, 2_000, 30_000, 30_000, 30_000,
    ]);
    expect(storeRetryDelay(7, STORE_RETRY, () => 0.999_999)).toBe(60_000);
  });

  it('says what went wrong in a clerk’s words, never the raw error', () => {
    expect(describeStoreError(diskFull())).toBe('this PC’s disk is full');
    expect(describeStoreError(new Error('Store did not answer completeOp within 30000 ms'))).toMatch(
      /did not answer in time/,
    );
    const secret = new Error('ConstraintError: key {"custom_reference":"PRIVATE"} already exists');
    expect(describeStoreError(secret)).toBe('this PC’s data refused the change');
    expect(stoppedMessage(8)).toMatch(/8 times in a row.*Sync now.*queued changes are safe/);
  });
});

describe('the engine on a failing store', () => {
  it('waits longer after each failed save, shows it, stops after 8, and Sync now restarts it', async () => {
    const clock = manualClock();
    let broken = true;
    const { harness, calls } = troubledEngine(clock, { completeOp: () => broken });
    const reference = uniqueText('store-trouble');
    await customerEdit(harness.db, 50003, { custom_reference: reference });
    const saves = () => calls.completeOp ?? 0;

    await harness.engine.start();
    for (const [index, wait] of WAITS.entries()) {
      await waitFor(() => saves() === index + 1, HANG_GUARD_MS);
      await parked(harness, clock);
      const trouble = harness.engine.status.get().storeTrouble;
      expect(trouble).toEqual({
        failures: index + 1,
        lastError: 'this PC’s disk is full',
        retryAt: new Date(clock.now() + wait).toISOString(),
      });
      expect(clock.nextWake()).toBe(clock.now() + wait);
      // No hot loop: nothing is tried again until the clock reaches the wait's end.
      clock.advance(wait - 1);
      await sleep(20);
      await harness.engine.idle();
      expect(saves()).toBe(index + 1);
      clock.advance(1);
    }

    await waitFor(() => !harness.engine.status.get().running, HANG_GUARD_MS);
    const stopped = harness.engine.status.get();
    expect(saves()).toBe(8);
    expect(stopped.activity).toBe('stopped');
    expect(stopped.storeTrouble?.failures).toBe(8);
    expect(stopped.storeTrouble?.retryAt).toBeUndefined();
    expect(stopped.storeTrouble?.stopped).toBe(stoppedMessage(8));
    expect(clock.nextWake()).toBeUndefined();
    clock.advance(60 * 60_000);
    await sleep(20);
    expect(saves()).toBe(8);

    // Sync now while the store still fails: one more try, and it stops again at once.
    await harness.engine.syncNow();
    await waitFor(() => saves() === 9 && !harness.engine.status.get().running, HANG_GUARD_MS);
    expect(harness.engine.status.get().storeTrouble?.stopped).toBe(stoppedMessage(9));
    expect(clock.nextWake()).toBeUndefined();

    // The clerk closes the other window and presses Sync now: the engine starts again and the change lands
    // once (it was sent on the first try; the retries only checked it).
    broken = false;
    await harness.engine.syncNow();
    await harness.drain(HANG_GUARD_MS);
    const after = harness.engine.status.get();
    expect(after.running).toBe(true);
    expect(after.storeTrouble).toBeUndefined();
    expect(suite.sim.state.customers.get(50003)?.custom_reference).toBe(reference);
  }, 60_000);

  it('ops in flight together that fail together count as one try', async () => {
    const clock = manualClock();
    const { harness, calls } = troubledEngine(clock, { completeOp: () => true }, 4);
    for (const id of [50006, 50007, 50008])
      await customerEdit(harness.db, id, { custom_reference: uniqueText('together') });
    const saves = () => calls.completeOp ?? 0;

    await harness.engine.start();
    await waitFor(() => saves() === 3, HANG_GUARD_MS);
    await parked(harness, clock);
    expect(harness.engine.status.get().storeTrouble).toMatchObject({ failures: 1 });
    expect(clock.nextWake()).toBe(clock.now() + WAITS[0]!);

    clock.advance(WAITS[0]!);
    await waitFor(() => saves() === 6, HANG_GUARD_MS);
    await parked(harness, clock);
    expect(harness.engine.status.get().storeTrouble).toMatchObject({ failures: 2 });
    expect(clock.nextWake()).toBe(clock.now() + WAITS[1]!);
  }, 60_000);

  it('a success starts the count again; Sync now tries at once but keeps counting', async () => {
    const clock = manualClock();
    let broken = true;
    const { harness, calls } = troubledEngine(clock, { nextOps: () => broken });
    const reads = () => calls.nextOps ?? 0;
    await customerEdit(harness.db, 50004, { custom_reference: uniqueText('reset') });

    await harness.engine.start();
    await waitFor(() => reads() === 1, HANG_GUARD_MS);
    await parked(harness, clock);
    clock.advance(WAITS[0]!);
    await waitFor(() => reads() === 2, HANG_GUARD_MS);
    await parked(harness, clock);
    expect(harness.engine.status.get().storeTrouble?.failures).toBe(2);

    // Sync now during the 1.5 s wait: a try now, and the next wait is the third one.
    await harness.engine.syncNow();
    await waitFor(() => reads() === 3, HANG_GUARD_MS);
    await parked(harness, clock);
    expect(harness.engine.status.get().storeTrouble?.failures).toBe(3);
    expect(clock.nextWake()).toBe(clock.now() + WAITS[2]!);

    broken = false;
    clock.advance(WAITS[2]!);
    await harness.drain(HANG_GUARD_MS);
    expect(harness.engine.status.get().storeTrouble).toBeUndefined();

    // Failing again later starts from the first wait, not the fourth.
    broken = true;
    const before = reads();
    await customerEdit(harness.db, 50004, { custom_reference: uniqueText('again') });
    await harness.engine.syncNow();
    await waitFor(() => reads() > before, HANG_GUARD_MS);
    await parked(harness, clock);
    expect(harness.engine.status.get().storeTrouble).toMatchObject({ failures: 1 });
    expect(clock.nextWake()).toBe(clock.now() + WAITS[0]!);
  }, 60_000);
});
