/**
 * Pull against the real simulator, the parts that outlive one run: a crash in the middle of the initial
 * sync resumes from the committed cursor; credit note items come with their notes; product supplier links
 * are swept product by product; a queued delete is not undone by a pull; a keyset pass asks for its
 * next page before storing the one it has; and a whole first sync killed part way asks, when run again, only
 * for what it had not stored, and still fetches every record by id that the pages it stored named.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../../server/index';
import type { PortRequest, StorePort } from '../../../src/db/storePort';
import { enqueue } from '../../../src/db/outbox';
import type { FetchLike } from '../api/options';
import { recordingFetch, waitFor } from './testing/fetches';
import { simulatorSuite } from './testing/simulatorSuite';
import { engineHarness, type EngineHarness } from './testing/harness';
import type { PullProgress, SyncEngineOptions } from './types';
import { twoLineOrderBody } from '../../../src/db/testing/twoLineOrder';

const suite = simulatorSuite(() => startSimulator({ port: 0, control: true, rateLimit: 100_000 }), {
  afterEach: (sim) => sim.control.resetFaults(),
});
let harness: EngineHarness | undefined;

/** The engine pulling only `resources` (one pass, no by-id fetches), its requests through `fetch` if given. */
function pullOnly(resources: string[], more: Partial<SyncEngineOptions['pull']> = {}, fetch?: FetchLike) {
  return {
    pull: { resources, pageSize: 500, byId: false, intervalMs: 600_000, ...more },
    ...(fetch ? { clientOptions: { fetch } } : {}),
  };
}

const cursorOf = async (resource: string) => (await harness!.store.getCursor({ resource })).cursor;
const finished = (resource: string) => async () => (await cursorOf(resource))?.initial?.finished === true;

describe('crash during the initial sync', () => {
  it('resumes from the persisted cursor: no row written twice, progress goes on from where it was', async () => {
    harness = suite.harness(pullOnly(['customers'], { pageSize: 20 }));
    const total = suite.sim.control.snapshot().counts.customers;
    let written = 0;
    let delivered = 0;
    let pages = 0;
    /** The store as the engine sees it; the `crashAt`th page dies inside its transaction (never commits). */
    const counting = (store: StorePort, crashAt = Infinity): StorePort => ({
      ...store,
      applyPulledPage: async (request: PortRequest<'applyPulledPage'>) => {
        if (request.writes.length && ++pages === crashAt) throw new Error('killed mid-transaction');
        const result = await store.applyPulledPage(request);
        written += result.written;
        delivered += request.writes.reduce((n, write) => n + (write.put?.length ?? 0), 0);
        return result;
      },
    });
    let engine = harness.restart({ store: counting(harness.store, 3) });
    await engine.start();
    await waitFor(() => pages >= 3);
    await engine.stop();

    const stopped = await cursorOf('customers');
    const committed = await harness.db.customers.count();
    expect(stopped?.initial).toMatchObject({ finished: false, total, done: committed });
    expect(committed).toBeGreaterThanOrEqual(40);
    expect(committed).toBeLessThan(total);

    const deliveredBefore = delivered;
    const progress: PullProgress[] = [];
    engine = harness.restart({ store: counting(harness.store) });
    engine.status.subscribe((status) => {
      const p = status.pullProgress.customers;
      if (p) progress.push(p);
    });
    await engine.start();
    await waitFor(finished('customers'));

    // Shown from second 0 where it stopped (from the cursor, before any request), then going on.
    expect(progress[0]).toMatchObject({ done: committed, total, finished: false });
    expect(progress.map((p) => p.done)).toEqual([...progress.map((p) => p.done)].sort((x, y) => x - y));
    expect(progress.some((p) => p.done > committed)).toBe(true);
    expect(progress.every((p) => p.total === total)).toBe(true);
    expect(await harness.db.customers.count()).toBe(total);
    expect(written).toBe(total);
    // The second run asked from the cursor on: what it re-read is the overlap window, not the first pages.
    expect(delivered - deliveredBefore - (total - committed)).toBeLessThan(5);
  });
});

