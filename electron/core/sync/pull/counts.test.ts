/**
 * The totals of a run's initial passes (./puller.ts) are counted beside its first pages, not before them,
 * against the real simulator: the count requests are held until a page has come back, which a run that
 * waited for its counts would never ask for (it would wait for the fallback release, and fail). No page is
 * stored before every total is announced, so the progress is still whole before any row lands.
 */
import { expect, it } from 'vitest';
import { startSimulator } from '../../../../server/index';
import type { PortRequest, StorePort } from '../../../../src/db/storePort';
import { recordingFetch } from '../testing/fetches';
import { engineHarness } from '../testing/harness';
import { firstRun, hold } from '../testing/hold';
import { simulatorSuite } from '../testing/simulatorSuite';
import type { SyncStatus } from '../types';

const suite = simulatorSuite(() => startSimulator({ port: 0, control: true, rateLimit: 100_000 }));

const RESOURCES = ['customers', 'supplierInvoices', 'creditNotes'];

it('asks for the first page while the totals are counted, and stores it once every total is shown', async () => {
  const countRequests = hold();
  let pageAskedWhileCounting = false;
  let countsHeld = 0;
  const recording = recordingFetch(async (request, forward) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith('/auth/token')) return forward();
    if (url.searchParams.get('page_size') === '1') {
      if (!countRequests.released) countsHeld++;
      await countRequests.wait();
      return forward();
    }
    if (!countRequests.released && countsHeld > 0) pageAskedWhileCounting = true;
    // The counts answer only once a page is in hand: a run that stored it at once would store it before
    // its totals were shown.
    const page = await forward();
    countRequests.release();
    return page;
  });
  const harness = suite.track(
    engineHarness(suite.sim, {
      pull: { resources: RESOURCES, pageSize: 40, byId: false, intervalMs: 600_000 },
      clientOptions: { fetch: recording.fetch },
    }),
  );
  const shownAtStores: SyncStatus['pullProgress'][] = [];
  const store: StorePort = {
    ...harness.store,
    applyPulledPage: (request: PortRequest<'applyPulledPage'>) => {
      if (request.writes.some((write) => write.put?.length))
        shownAtStores.push(structuredClone(engine.status.get().pullProgress));
      return harness.store.applyPulledPage(request);
    },
  };
  const engine = harness.restart({ store });
  harness.engine = engine;
  await firstRun(engine, countRequests);

  // The run's initial passes were counted at its start, the credit notes' items pass (after the notes) too.
  expect(countsHeld).toBe(RESOURCES.length + 1);
  expect(pageAskedWhileCounting).toBe(true);
  const counts = suite.sim.control.snapshot().counts;
  expect(shownAtStores.length).toBeGreaterThan(0);
  // The first page stored found every initial pass shown with its total from total_records.
  expect(shownAtStores[0]).toMatchObject({
    customers: { done: 0, total: counts.customers, finished: false },
    supplierInvoices: { done: 0, total: counts.supplierInvoices, finished: false },
    creditNotes: { done: 0, total: counts.creditNotes, finished: false },
  });
  expect(await harness.db.customers.count()).toBe(counts.customers);
});
