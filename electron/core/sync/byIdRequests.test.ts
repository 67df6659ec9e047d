/**
 * Records asked for by id (src/db/byIdRequests.ts) against the real simulator: a request made while nothing
 * references the record is fetched by the next pull, before the list tiers; one the server does not have is
 * marked "not found"; a request survives a run that could not reach the API; one made while a run is under way
 * is fetched by the syncNow that follows it; the references a killed run's stored pages named are fetched by the
 * next run's by-id step.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../server/index';
import { byIdRequest, requestById, waitingByIdRequests } from '../../../src/db/byIdRequests';
import type { PortRequest } from '../../../src/db/storePort';
import { engineHarness, type EngineHarness } from './testing/harness';

let sim: Simulator;
let harness: EngineHarness | undefined;

/** The engine restarted on a store that notes the table of every pulled write, in the order stored. */
function restartNotingTables(from: EngineHarness) {
  const order: string[] = [];
  const engine = from.restart({
    store: {
      ...from.store,
      applyPulledPage: (request: PortRequest<'applyPulledPage'>) => {
        for (const write of request.writes) order.push(write.table);
        return from.store.applyPulledPage(request);
      },
    },
  });
  return { engine, order };
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, control: true, rateLimit: 100_000 });
});
afterAll(() => sim.stop());
afterEach(async () => {
  await sim.control.setOffline(false);
  await harness?.engine.stop();
  harness = undefined;
});

/** Only the by-id requests and one small list: what the pull does with a request, nothing else. */
const pullOptions = { pull: { resources: ['shipmentTypes'], byId: true, intervalMs: 600_000 } };

it('fetches a requested supplier before the lists, and marks an unknown id not found', async () => {
  harness = engineHarness(sim, pullOptions);
  const { db } = harness;
  const supplierId = [...sim.state.suppliers.keys()].at(-1)!;
  await requestById(db, 'suppliers', supplierId);
  await requestById(db, 'suppliers', 109_999);
  expect((await waitingByIdRequests(db)).map((request) => request.id)).toEqual([supplierId, 109_999]);

  const { engine, order } = restartNotingTables(harness);
  await engine.start();
  await engine.syncNow();

  expect(await db.suppliers.get(supplierId)).toMatchObject({
    id: supplierId,
    name: sim.state.suppliers.get(supplierId)!.name,
  });
  expect(await byIdRequest(db, 'suppliers', supplierId)).toBeNull();
  expect(await byIdRequest(db, 'suppliers', 109_999)).toMatchObject({ state: 'notFound' });
  expect(await waitingByIdRequests(db)).toEqual([]);
  // The requested records were stored before the first list page.
  expect(order.indexOf('suppliers')).toBeLessThan(order.indexOf('shipmentTypes'));
});

it('keeps a request made offline until the API answers', async () => {
  harness = engineHarness(sim, pullOptions);
  const { db } = harness;
  const supplierId = [...sim.state.suppliers.keys()][0]!;
  await sim.control.setOffline(true);
  await requestById(db, 'suppliers', supplierId);
  const engine = harness.restart();
  await engine.start();
  await engine.syncNow();
  expect(await byIdRequest(db, 'suppliers', supplierId)).toMatchObject({ state: 'waiting' });
  expect(await db.suppliers.get(supplierId)).toBeUndefined();

  await sim.control.setOffline(false);
  await engine.syncNow();
  expect(await db.suppliers.get(supplierId)).toMatchObject({ id: supplierId });
  expect(await byIdRequest(db, 'suppliers', supplierId)).toBeNull();
});

it('fetches a record asked for after the running pull read the requests, on syncNow, without waiting for the interval', async () => {
  harness = engineHarness(sim, pullOptions);
  const { db } = harness;
  const supplierId = [...sim.state.suppliers.keys()][1]!;
  let reads = 0;
  let asked: Promise<void> | undefined;
  const engine = harness.restart({
    store: {
      ...harness.store,
      requestedById: async (request: PortRequest<'requestedById'>) => {
        const answer = await harness!.store.requestedById(request);
        // The run's last read of the requests (its by-id step) has its answer: the user asks now, and the run
        // goes on only once syncNow has been called. (After a timer, so the write is not made inside the
        // read's Dexie zone.)
        if (++reads === 2) {
          await new Promise((resolve) => setTimeout(resolve, 0));
          await requestById(db, 'suppliers', supplierId);
          asked = engine.syncNow();
        }
        return answer;
      },
    },
  });
  await engine.start();
  const first = engine.syncNow();
  // The bound only keeps a hung run from hanging the suite.
  await expect.poll(() => asked !== undefined, { timeout: 15_000 }).toBe(true);
  await Promise.all([first, asked]);
  expect(await db.suppliers.get(supplierId)).toMatchObject({ id: supplierId });
  expect(await byIdRequest(db, 'suppliers', supplierId)).toBeNull();
});

it('fetches the records a killed run’s stored pages named after the lists, with what they name, then forgets them', async () => {
  harness = engineHarness(sim, pullOptions);
  const { db } = harness;
  const supplier = [...sim.state.suppliers.values()].find((s) => s.shipping_port?.id)!;
  const portId = supplier.shipping_port!.id!;
  // What a page stored before the kill left behind: its reference, kept with its cursor.
  await harness.store.applyPulledPage({
    writes: [],
    cursor: null,
    at: new Date().toISOString(),
    refs: [{ table: 'suppliers', id: supplier.id! }],
  });
  // Not the user's: nothing on screen says it was asked for.
  expect(await waitingByIdRequests(db)).toEqual([]);

  const { engine, order } = restartNotingTables(harness);
  await engine.start();
  await engine.syncNow();

  expect(await db.suppliers.get(supplier.id!)).toMatchObject({ id: supplier.id });
  expect(await db.shippingPorts.get(portId)).toMatchObject({ id: portId });
  // At the by-id step, after the lists: no one is waiting on screen for it.
  expect(order.indexOf('suppliers')).toBeGreaterThan(order.indexOf('shipmentTypes'));
  expect((await harness.store.requestedById({ pulled: true })).refs).toEqual([]);
});