describe('credit note items', () => {
  it('trickle in after the first pass of the notes, then come with changed notes, replacing the cached list', async () => {
    const recording = recordingFetch();
    harness = suite.harness(pullOnly(['creditNotes'], { pageSize: 10 }, recording.fetch));
    const itemsLanded: number[] = [];
    const notesPassDone = () => harness!.store.getCursor({ resource: 'creditNotes' });
    harness.restart({
      store: {
        ...harness.store,
        applyPulledPage: async (request: PortRequest<'applyPulledPage'>) => {
          const items = request.writes.filter(
            (write) => write.table === 'creditNoteItems' && write.put?.length,
          );
          // Items are written only once the notes' own pass is over, a page of notes at a time.
          if (items.length) itemsLanded.push((await notesPassDone()).cursor?.initial?.finished ? 1 : 0);
          return harness!.store.applyPulledPage(request);
        },
      },
    });
    await harness.engine.start();
    await waitFor(finished('creditNoteItems'));
    const counts = suite.sim.control.snapshot().counts;
    expect(await harness.db.creditNotes.count()).toBe(counts.creditNotes);
    expect(await harness.db.creditNoteItems.count()).toBe(counts.creditNoteItems);
    expect(itemsLanded.length).toBeGreaterThan(0);
    expect(itemsLanded.every((afterNotes) => afterNotes === 1)).toBe(true);
    // Batched: a page of notes (this test's page size, under the resource's own 50 in pull/resources.ts)
    // with their items in one transaction, not one per note.
    expect(itemsLanded.length).toBeLessThanOrEqual(Math.ceil(counts.creditNotes! / 10));

    // On the server, a note loses an item (and its modified_on moves); another gains nothing.
    const items = [...suite.sim.state.creditNoteItems.values()];
    const note = [...suite.sim.state.creditNotes.values()].find(
      (candidate) => items.filter((item) => item.credit_note_id === candidate.id).length >= 2,
    )!;
    const removed = items.find((item) => item.credit_note_id === note.id)!;
    suite.sim.state.creditNoteItems.delete(removed.id!);
    note.modified_on = new Date().toISOString();
    const before = recording.calls().length;
    await harness.engine.syncNow();

    const itemRequests = recording
      .calls()
      .slice(before)
      .filter((call) => call.path.endsWith('/creditnoteitems'));
    expect(itemRequests.map((call) => call.path)).toEqual([`/v2.1/creditnotes/${note.id}/creditnoteitems`]);
    expect(await harness.db.creditNoteItems.get(removed.id!)).toBeUndefined();
    expect(await harness.db.creditNoteItems.count()).toBe(counts.creditNoteItems - 1);
  });
});

