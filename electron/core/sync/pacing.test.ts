/**
 * Pacing against the real simulator: a 429's Retry-After holds every request of the engine (the server's
 * limit is per key) without spending the op's attempt, and the pool never has more than `concurrency`
 * requests in flight, whatever mix of reads, lookups and writes the ops make.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../server/index';
import { enqueue } from '../../../src/db/outbox';
import { customerEdit, offlineOrder, uniqueText } from './testing/edits';
import { countingClient, recordingFetch } from './testing/fetches';
import { engineHarness, makeClient, type EngineHarness } from './testing/harness';

let sim: Simulator;
let harness: EngineHarness | undefined;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, control: true, rateLimit: 100_000 });
});
afterAll(() => sim.stop());
afterEach(async () => {
  sim.control.resetFaults();
  await harness?.engine.stop();
  harness = undefined;
});

describe('429 with Retry-After', () => {
  it('holds every request for at least Retry-After, gives the attempt back, then lands the op once', async () => {
    let refusedAt: number | undefined;
    const recording = recordingFetch(async (_request, forward, exchange) => {
      const response = await forward();
      // One burst of one 429: the fault goes once it has answered.
      if (response.status === 429 && refusedAt === undefined) {
        refusedAt = performance.now();
        sim.control.resetFaults();
      }
      exchange.status = response.status;
      return response;
    });
    harness = engineHarness(sim, { concurrency: 1, clientOptions: { fetch: recording.fetch } });
    await harness.client.call('getShippingPort', { params: { id: 1 } }); // the token, before the fault
    const order = await offlineOrder(harness.db);
    const edit = await customerEdit(harness.db, 50060, { custom_reference: uniqueText('paced') });
    const before = recording.calls().length;
    sim.control.setFaults({ burst429Rate: 1, burst429Length: 1, burst429RetryAfterSeconds: 1 });

    await harness.engine.start();
    await harness.drain();

    const calls = recording.calls().slice(before);
    expect(calls[0]).toMatchObject({ method: 'POST', status: 429 });
    // Nothing of the engine left during the pause: not the retry, not the other aggregate's op.
    for (const later of calls.slice(1)) expect(later.startedAt - refusedAt!).toBeGreaterThanOrEqual(990);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.status)).toEqual([429, 201]);
    expect(sim.control.snapshot().purchaseOrders[order.externalId]).toHaveLength(1);
    expect((await harness.store.getOp({ id: order.op.id })).op).toMatchObject({ state: 'done', attempts: 1 });
    expect((await harness.store.getOp({ id: edit.id })).op).toMatchObject({ state: 'done', attempts: 1 });
  });
});

describe('the concurrency bound', () => {
  it('never has more than `concurrency` requests in flight, reads and lookups included', async () => {
    // The first requests are held until three are in flight at once, so the bound is reached however slow
    // the machine (an engine that never got to three would hang here and time out); then all flow freely.
    let waiting: (() => void)[] | undefined = [];
    let open = 0;
    const gated = recordingFetch(async (request, forward) => {
      const held = waiting;
      if (held && !request.url.endsWith('/auth/token')) {
        open += 1;
        if (open < 3) await new Promise<void>((resolve) => held.push(resolve));
        else {
          for (const resolve of held) resolve();
          waiting = undefined;
        }
      }
      return forward();
    });
    const counting = countingClient(makeClient(sim.baseUrl, { fetch: gated.fetch }));
    harness = engineHarness(sim, { concurrency: 3, client: counting.client });
    // Updates with a base version read before they write (two requests per op); creates only write.
    const customers = [50061, 50062, 50063, 50064];
    for (const id of customers) {
      const base = await harness.client.call('getCustomer', { params: { id } });
      await customerEdit(harness.db, id, { custom_reference: uniqueText('bound') }, base);
    }
    const orders = [await offlineOrder(harness.db), await offlineOrder(harness.db)];
    for (const name of ['A', 'B']) {
      await enqueue(harness.db, {
        kind: 'createShipmentType',
        params: {},
        body: { name: uniqueText(`Bound ${name}`) },
        label: 'New shipment type',
        cacheChanges: [],
      });
    }
    sim.control.setFaults({ latencyMs: 30, jitterMs: 30 });

    await harness.engine.start();
    await harness.drain();

    expect(counting.stats.maxInFlight).toBeLessThanOrEqual(3);
    expect(counting.stats.maxInFlight).toBe(3);
    // Four reads + four PUTs + two POSTs + two POSTs at least went through the counted client.
    expect(counting.stats.calls).toBeGreaterThanOrEqual(12);
    for (const order of orders)
      expect(sim.control.snapshot().purchaseOrders[order.externalId]).toHaveLength(1);
    const { counts } = await harness.store.countByState({});
    expect(counts).toMatchObject({ done: 8, failed: 0, conflicted: 0 });
  });
});
