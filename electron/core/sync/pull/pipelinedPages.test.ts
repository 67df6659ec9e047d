/**
 * A pass sends its next page while the store is still writing the one before (./lists.ts with
 * src/db/pageChains.ts), against the real simulator and the app's Dexie store: every page is stored, in
 * order, progress is told only for stored pages, and a page that fails stops the pass without the page
 * sent after it moving the cursor past the rows it did not store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../../server/index';
import { createDexieStore } from '../../../../src/db/dexieStore';
import type { PortRequest, StorePort } from '../../../../src/db/storePort';
import { freshDb, makeClient } from '../testing/harness';
import type { PullProgress } from '../types';
import { pullKeyset } from './lists';
import { LIST_RESOURCES } from './resources';

const customers = LIST_RESOURCES.find((resource) => resource.name === 'customers')!;
const PAGE = 20;
/** Only a hang guard: the assertions are about order, never about time. */
const FALLBACK_MS = 10_000;

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, rateLimit: 100_000 });
});
afterAll(() => sim.stop());

function pull(store: StorePort, onProgress: (progress: PullProgress) => void = () => {}) {
  return pullKeyset(
    {
      store,
      client: makeClient(sim.baseUrl),
      now: () => new Date(),
      signal: new AbortController().signal,
      pageSize: PAGE,
      overlapMs: 0,
      onProgress,
      onRefs: () => {},
    },
    customers,
  );
}

/**
 * The store, recording each page's chain as it arrives; `hook` runs once the store has the page and may
 * hold or fail its answer (a slow or broken store), never the order pages reach it in.
 */
function recording(inner: StorePort, hook: (request: PortRequest<'applyPulledPage'>) => Promise<void>) {
  const chains: { pass: string; seq: number }[] = [];
  const rows = { stored: 0 };
  const store = Object.create(inner) as StorePort;
  store.applyPulledPage = async (request) => {
    if (request.chain) chains.push(request.chain);
    const answer = inner.applyPulledPage(request).then((result) => {
      rows.stored += result.written;
      return result;
    });
    answer.catch(() => {});
    await hook(request);
    return answer;
  };
  return { store, chains, rows };
}

describe('pipelined page stores', () => {
  it('sends the next page while the store writes the one before, and stores every page in order', async () => {
    const db = freshDb();
    const inner = createDexieStore(db);
    let held = false;
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = () => ((held = false), resolve())));
    let secondWhileFirstHeld = false;
    const progress: PullProgress[] = [];
    const { store, chains, rows } = recording(inner, async (request) => {
      if (request.chain?.seq === 0) {
        held = true;
        const fallback = setTimeout(release, FALLBACK_MS);
        await released;
        clearTimeout(fallback);
      }
      if (request.chain?.seq === 1) {
        // Only while page 0's answer is still held: after the fallback released it, an engine that waits
        // for each answer would send page 1 too.
        secondWhileFirstHeld = held;
        release();
      }
    });
    const storedAtProgress: number[] = [];
    await pull(store, (p) => {
      progress.push(p);
      storedAtProgress.push(rows.stored);
    });

    expect(secondWhileFirstHeld).toBe(true);
    const total = sim.state.customers.size;
    expect(await db.customers.count()).toBe(total);
    expect(chains.map((chain) => chain.seq)).toEqual([...Array(Math.ceil(total / PAGE)).keys()]);
    expect(new Set(chains.map((chain) => chain.pass)).size).toBe(1);
    const cursor = (await db.cursors.get('customers'))!;
    expect(cursor.initial).toEqual({ done: total, total, finished: true });
    // Progress told in page order, never ahead of what was stored.
    const dones = progress.map((p) => p.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    expect(dones.at(-1)).toBe(total);
    expect(dones.every((done, i) => done <= storedAtProgress[i]!)).toBe(true);
  });

  it('stops at a page the store failed: the page sent after it is refused, the cursor stays at the last stored', async () => {
    const db = freshDb();
    const inner = createDexieStore(db);
    const store = Object.create(inner) as StorePort;
    // Page 1 carries a row without a key: the store's write of it fails, as a full disk would.
    store.applyPulledPage = (request) =>
      inner.applyPulledPage(
        request.chain?.seq === 1
          ? { ...request, writes: [{ table: 'customers', put: [{ last_name: 'no id' }] }, ...request.writes] }
          : request,
      );
    await expect(pull(store)).rejects.toThrow();
    // Page 2 was sent before page 1's failure was known; the store refused it.
    expect(await db.customers.count()).toBe(PAGE);
    const stored = (await db.customers.toArray()).map((row) => row.id);
    const cursor = (await db.cursors.get('customers'))!;
    expect(cursor.initial).toMatchObject({ done: PAGE, finished: false });
    expect(stored).toContain(cursor.id);
  });
});