describe('product supplier links', () => {
  it('are swept over the cached products a batch per run, keeping local edits, then left until stale', async () => {
    const recording = recordingFetch();
    harness = suite.harness(pullOnly(['productSuppliers'], { productSuppliersBatch: 10 }, recording.fetch));
    // The products the cache knows (a PO pull puts the ones its lines name): 25 of them.
    const products = [...suite.sim.state.productSuppliers.keys()].sort((a, b) => a - b).slice(0, 25);
    await harness.db.products.bulkPut(products.map((id) => ({ id }) as never));
    // A link the server no longer has, and a local edit of another, held back.
    await harness.db.productSuppliers.put({ product_id: products[0]!, supplier_code: 'NO-SUCH' } as never);
    const [link] = suite.sim.state.productSuppliers.get(products[1]!)!.filter((l) => !l.is_deleted);
    const edit = await enqueue(harness.db, {
      kind: 'updateProductSuppliers',
      params: { product_id: link!.product_id },
      body: [{ supplier_code: link!.supplier_code, notes: 'local note' }],
      label: 'Edit link',
      cacheChanges: [{ table: 'productSuppliers', put: [{ ...link, notes: 'local note' }] }],
    });
    await harness.store.requeueOp({ id: edit.id, nextAttemptAt: '2999-01-01T00:00:00.000Z' });
    const listed = () => recording.calls().filter((call) => /\/products\/\d+\/suppliers$/.test(call.path));

    await harness.engine.start();
    await waitFor(() => harness!.engine.status.get().lastPull.productSuppliers !== undefined);
    expect(listed()).toHaveLength(10);
    expect((await cursorOf('productSuppliers'))?.id).toBe(products[9]);

    // Two more runs reach the end of the products: the sweep is recorded as finished.
    await harness.engine.syncNow();
    await harness.engine.syncNow();
    expect(listed().map((call) => call.path)).toEqual(products.map((id) => `/v2.1/products/${id}/suppliers`));
    expect(await cursorOf('productSuppliers')).toMatchObject({ id: 0 });
    const expected = products.flatMap((id) =>
      suite.sim.state.productSuppliers.get(id)!.filter((l) => !l.is_deleted),
    );
    expect(await harness.db.productSuppliers.count()).toBe(expected.length);
    expect(await harness.db.productSuppliers.get([products[0]!, 'NO-SUCH'])).toBeUndefined();
    expect(await harness.db.productSuppliers.get([link!.product_id, link!.supplier_code])).toMatchObject({
      notes: 'local note',
      _pendingOps: [edit.id],
    });

    // Fresh until the refresh TTL passes: the next run reads no links.
    await harness.engine.syncNow();
    expect(listed()).toHaveLength(products.length);
  });
});

describe('a queued delete', () => {
  it('is not undone by a pull that still sees the row, and the row stays gone once it lands', async () => {
    harness = suite.harness(pullOnly(['purchaseOrders']));
    const po = await harness.client.call('createPurchaseOrder', {
      body: twoLineOrderBody(),
    });
    const [first, second] = po.purchase_order_items!.map((line) => line.po_item_id!);
    const removal = await enqueue(harness.db, {
      kind: 'deletePurchaseOrderItem',
      params: { id: po.id!, item_id: first! },
      label: 'Remove line',
      cacheChanges: [{ table: 'purchaseOrderItems', delete: [first!] }],
    });
    await harness.store.requeueOp({ id: removal.id, nextAttemptAt: '2999-01-01T00:00:00.000Z' });
    // The initial sync is long done: the delta from just before this order brings it, lines and all.
    const since = new Date(Date.parse(po.modified_on!) - 10_000).toISOString();
    const cursor = { resource: 'purchaseOrders', modifiedOn: since, id: 0, completedAt: since };
    await harness.store.applyPulledPage({ writes: [], cursor, at: since });

    await harness.engine.start();
    await waitFor(() => harness!.engine.status.get().lastPull.purchaseOrders !== undefined);
    expect(await harness.db.purchaseOrders.get(po.id!)).toBeDefined();
    expect(await harness.db.purchaseOrderItems.where('po_id').equals(po.id!).primaryKeys()).toEqual([second]);

    await harness.engine.actions.retryNow(removal.id);
    await harness.drain();
    expect((await harness.store.getOp({ id: removal.id })).op!.state).toBe('done');
    await harness.engine.syncNow();
    expect(await harness.db.purchaseOrderItems.where('po_id').equals(po.id!).primaryKeys()).toEqual([second]);
  });
});

/**
 * A keyset pass asks for its next page before it stores the one it has (pull/lists.ts), so the server's next
 * page and the renderer's writes overlap, and the page after a run of ties is asked for with the run's first
 * page instead of after it.
 */
describe('keyset pages', () => {
  it('are asked for before the page before them is stored, and every row still lands once', async () => {
    const recording = recordingFetch();
    harness = suite.harness(pullOnly(['customers'], { pageSize: 20 }, recording.fetch));
    const searches = () => recording.calls().filter((call) => call.path.includes('customers')).length;
    const total = suite.sim.control.snapshot().counts.customers!;
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
    await waitFor(finished('customers'));

    expect(askedWhileStoring).toEqual(Array.from({ length: pages }, () => true));
    expect(stored).toBe(total);
    expect(await harness.db.customers.count()).toBe(total);
    // A full page is followed by the rest of its timestamp and what is newer, asked for together: at
    // most two searches a page (and the count), never one wasted per row.
    expect(searches()).toBeLessThanOrEqual(2 * pages + 2);
  });
});

