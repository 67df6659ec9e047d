/**
 * The pull's progress arithmetic on a manual clock: totals over every pass the run knows (finished ones
 * too), counted once and moved only by a new server total; done never going back; an ETA from a smoothed
 * rate that a slow or fast stretch moves a little, not all the way; no ETA but "stalled" while a store call
 * waits to be sent again, and the stall left out of the rate.
 */
import { describe, expect, it } from 'vitest';
import type { PullProgress, PullSummary } from '../types';
import { createPullTracker } from './progress';
import { smoothedRate } from './rate';

const START = Date.parse('2026-03-02T10:00:00.000Z');
const RATE = { windowMs: 5_000, halfLifeMs: 60_000 };

function tracker() {
  let ms = START;
  const summaries: PullSummary[] = [];
  const resources: Record<string, PullProgress> = {};
  const t = createPullTracker({
    now: () => new Date(ms),
    initial: { tier: 'dock', dockReady: false, firstSync: true, done: 0, total: 0 },
    onResource: (name, progress) => (resources[name] = progress),
    onSummary: (summary) => summaries.push(summary),
    rate: RATE,
  });
  return {
    t,
    summaries,
    resources,
    advance: (by: number) => (ms += by),
    iso: (plus = 0) => new Date(ms + plus).toISOString(),
  };
}

