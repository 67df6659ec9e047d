/**
 * The history's light pass (closed orders without their lines, ./resources.ts) asks for its first page while
 * the dock tier is still storing, against the real simulator: the dock's first page store is held until such
 * a request has left, which a pass that waited to open its follower (a write the tier gate holds until the
 * dock tier ends, ./tierGate.ts) would never send (it would wait for the fallback release, and fail). The
 * follower (the closed orders' lines) is still opened before the light pass stores anything.
 */
import { expect, it } from 'vitest';
import { startSimulator } from '../../../../server/index';
import type { PortRequest, StorePort } from '../../../../src/db/storePort';
import { recordingFetch } from '../testing/fetches';
import { engineHarness } from '../testing/harness';
import { firstRun, hold } from '../testing/hold';
import { simulatorSuite } from '../testing/simulatorSuite';

const suite = simulatorSuite(() => startSimulator({ port: 0, control: true, rateLimit: 100_000 }));

it('asks for the closed orders while the open ones are stored, having opened the lines pass first', async () => {
  const dock = hold();
  let dockHeld = false;
  let lightAskedWhileDockHeld = false;
  const recording = recordingFetch((request, forward) => {
    const url = new URL(request.url);
    const light =
      url.pathname === '/v2.1/purchaseorders' &&
      url.searchParams.get('include_items') === 'false' &&
      url.searchParams.get('page_size') !== '1';
    if (light && dockHeld && !dock.released) {
      lightAskedWhileDockHeld = true;
      dock.release();
    }
    return forward();
  });
  const harness = suite.track(
    engineHarness(suite.sim, {
      pull: { resources: ['purchaseOrders'], pageSize: 500, byId: false, intervalMs: 600_000 },
      clientOptions: { fetch: recording.fetch },
    }),
  );
  /** What the store had when each page of closed orders without lines landed. */
  const linesPassOpenAtLightPages: boolean[] = [];
  const store: StorePort = {
    ...harness.store,
    applyPulledPage: async (request: PortRequest<'applyPulledPage'>) => {
      const orders = request.writes.find((write) => write.table === 'purchaseOrders')?.put ?? [];
      if (orders.length && !dockHeld) {
        dockHeld = true;
        // The guard counts from the hold, not from the start: a loaded machine must not release it first.
        await dock.wait();
      }
      if (request.cursor?.resource === 'purchaseOrders' && orders.length) {
        const { cursor } = await harness.store.getCursor({ resource: 'closedPurchaseOrderLines' });
        linesPassOpenAtLightPages.push(cursor !== null);
      }
      return harness.store.applyPulledPage(request);
    },
  };
  await firstRun(harness.restart({ store }), dock);

  expect(lightAskedWhileDockHeld).toBe(true);
  expect(linesPassOpenAtLightPages.length).toBeGreaterThan(0);
  expect(linesPassOpenAtLightPages.every(Boolean)).toBe(true);
  const counts = suite.sim.control.snapshot().counts;
  expect(await harness.db.purchaseOrders.count()).toBe(counts.purchaseOrders);
  expect(await harness.db.purchaseOrderItems.count()).toBe(counts.purchaseOrderItems);
});
