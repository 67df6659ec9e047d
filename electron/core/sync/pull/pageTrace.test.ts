/**
 * A keyset pass tells each page's steps (./pageTrace.ts) in the order they happen, so a benchmark can say
 * where a first sync's time goes (bench/sync/pageTimeline.ts): against the real simulator and the app's
 * Dexie store, every page with rows is asked, answered, sent and stored, in that order, and nothing is
 * told once the listener has gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../../server/index';
import { createDexieStore } from '../../../../src/db/dexieStore';
import { freshDb, makeClient } from '../testing/harness';
import { pullKeyset } from './lists';
import { listenToPages, type PageEvent } from './pageTrace';
import { LIST_RESOURCES } from './resources';

const customers = LIST_RESOURCES.find((resource) => resource.name === 'customers')!;
const PAGE = 25;

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, rateLimit: 100_000 });
});
afterAll(() => sim.stop());

const pull = () =>
  pullKeyset(
    {
      store: createDexieStore(freshDb()),
      client: makeClient(sim.baseUrl),
      now: () => new Date(),
      signal: new AbortController().signal,
      pageSize: PAGE,
      overlapMs: 0,
      onProgress: () => {},
      onRefs: () => {},
    },
    customers,
  );

describe('page trace', () => {
  it('tells every page asked, answered, sent and stored, in that order, with its rows', async () => {
    const events: PageEvent[] = [];
    const stop = listenToPages((event) => events.push(event));
    try {
      await pull();
    } finally {
      stop();
    }
    const total = sim.state.customers.size;
    const sent = events.filter((event) => event.step === 'sent');
    expect(sent).toHaveLength(Math.ceil(total / PAGE));
    expect(sent.reduce((sum, event) => sum + (event.rows ?? 0), 0)).toBe(total);
    for (const { page } of sent) {
      const steps = events.filter((event) => event.page === page).map((event) => event.step);
      expect(steps).toEqual(['asked', 'answered', 'sent', 'stored']);
      expect(events.every((event) => event.resource === 'customers')).toBe(true);
    }
    // Stored in the order sent, each page once.
    const stored = events.filter((event) => event.step === 'stored').map((event) => event.page);
    expect(stored).toEqual(sent.map((event) => event.page));
  });

  it('tells nothing once the listener has stopped, and a failing listener does not fail the pass', async () => {
    const told: PageEvent[] = [];
    listenToPages((event) => told.push(event))();
    const stopThrowing = listenToPages(() => {
      throw new Error('the benchmark broke');
    });
    try {
      await expect(pull()).resolves.toBe(sim.state.customers.size);
    } finally {
      stopThrowing();
    }
    expect(told).toEqual([]);
  });
});