/**
 * A whole first sync (every tier, the sweep and the by-id records) that dies part way, then runs again on
 * the same store, compared with a fresh sync of the same data: what the second run asks for is what the
 * first did not store, pass by pass, and every row is written once over both runs. The records served only
 * by id that the first run's stored pages named are fetched too: the resumed run skips those pages, and
 * only the store still knows what they named.
 */
describe('a first sync killed part way', () => {
  const PAGE = 10;
  /** Rows a resumed run may read again per path: the overlap window of each pass it resumed. */
  const OVERLAP = 3;
  const everything = { pageSize: PAGE, intervalMs: 600_000 };
  const BY_ID_TABLES = new Set(['suppliers', 'outlets', 'supplierReturns', 'shippingPorts']);

  /**
   * The store as the engine sees it, keeping a ledger: the rows each pass's pages stored (the cursor names
   * the pass), the records stored by id, and the list rows written. With `killAt`, that page of that pass
   * is where the process dies: it and every later call fail, and `settled` waits for the calls the store
   * had already taken, so the next run starts from what was committed, as after a SIGKILL.
   */
  function ledgerStore(store: StorePort, killAt?: { pass: string; page: number }) {
    const stored = new Map<string, Set<number>>();
    const byId = new Set<string>();
    const taken = new Set<Promise<unknown>>();
    let written = 0;
    let pages = 0;
    let dead = false;
    const take = <T>(call: Promise<T>): Promise<T> => {
      taken.add(call);
      void call.then(
        () => taken.delete(call),
        () => taken.delete(call),
      );
      return call;
    };
    const wrapped = Object.fromEntries(
      Object.entries(store).map(([name, method]) => [
        name,
        (request: never) =>
          dead
            ? Promise.reject(new Error('killed'))
            : take((method as (request: never) => Promise<unknown>)(request)),
      ]),
    ) as unknown as StorePort;
    wrapped.applyPulledPage = async (request: PortRequest<'applyPulledPage'>) => {
      const pass = request.cursor?.resource;
      const main = request.writes[0];
      if (killAt && pass === killAt.pass && main?.put?.length && ++pages === killAt.page) dead = true;
      if (dead) throw new Error('killed');
      const result = await take(store.applyPulledPage(request));
      const readById = request.writes.some((write) => BY_ID_TABLES.has(write.table));
      // The lists' rows and the sweep's links; records read by id are kept apart (byId).
      if (!readById) written += result.written;
      for (const write of readById ? request.writes : []) {
        if (!BY_ID_TABLES.has(write.table)) continue;
        for (const row of write.put ?? []) byId.add(`${write.table}:${(row as { id: number }).id}`);
      }
      if (pass && main?.put?.length) {
        const ids = stored.get(pass) ?? new Set<number>();
        for (const row of main.put) ids.add((row as { id: number }).id);
        stored.set(pass, ids);
      }
      return result;
    };
    return {
      store: wrapped,
      stored,
      byId,
      written: () => written,
      dead: () => dead,
      settled: async () => {
        while (taken.size) await Promise.allSettled([...taken]);
      },
    };
  }

  /** Rows the server answered per path (ids of list pages, one per record read by id), request by request. */
  function answers() {
    const rows = new Map<string, number>();
    const recording = recordingFetch(async (request, forward) => {
      const response = await forward();
      const url = new URL(request.url);
      if (url.pathname.endsWith('/auth/token') || !response.ok) return response;
      const path = url.pathname.replace(/\/\d+/g, '/:id');
      const body: unknown = await response.clone().json();
      const data = (body as { data?: unknown }).data;
      const count = Array.isArray(data) ? data.length : 1;
      rows.set(path, (rows.get(path) ?? 0) + count);
      return response;
    });
    return { fetch: recording.fetch, rows };
  }

  async function syncToEnd(engine: EngineHarness['engine']) {
    await engine.start();
    await waitFor(() => engine.status.get().pull.lastSyncAt !== undefined, 60_000);
    await engine.stop();
  }

  let fresh: { rows: Map<string, number>; written: number; counts: Record<string, number> } | undefined;
  const TABLES = [
    'purchaseOrders',
    'purchaseOrderItems',
    'products',
    'supplierInvoices',
    'customers',
    'creditNotes',
    'creditNoteItems',
    'productSuppliers',
    // Served only by id: fetched because stored records name them (or, for ports, the suppliers do).
    'suppliers',
    'outlets',
    'shippingPorts',
    'supplierReturns',
  ] as const;
  async function tableCounts(h: EngineHarness) {
    const out: Record<string, number> = {};
    for (const table of TABLES) out[table] = await h.db.table(table).count();
    return out;
  }

  beforeAll(async () => {
    const asked = answers();
    const h = engineHarness(suite.sim, { pull: everything, clientOptions: { fetch: asked.fetch } });
    const ledger = ledgerStore(h.store);
    await syncToEnd(h.restart({ store: ledger.store }));
    fresh = { rows: asked.rows, written: ledger.written(), counts: await tableCounts(h) };
  }, 120_000);

  it.each([
    ['openPurchaseOrders', 3],
    ['purchaseOrders', 3],
    ['customers', 3],
    ['closedPurchaseOrderLines', 3],
    ['creditNoteItems', 2],
  ])(
    'killed at page %s/%i, the next run reads only what was not stored',
    async (pass, page) => {
      harness = suite.harness({ pull: everything });
      const first = ledgerStore(harness.store, { pass, page });
      const killed = harness.restart({ store: first.store });
      await killed.start();
      await waitFor(first.dead, 60_000);
      await killed.stop();
      await first.settled();
      expect(first.stored.get(pass)?.size).toBe((page - 1) * PAGE);

      const asked = answers();
      const again = engineHarness(suite.sim, {
        db: harness.db,
        pull: everything,
        clientOptions: { fetch: asked.fetch },
      });
      const second = ledgerStore(again.store);
      harness.engine = again.restart({ store: second.store });
      await syncToEnd(harness.engine);

      // Pass by pass, the second run re-read at most the overlap window of what the first had stored.
      for (const [name, before] of first.stored) {
        const reread = [...(second.stored.get(name) ?? [])].filter((id) => before.has(id));
        expect(reread.length, name).toBeLessThanOrEqual(2);
      }
      // Request by request: per path, at most what a fresh sync reads less what the first run stored, give
      // or take the overlap (a resumed pass reads from just before its cursor). A pass that started over
      // would read its first pages again: PAGE rows and more.
      const storedBefore = new Map<string, number>();
      for (const [name, ids] of first.stored) {
        const path = name.toLowerCase().includes('purchaseorder')
          ? '/v2.1/purchaseorders'
          : name.startsWith('creditNote')
            ? '/v2.1/creditnotes'
            : `/v2.1/${name.toLowerCase()}`;
        storedBefore.set(path, (storedBefore.get(path) ?? 0) + ids.size);
      }
      for (const [path, rows] of asked.rows) {
        const expected = (fresh!.rows.get(path) ?? 0) - (storedBefore.get(path) ?? 0);
        expect(rows, path).toBeLessThanOrEqual(expected + OVERLAP);
      }
      // No record read by id twice: what the first run fetched is fresh for the second.
      for (const key of second.byId) expect(first.byId.has(key), key).toBe(false);

      // Every row written once over both runs, and the cache is the fresh sync's, by-id records included.
      expect(fresh!.counts.suppliers).toBeGreaterThan(0);
      expect(fresh!.counts.shippingPorts).toBeGreaterThan(0);
      expect(await tableCounts(harness)).toEqual(fresh!.counts);
      expect(first.written() + second.written()).toBe(fresh!.written);
      // The references the pages kept were all dealt with: none is left for a later run.
      expect((await harness.store.requestedById({ pulled: true })).refs).toEqual([]);
    },
    120_000,
  );
});
