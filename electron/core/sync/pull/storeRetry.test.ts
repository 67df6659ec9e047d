/**
 * A pull store call that was not answered in time is sent again after a capped backoff (on a manual clock),
 * the stall is reported with whose call it is and when it goes again, Retry sends at once, and a stopped
 * run or an error the store answered with is never retried.
 */
import { describe, expect, it } from 'vitest';
import type { PortRequest, StorePort } from '../../../../src/db/storePort';
import { manualClock } from '../testing/manualClock';
import type { StalledCall } from './progress';
import { retryDelay, withStoreRetry } from './storeRetry';

const answer = { written: 1, unchanged: 0, rebased: 0, deleted: 0 };
const page = (seq: number): PortRequest<'applyPulledPage'> => ({
  writes: [],
  cursor: null,
  at: '2026-03-02T08:00:00.000Z',
  chain: { pass: `customers:abc`, seq },
});
const timeout = () => Object.assign(new Error('window 1 did not answer applyPulledPage'), { timedOut: true });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A store whose first `slow` page calls time out; every call recorded. */
function slowStore(slow: number) {
  const calls: number[] = [];
  const store = {
    applyPulledPage: (request: PortRequest<'applyPulledPage'>) => {
      calls.push(request.chain!.seq);
      return calls.length <= slow ? Promise.reject(timeout()) : Promise.resolve(answer);
    },
    getCursor: () => Promise.reject(new Error('the disk is full')),
  } as unknown as StorePort;
  return { store, calls };
}

function retrying(store: StorePort, signal = new AbortController().signal) {
  const clock = manualClock();
  const stalls: (readonly StalledCall[])[] = [];
  const wrapped = withStoreRetry(store, {
    signal,
    now: clock.date,
    backoff: { baseMs: 1_000, capMs: 4_000 },
    sleep: clock.sleep,
    onStalls: (calls) => stalls.push(calls),
  });
  return { ...wrapped, clock, stalls };
}

describe('store retry', () => {
  it('doubles the wait up to its cap', () => {
    const backoff = { baseMs: 2_500, capMs: 20_000 };
    expect([1, 2, 3, 4, 5, 9].map((n) => retryDelay(n, backoff))).toEqual([
      2_500, 5_000, 10_000, 20_000, 20_000, 20_000,
    ]);
  });

  it('sends a timed-out call again after the backoff, saying who waits until when, until it is answered', async () => {
    const { store, calls } = slowStore(3);
    const r = retrying(store);
    const start = r.clock.now();
    const result = r.store.applyPulledPage(page(4));
    await settle();
    expect(calls).toEqual([4]);
    expect(r.stalls.at(-1)).toEqual([
      { resource: 'customers', retryAt: new Date(start + 1_000).toISOString() },
    ]);
    // Not sent again before its time.
    r.clock.advance(999);
    await settle();
    expect(calls).toEqual([4]);
    r.clock.advance(1);
    await settle();
    expect(calls).toEqual([4, 4]);
    expect(r.stalls.at(-1)![0]!.retryAt).toBe(new Date(start + 1_000 + 2_000).toISOString());
    r.clock.advance(2_000);
    await settle();
    expect(r.clock.nextWake()).toBe(start + 3_000 + 4_000);
    r.clock.advance(4_000);
    await expect(result).resolves.toEqual(answer);
    expect(calls).toEqual([4, 4, 4, 4]);
    // Answered: nothing waits any more.
    expect(r.stalls.at(-1)).toEqual([]);
  });

  it('sends at once on Retry', async () => {
    const { store, calls } = slowStore(1);
    const r = retrying(store);
    const result = r.store.applyPulledPage(page(0));
    await settle();
    expect(r.stalls.at(-1)).toHaveLength(1);
    r.retryNow();
    await expect(result).resolves.toEqual(answer);
    expect(calls).toEqual([0, 0]);
  });

  it('stops waiting when the run stops, and never retries an error the store answered with', async () => {
    const stop = new AbortController();
    const { store, calls } = slowStore(5);
    const r = retrying(store, stop.signal);
    const result = r.store.applyPulledPage(page(0));
    await settle();
    stop.abort(new Error('The sync engine stopped'));
    await expect(result).rejects.toThrow('The sync engine stopped');
    expect(calls).toEqual([0]);
    expect(r.stalls.at(-1)).toEqual([]);

    await expect(retrying(store).store.getCursor({ resource: 'customers' })).rejects.toThrow('disk is full');
  });
});
