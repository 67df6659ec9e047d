/**
 * Pacing against the real simulator: the engine starts unpaced, the server's own rate limit (on the same
 * injected clock as the engine) refuses it, every request waits for Retry-After, the engine then paces
 * itself below what got through, recovers, and is fast again; no op spends an attempt on a 429. And the pool
 * never has more than `concurrency` requests in flight, whatever mix of reads, lookups and writes the ops
 * make.
 */
import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../../server/index';
import { enqueue } from '../../../src/db/outbox';
import { customerEdit, offlineOrder, uniqueText } from './testing/edits';
import { countingClient, recordingFetch, sleep } from './testing/fetches';
import { simulatorSuite } from './testing/simulatorSuite';
import { engineHarness, makeClient, type EngineHarness } from './testing/harness';
import { manualClock, type ManualClock } from './testing/manualClock';

const suite = simulatorSuite(() => startSimulator({ port: 0, control: true, rateLimit: 100_000 }), {
  afterEach: (sim) => sim.control.resetFaults(),
});
let harness: EngineHarness | undefined;

const enqueueShipmentTypes = (h: EngineHarness, count: number, tag: string) =>
  Promise.all(
    Array.from({ length: count }, (_, n) =>
      enqueue(h.db, {
        kind: 'createShipmentType',
        params: {},
        body: { name: uniqueText(`${tag} ${n}`) },
        label: 'New shipment type',
        cacheChanges: [],
      }),
    ),
  );

const drained = async (h: EngineHarness) => {
  const { counts } = await h.store.countByState({});
  return counts.queued + counts.sending + counts.uncertain === 0;
};

const isIdle = (h: EngineHarness) =>
  Promise.race([h.engine.idle().then(() => true), sleep(20).then(() => false)]);

/**
 * Runs the engine until the outbox is drained, moving the injected clock only when the engine is parked on
 * it (nothing in flight): to the end of its earliest wait, or a second on when the engine is idle and only
 * a nextAttemptAt holds an op.
 * Returns how often the clock had to move: 0 means everything left at one instant.
 */
async function driveClock(h: EngineHarness, clock: ManualClock, inFlight: () => number): Promise<number> {
  let moves = 0;
  for (let round = 0; round < 20_000; round++) {
    if (await drained(h)) {
      await h.engine.idle();
      return moves;
    }
    await sleep(5);
    if (inFlight() > 0) continue;
    if (clock.nextWake() !== undefined) clock.advanceToNext();
    else if ((await isIdle(h)) && !(await drained(h))) clock.advance(1_000);
    else continue;
    moves++;
    // The ops a 429 requeued wait for a nextAttemptAt on the same clock: wake the pump for them.
    await h.engine.syncNow();
  }
  throw new Error('The engine did not drain');
}

describe('pacing by the server', () => {
  it('starts unpaced, waits out Retry-After with nothing sent, paces below the limit, then is fast again', async () => {
    const clock = manualClock();
    const limited = await startSimulator({ port: 0, rateLimit: 120, now: () => clock.date() });
    try {
      const sent: { at: number; method: string; status?: number }[] = [];
      let open = 0;
      const recording = recordingFetch(async (request, forward) => {
        const exchange: (typeof sent)[number] = { at: clock.now(), method: request.method };
        sent.push(exchange);
        open++;
        try {
          const response = await forward();
          exchange.status = response.status;
          return response;
        } finally {
          open--;
        }
      });
      harness = suite.track(
        engineHarness(limited, {
          concurrency: 4,
          now: () => clock.date(),
          clock,
          // The token's expiry is read on the same clock as the server's that issued it.
          clientOptions: { fetch: recording.fetch, now: () => clock.date() },
        }),
      );
      const h = harness;
      const first = await enqueueShipmentTypes(h, 160, 'Paced');
      const t0 = clock.now();

      await h.engine.start();
      const moves = await driveClock(h, clock, () => open);

      // Unpaced at first: the server's whole minute (120, the token request included) left at one instant.
      const atStart = sent.filter((exchange) => exchange.at === t0);
      expect(atStart.filter((exchange) => exchange.status !== 429)).toHaveLength(120);
      // It stopped at the first refusal: only requests already in flight were refused with it.
      const refusedAt = atStart.filter((exchange) => exchange.status === 429);
      expect(refusedAt.length).toBeGreaterThanOrEqual(1);
      expect(refusedAt.length).toBeLessThanOrEqual(4);
      // Retry-After (60 s: the oldest request of the window leaves it then) held every request.
      const later = sent.slice(sent.indexOf(refusedAt[0]!) + 1).filter((exchange) => exchange.at !== t0);
      expect(later.length).toBeGreaterThan(0);
      for (const exchange of later) expect(exchange.at - t0).toBeGreaterThanOrEqual(60_000);
      // Then paced (at 70 % of the pace that was refused): where 120 left at one instant at the start, the
      // first ten after the pause left one at a time, each at its own moment of the clock; no other 429.
      const firstTen = later.slice(0, 10).map((exchange) => exchange.at);
      expect(new Set(firstTen).size).toBe(10);
      expect(moves).toBeGreaterThan(5);
      expect(later.filter((exchange) => exchange.status === 429)).toEqual([]);
      // Every op once, no attempt spent on a 429.
      for (const op of first)
        expect((await h.store.getOp({ id: op.id })).op).toMatchObject({ state: 'done', attempts: 1 });
      expect(sent.filter((exchange) => exchange.method === 'POST' && exchange.status === 201)).toHaveLength(
        160,
      );

      // Recovered: a few minutes on (the server's window is clear, the pace has grown back and is lifted),
      // a new batch leaves at one instant again.
      clock.advance(5 * 60_000);
      const again = await enqueueShipmentTypes(h, 40, 'Recovered');
      const t1 = clock.now();
      await h.engine.syncNow();
      expect(await driveClock(h, clock, () => open)).toBe(0);
      expect(sent.filter((exchange) => exchange.at === t1 && exchange.status === 201)).toHaveLength(40);
      for (const op of again)
        expect((await h.store.getOp({ id: op.id })).op).toMatchObject({ state: 'done', attempts: 1 });
    } finally {
      await harness?.engine.stop();
      harness = undefined;
      await limited.stop();
    }
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
    const counting = countingClient(makeClient(suite.sim.baseUrl, { fetch: gated.fetch }));
    harness = suite.harness({ concurrency: 3, client: counting.client });
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
    suite.sim.control.setFaults({ latencyMs: 30, jitterMs: 30 });

    await harness.engine.start();
    await harness.drain();

    expect(counting.stats.maxInFlight).toBeLessThanOrEqual(3);
    expect(counting.stats.maxInFlight).toBe(3);
    // Four reads + four PUTs + two POSTs + two POSTs at least went through the counted client.
    expect(counting.stats.calls).toBeGreaterThanOrEqual(12);
    for (const order of orders)
      expect(suite.sim.control.snapshot().purchaseOrders[order.externalId]).toHaveLength(1);
    const { counts } = await harness.store.countByState({});
    expect(counts).toMatchObject({ done: 8, failed: 0, conflicted: 0 });
  });
});
