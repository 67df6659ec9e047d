/**
 * A keyset pass of heavy pages (a resource with a page size of its own: orders with their lines,
 * ./resources.ts) asks for a quarter page first, so the store starts on it while the next, whole page is on
 * its way (./lists.ts); a light resource asks for whole pages from the start. Every record still lands,
 * against the real simulator.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../../server/index';
import { recordingFetch, waitFor } from '../testing/fetches';
import { engineHarness, type EngineHarness } from '../testing/harness';

let sim: Simulator;
let harness: EngineHarness | undefined;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, control: true, rateLimit: 100_000 });
});
afterAll(() => sim.stop());
afterEach(async () => {
  await harness?.engine.stop();
  harness = undefined;
});

it('asks for a quarter of a heavy page first, whole pages after it, and stores every record', async () => {
  const sizes = new Map<string, number[]>();
  const recording = recordingFetch((request, forward) => {
    const url = new URL(request.url);
    const size = Number(url.searchParams.get('page_size'));
    // Page requests only: a count asks for one row.
    if (size > 1) {
      // One key per pass: the path, whether lines come, and the orders' status clause (open or closed).
      const status = /status:(in|notin):/.exec(url.searchParams.get('filter_by') ?? '')?.[1] ?? '';
      const key = `${url.pathname} ${url.searchParams.get('include_items') ?? ''} ${status}`;
      sizes.set(key, [...(sizes.get(key) ?? []), size]);
    }
    return forward();
  });
  harness = engineHarness(sim, {
    pull: { resources: ['purchaseOrders', 'customers'], byId: false, intervalMs: 600_000 },
    clientOptions: { fetch: recording.fetch },
  });
  const engine = harness.engine;
  await engine.start();
  await waitFor(() => engine.status.get().pull.lastSyncAt !== undefined, 30_000);

  // Orders with their lines (the open ones, then the closed ones' lines): 100 a page, 25 first; the closed
  // orders' light pass likewise; customers: 500 a page from the first.
  for (const pass of ['true in', 'true notin', 'false notin']) {
    const asked = sizes.get(`/v2.1/purchaseorders ${pass}`) ?? [];
    expect(asked.length, pass).toBeGreaterThan(1);
    expect(asked[0], pass).toBe(25);
    expect(new Set(asked.slice(1)), pass).toEqual(new Set([100]));
  }
  expect(new Set(sizes.get('/v2.1/customers  ') ?? [])).toEqual(new Set([500]));
  const counts = sim.control.snapshot().counts;
  expect(await harness.db.purchaseOrders.count()).toBe(counts.purchaseOrders);
  expect(await harness.db.purchaseOrderItems.count()).toBe(counts.purchaseOrderItems);
  expect(await harness.db.customers.count()).toBe(counts.customers);
});
