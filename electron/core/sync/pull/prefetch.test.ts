/**
 * A keyset pass asks for its next page before it stores the one it has (./lists.ts), so the server's next
 * page and the renderer's writes overlap, and the page after a run of ties is asked for with the run's
 * first page instead of after it. Against the real simulator, with the requests recorded as they leave.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../../server/index';
import type { PortRequest } from '../../../../src/db/storePort';
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

describe('keyset pages', () => {
  it('are asked for before the page before them is stored, and every row still lands once', async () => {
    const recording = recordingFetch();
    harness = engineHarness(sim, {
      pull: { resources: ['customers'], pageSize: 20, byId: false, intervalMs: 600_000 },
      clientOptions: { fetch: recording.fetch },
    });
    const searches = () => recording.calls().filter((call) => call.path.includes('customers')).length;
    const total = sim.control.snapshot().counts.customers!;
    const pages = Math.ceil(total / 20);
    /** For each page with rows: whether a search left while the store held it back. */
    const askedWhileStoring: boolean[] = [];
    let stored = 0;
    harness.restart({
      store: {
        ...harness.store,
        applyPulledPage: async (request: PortRequest<'applyPulledPage'>) => {
          const rows = request.writes.reduce((n, write) => n + (write.put?.length ?? 0), 0);
          if (rows > 0) {
            // The store holds each page back until another search leaves (the last page has none to
            // wait for): fetching only after storing would never send one, and the wait would time out.
            const before = searches();
            const last = askedWhileStoring.length === pages - 1;
            askedWhileStoring.push(
              last ||
                (await waitFor(() => searches() > before, 10_000).then(
                  () => true,
                  () => false,
                )),
            );
          }
          const result = await harness!.store.applyPulledPage(request);
          stored += result.written;
          return result;
        },
      },
    });
    await harness.engine.start();
    const cursor = async () => (await harness!.store.getCursor({ resource: 'customers' })).cursor;
    await waitFor(async () => (await cursor())?.initial?.finished === true);

    expect(askedWhileStoring).toEqual(Array.from({ length: pages }, () => true));
    expect(stored).toBe(total);
    expect(await harness.db.customers.count()).toBe(total);
    // A full page is followed by the rest of its timestamp and what is newer, asked for together: at
    // most two searches a page (and the count), never one wasted per row.
    expect(searches()).toBeLessThanOrEqual(2 * pages + 2);
  });
});
