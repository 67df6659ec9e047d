/**
 * The pull's progress arithmetic on an injected clock: totals over every announced pass, an ETA from the
 * rows this run fetched per millisecond, finished passes kept in the totals (the bar never shrinks back).
 */
import { describe, expect, it } from 'vitest';
import type { PullProgress, PullSummary } from '../types';
import { createPullTracker } from './progress';

function tracker() {
  let ms = Date.parse('2026-03-02T10:00:00.000Z');
  const summaries: PullSummary[] = [];
  const resources: Record<string, PullProgress> = {};
  const t = createPullTracker({
    now: () => new Date(ms),
    initial: { tier: 'dock', dockReady: false, firstSync: true, done: 0, total: 0 },
    onResource: (name, progress) => (resources[name] = progress),
    onSummary: (summary) => summaries.push(summary),
  });
  return { t, summaries, resources, advance: (by: number) => (ms += by) };
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

  it('estimates the time left from the rows fetched per millisecond of the engine clock', () => {
    const { t, summaries, resources, advance } = tracker();
    t.announce('openPurchaseOrders', 'dock', { done: 0, total: 100 });
    t.announce('customers', 'background', { done: 0, total: 300 });
    advance(2_000);
    t.progress('openPurchaseOrders', { done: 50, total: 100, finished: false });
    // 50 rows in 2 s: 350 rows left take 14 s; the order pass's own 50 take 2 s.
    expect(summaries.at(-1)!.etaMs).toBe(14_000);
    expect(resources.openPurchaseOrders!.etaMs).toBe(2_000);
    advance(2_000);
    t.progress('openPurchaseOrders', { done: 100, total: 100, finished: true });
    // Finished passes stay in the totals; 100 rows in 4 s, 300 left: 12 s.
    expect(summaries.at(-1)).toMatchObject({ done: 100, total: 400, etaMs: 12_000, firstSync: true });
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
