/**
 * The end of a run (./puller.ts), against the real simulator: the product supplier sweep and the by-id
 * records go side by side, and the by-id resources' records share one pool (./byId.ts). Each is checked by
 * holding a request until one the old order could only send after it has left: the sweep's first request
 * until a by-id one, the first supplier's until an outlet's. Without the overlap the hold waits for the
 * fallback release and the test fails; no assertion is about time.
 */
import { expect, it } from 'vitest';
import { startSimulator } from '../../../../server/index';
import { recordingFetch } from '../testing/fetches';
import { engineHarness } from '../testing/harness';
import { firstRun, hold } from '../testing/hold';
import { simulatorSuite } from '../testing/simulatorSuite';

const suite = simulatorSuite(() => startSimulator({ port: 0, control: true, rateLimit: 100_000 }));

it('sweeps product supplier links beside the by-id records, whose resources are read together', async () => {
  const sweep = hold();
  const supplier = hold();
  let sweepHeld = false;
  let supplierHeld = false;
  const recording = recordingFetch(async (request, forward) => {
    const path = new URL(request.url).pathname;
    if (/\/products\/\d+\/suppliers$/.test(path) && !sweepHeld) {
      sweepHeld = true;
      await sweep.wait();
    } else if (/\/suppliers\/\d+$/.test(path)) {
      sweep.release();
      if (!supplierHeld) {
        supplierHeld = true;
        await supplier.wait();
      }
    } else if (/\/outlets\/\d+$/.test(path)) {
      sweep.release();
      supplier.release();
    }
    return forward();
  });
  const harness = suite.track(
    engineHarness(suite.sim, {
      pull: {
        resources: ['purchaseOrders', 'productSuppliers'],
        productSuppliersBatch: 5,
        intervalMs: 600_000,
      },
      clientOptions: { fetch: recording.fetch },
    }),
  );
  await firstRun(harness.engine, sweep, supplier);

  expect(sweepHeld && supplierHeld).toBe(true);
  expect(sweep.early).toBe(true);
  expect(supplier.early).toBe(true);
  expect(await harness.db.productSuppliers.count()).toBeGreaterThan(0);
  expect(await harness.db.suppliers.count()).toBeGreaterThan(0);
  expect(await harness.db.outlets.count()).toBeGreaterThan(0);
});