describe('pull progress', () => {
  it('has every total before the first page, and no ETA until something was measured', () => {
    const { t, summaries, resources } = tracker();
    t.announce('openPurchaseOrders', 'dock', { done: 0, total: 100 });
    t.announce('customers', 'background', { done: 20, total: 300 });
    expect(summaries.at(-1)).toMatchObject({ done: 20, total: 400, firstSync: true });
    expect(summaries.at(-1)!.etaMs).toBeUndefined();
    expect(resources.customers).toEqual({ done: 20, total: 300, finished: false, tier: 'background' });
  });

  it('counts passes an earlier run finished as done, so a new run does not start from a smaller total', () => {
    const { t, summaries } = tracker();
    t.seed('openPurchaseOrders', 'dock', { done: 4_302, total: 4_302, finished: true });
    t.seed('customers', 'background', { done: 500, total: 20_000, finished: false });
    t.update({ tier: 'dock' });
    expect(summaries.at(-1)).toMatchObject({ done: 4_802, total: 24_302, firstSync: true });
    // The count of the pass under way says what the cursor said: nothing moves.
    t.announce('customers', 'background', { done: 500, total: 20_000 });
    expect(summaries.at(-1)).toMatchObject({ done: 4_802, total: 24_302 });
  });

  it("keeps the last run's total until this run's counts are in, then announces them in one summary", () => {
    const summaries: PullSummary[] = [];
    const t = createPullTracker({
      now: () => new Date(START),
      // The last run counted 24,302 rows; this one knows only 4,302 from its cursors so far.
      initial: { tier: 'background', dockReady: true, firstSync: true, done: 4_800, total: 24_302 },
      onResource: () => {},
      onSummary: (summary) => summaries.push(summary),
      rate: RATE,
    });
    t.seed('openPurchaseOrders', 'dock', { done: 4_302, total: 4_302, finished: true });
    t.update({ tier: 'dock' });
    expect(summaries.at(-1)).toMatchObject({ done: 4_302, total: 24_302 });
    const before = summaries.length;
    t.counted([{ resource: 'customers', tier: 'background', done: 500, total: 20_000 }]);
    expect(summaries.length).toBe(before + 1);
    expect(summaries.at(-1)).toMatchObject({ done: 4_802, total: 24_302 });
  });

  it('moves a total only when the server total does, and never moves done back', () => {
    const { t, summaries, resources } = tracker();
    t.announce('supplierInvoices', 'background', { done: 0, total: 11_575 });
    t.progress('supplierInvoices', { done: 1_000, total: 11_575, finished: false });
    // A pass reports its own done as total until it read the server's: not a smaller total.
    t.progress('supplierInvoices', { done: 1_500, total: 1_500, finished: false });
    expect(summaries.at(-1)).toMatchObject({ done: 1_500, total: 11_575 });
    // A page answered late (its store call was retried) reports less than the pages stored after it.
    t.progress('supplierInvoices', { done: 1_000, total: 11_575, finished: false });
    expect(resources.supplierInvoices).toMatchObject({ done: 1_500, total: 11_575 });
    // The server now lists more invoices: the total follows.
    t.progress('supplierInvoices', { done: 2_000, total: 11_600, finished: false });
    expect(summaries.at(-1)).toMatchObject({ done: 2_000, total: 11_600 });
    // Finished with fewer than counted (some were deleted meanwhile): the bar is full, not shrunk.
    t.progress('supplierInvoices', { done: 11_590, total: 11_590, finished: true });
    expect(summaries.at(-1)).toMatchObject({ done: 11_600, total: 11_600, firstSync: false });
  });

  it('estimates the time left from a smoothed rate: a burst moves it a little, not all the way', () => {
    const { t, summaries, advance } = tracker();
    t.announce('customers', 'background', { done: 0, total: 100_000 });
    t.progress('customers', { done: 500, total: 100_000, finished: false });
    // One page only starts the clock; less than a window measures nothing yet.
    advance(2_000);
    t.progress('customers', { done: 1_000, total: 100_000, finished: false });
    expect(summaries.at(-1)!.etaMs).toBeUndefined();
    // 1,000 rows in 5 s: 0.2 rows/ms, 99,000 rows left.
    advance(3_000);
    t.progress('customers', { done: 1_500, total: 100_000, finished: false });
    expect(summaries.at(-1)!.etaMs).toBeCloseTo(98_500 / 0.2);
    const steady = summaries.at(-1)!.etaMs!;
    // Ten times faster for one window: the estimate drops, but by far less than tenfold.
    advance(5_000);
    t.progress('customers', { done: 11_500, total: 100_000, finished: false });
    const afterBurst = summaries.at(-1)!.etaMs!;
    expect(afterBurst).toBeLessThan(steady);
    // That window alone (2 rows/ms) would say 44 s; the estimate stays minutes, over half the steady one.
    expect(afterBurst).toBeGreaterThan(steady / 2);
    expect(afterBurst).toBeGreaterThan((5 * 88_500) / 2);
  });

  it('says "stalled" with its retry time instead of an ETA, and leaves the stall out of the rate', () => {
    const { t, summaries, resources, advance, iso } = tracker();
    t.announce('customers', 'background', { done: 0, total: 10_000 });
    t.announce('supplierInvoices', 'background', { done: 0, total: 10_000 });
    t.progress('customers', { done: 500, total: 10_000, finished: false });
    advance(5_000);
    t.progress('customers', { done: 1_500, total: 10_000, finished: false });
    const rateBefore = 1_000 / 5_000;
    expect(summaries.at(-1)!.etaMs).toBeCloseTo(18_500 / rateBefore);

    const retryAt = iso(20_000);
    t.stalls([{ resource: 'supplierInvoices', retryAt }]);
    expect(summaries.at(-1)!.stalled).toEqual({
      reason: 'store-slow',
      retryAt,
      resources: ['supplierInvoices'],
    });
    expect(summaries.at(-1)!.etaMs).toBeUndefined();
    expect(resources.supplierInvoices!.stalled).toEqual({ reason: 'store-slow', retryAt });
    expect(resources.customers!.stalled).toBeUndefined();

    // Five minutes stalled, then answered: the rate is what it was, not dragged down by the wait.
    advance(300_000);
    t.stalls([]);
    expect(summaries.at(-1)!.stalled).toBeUndefined();
    expect(resources.supplierInvoices!.stalled).toBeUndefined();
    expect(summaries.at(-1)!.etaMs).toBeCloseTo(18_500 / rateBefore);
  });

  it('shows a failed pass as failed until the next run, with when that is', () => {
    const { t, summaries, resources, iso } = tracker();
    t.announce('customers', 'background', { done: 0, total: 10 });
    const next = iso(60_000);
    t.failed('customers', next);
    t.failed('byId', next);
    expect(resources.customers!.stalled).toEqual({ reason: 'failed', retryAt: next });
    expect(summaries.at(-1)!.stalled).toEqual({
      reason: 'failed',
      retryAt: next,
      resources: ['customers', 'byId'],
    });
  });

  it('leaves a delta pull out of the totals, and says the first sync is over once every pass finished', () => {
    const { t, summaries } = tracker();
    t.announce('customers', 'background', { done: 0, total: 10 });
    t.progress('supplierInvoices', { done: 3, total: 3, finished: true });
    expect(summaries.at(-1)).toMatchObject({ done: 0, total: 10 });
    t.progress('customers', { done: 10, total: 10, finished: true });
    t.update({ tier: 'idle', lastSyncAt: '2026-03-02T10:00:05.000Z' });
    expect(summaries.at(-1)).toMatchObject({ done: 10, total: 10, firstSync: false, tier: 'idle' });
  });
});

describe('smoothed rate', () => {
  it('needs a whole window before it says anything, and ignores time while paused', () => {
    const rate = smoothedRate(RATE);
    rate.add(100, START);
    rate.add(100, START + 4_999);
    expect(rate.perMs()).toBeUndefined();
    rate.add(400, START + 5_000);
    expect(rate.perMs()).toBeCloseTo(500 / 5_000);
    rate.pause();
    rate.add(1_000, START + 6_000);
    rate.resume(START + 600_000);
    rate.add(500, START + 605_000);
    // 500 rows in the 5 s observed since the resume: the same 0.1 rows/ms, the 10 min pause unseen.
    expect(rate.perMs()).toBeCloseTo(0.1);
  });
});
