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
import { recordingFetch, waitFor } from '../testing/fetches';
import { engineHarness } from '../testing/harness';
import { HANG_GUARD_MS, simulatorSuite } from '../testing/simulatorSuite';

const suite = simulatorSuite(() => startSimulator({ port: 0, control: true, rateLimit: 100_000 }));

it('asks for the closed orders while the open ones are stored, having opened the lines pass first', async () => {
  let released = false;
  let release: () => void = () => {};
  const dockReleased = new Promise<void>((resolve) => (release = resolve));
  const releaseDock = () => {
    released = true;
    release();
  };
  let fallback: ReturnType<typeof setTimeout> | undefined;
  let dockHeld = false;
  let lightAskedWhileDockHeld = false;
  const recording = recordingFetch((request, forward) => {
    const url = new URL(request.url);
    const light =
      url.pathname === '/v2.1/purchaseorders' &&
      url.searchParams.get('include_items') === 'false' &&
      url.searchParams.get('page_size') !== '1';
    if (light && dockHeld && !released) {
      lightAskedWhileDockHeld = true;
      releaseDock();
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
        // Counted from the hold, not from the start: a loaded machine must not release it first.
        fallback = setTimeout(releaseDock, HANG_GUARD_MS);
        await dockReleased;
      }
      if (request.cursor?.resource === 'purchaseOrders' && orders.length) {
        const { cursor } = await harness.store.getCursor({ resource: 'closedPurchaseOrderLines' });
        linesPassOpenAtLightPages.push(cursor !== null);
      }
      return harness.store.applyPulledPage(request);
    },
  };
  const engine = harness.restart({ store });
  try {
    await engine.start();
    await waitFor(() => engine.status.get().pull.lastSyncAt !== undefined, 30_000);
  } finally {
    clearTimeout(fallback);
  }

  expect(lightAskedWhileDockHeld).toBe(true);
  expect(linesPassOpenAtLightPages.length).toBeGreaterThan(0);
  expect(linesPassOpenAtLightPages.every(Boolean)).toBe(true);
  const counts = suite.sim.control.snapshot().counts;
  expect(await harness.db.purchaseOrders.count()).toBe(counts.purchaseOrders);
  expect(await harness.db.purchaseOrderItems.count()).toBe(counts.purchaseOrderItems);
});
