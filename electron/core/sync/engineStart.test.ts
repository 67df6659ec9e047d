/**
 * The engine's start (./engine.ts) against the real simulator: the pull's first requests leave before the
 * start's own store work (pruning) is done, and ops found sending are still made uncertain before anything
 * is sent. The prune is held until a pull request has left, which an engine that pruned first would never
 * send (it would wait for the fallback release, and fail). No assertion is about time.
 */
import { expect, it } from 'vitest';
import { startSimulator } from '../../../server/index';
import type { PortRequest, StorePort } from '../../../src/db/storePort';
import { recordingFetch } from './testing/fetches';
import { engineHarness } from './testing/harness';
import { firstRun, hold } from './testing/hold';
import { simulatorSuite } from './testing/simulatorSuite';

const suite = simulatorSuite(() => startSimulator({ port: 0, control: true, rateLimit: 100_000 }));

it('starts pulling before pruning, after making the ops found sending uncertain', async () => {
  const pruneGate = hold();
  const events: string[] = [];
  let pruneHeld = false;
  let requestWhilePruneHeld = false;
  const recording = recordingFetch((request, forward) => {
    const url = new URL(request.url);
    if (!url.pathname.endsWith('/auth/token')) {
      events.push('request');
      if (pruneHeld) requestWhilePruneHeld = true;
      pruneGate.release();
    }
    return forward();
  });
  const harness = suite.track(
    engineHarness(suite.sim, {
      pull: { resources: ['customers'], byId: false, intervalMs: 600_000 },
      clientOptions: { fetch: recording.fetch },
    }),
  );
  const store: StorePort = {
    ...harness.store,
    listOps: async (request: PortRequest<'listOps'>) => {
      const answer = await harness.store.listOps(request);
      events.push('listOps');
      return answer;
    },
    refreshBlocking: async (request: PortRequest<'refreshBlocking'>) => {
      const answer = await harness.store.refreshBlocking(request);
      events.push('refreshBlocking');
      return answer;
    },
    prune: async (request: PortRequest<'prune'>) => {
      events.push('prune');
      pruneHeld = true;
      await pruneGate.wait();
      pruneHeld = false;
      return harness.store.prune(request);
    },
  };
  await firstRun(harness.restart({ store }), pruneGate);

  // Op states are settled first; the pull's first request leaves while the prune still waits.
  expect(events.slice(0, 2)).toEqual(['listOps', 'refreshBlocking']);
  expect(requestWhilePruneHeld).toBe(true);
  expect(events.filter((event) => event === 'prune')).toHaveLength(1);
  expect(await harness.db.customers.count()).toBe(suite.sim.control.snapshot().counts.customers);
});
