/**
 * A run's plan from the cursors alone: which passes run, and the progress it seeds its totals with, so a
 * run that resumes a first sync starts from the whole first sync's figures, not from the passes left.
 */
import { describe, expect, it } from 'vitest';
import type { StorePort } from '../../../../src/db/storePort';
import { LAST_RUN, planRun } from './plan';
import { LIST_RESOURCES } from './resources';

const AT = '2026-03-02T08:00:00.000Z';
const cursor = (resource: string, initial?: { done: number; total: number; finished: boolean }) => ({
  resource,
  modifiedOn: AT,
  id: 1,
  completedAt: AT,
  ...(initial ? { initial } : {}),
});

function storeWith(cursors: ReturnType<typeof cursor>[]): StorePort {
  const byName = new Map(cursors.map((c) => [c.resource, c]));
  return {
    getCursor: ({ resource }: { resource: string }) =>
      Promise.resolve({ cursor: byName.get(resource) ?? null }),
  } as unknown as StorePort;
}

describe('planRun', () => {
  it('seeds finished passes as done and passes under way with their totals, leaving out what never ends', async () => {
    const store = storeWith([
      // The head start was cut short, then the open orders finished: it is skipped from now on.
      cursor('openPurchaseOrdersHere', { done: 30, total: 120, finished: false }),
      cursor('openPurchaseOrders', { done: 4_302, total: 4_302, finished: true }),
      cursor('purchaseOrders', { done: 9_000, total: 9_000, finished: true }),
      cursor('customers', { done: 500, total: 20_000, finished: false }),
      // Opened by the light pass, not counted yet: the run counts it.
      cursor('closedPurchaseOrderLines', { done: 0, total: 0, finished: false }),
    ]);
    const plan = await planRun(store, LIST_RESOURCES, { outletId: 1 });

    const running = plan.runs.map((run) => run.resource.name);
    expect(running).not.toContain('openPurchaseOrdersHere');
    expect(running).toEqual(
      expect.arrayContaining(['customers', 'closedPurchaseOrderLines', 'supplierInvoices']),
    );
    expect(plan.dockReady).toBe(true);
    expect(plan.lastSyncAt).toBeUndefined();
    expect(plan.seeds).toEqual([
      { resource: 'openPurchaseOrders', tier: 'dock', done: 4_302, total: 4_302, finished: true },
      { resource: 'purchaseOrders', tier: 'background', done: 9_000, total: 9_000, finished: true },
      { resource: 'customers', tier: 'background', done: 500, total: 20_000, finished: false },
    ]);
  });

  it('says when the last whole run ended once every pass has finished', async () => {
    const finished = LIST_RESOURCES.map((r) => cursor(r.name, { done: 1, total: 1, finished: true }));
    const plan = await planRun(storeWith([...finished, cursor(LAST_RUN)]), LIST_RESOURCES, {
      outletId: null,
    });
    expect(plan.lastSyncAt).toBe(AT);
    expect(plan.seeds.every((seed) => seed.finished)).toBe(true);
  });
});
