/**
 * The pull's tiers against the real simulator over HTTP: open orders first (this PC's outlet before the
 * rest), dock-ready said before any history arrives, every total known before the first page, closed
 * orders first without their lines and the lines last, "last sync" honest; then a restart with the
 * complete cache pulls only what changed, and the product supplier sweep and the by-id records wait for
 * their TTL (on an injected clock).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../../server/index';
import type { PortRequest, StorePort } from '../../../../src/db/storePort';
import { recordingFetch, waitFor } from '../testing/fetches';
import { switchableSignal } from '../testing/onlineSignal';
import { engineHarness, type EngineHarness } from '../testing/harness';
import type { SyncEngineOptions, SyncStatus } from '../types';
import { OPEN_PO_STATUSES } from './resources';

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

const OUTLET = 1;
const isOpen = (status: string) => (OPEN_PO_STATUSES as readonly string[]).includes(status);

/** Every request's path and query, in the order they left (token requests aside). */
function recordRequests() {
  const urls: URL[] = [];
  const recording = recordingFetch(async (request, forward) => {
    const url = new URL(request.url);
    if (!url.pathname.endsWith('/auth/token')) urls.push(url);
    return forward();
  });
  return { fetch: recording.fetch, urls };
}

/** Purchase orders as the pages delivered them, and how many pages of other resources had landed. */
function watchingStore(store: StorePort) {
  const seen = { orders: [] as { id: number; status: string; outlet: number }[], otherPages: 0, pages: 0 };
  const wrapped: StorePort = {
    ...store,
    applyPulledPage: async (request: PortRequest<'applyPulledPage'>) => {
      const result = await store.applyPulledPage(request);
      for (const write of request.writes) {
        if (!write.put?.length) continue;
        seen.pages++;
        if (write.table !== 'purchaseOrders') {
          if (!['purchaseOrderItems', 'products'].includes(write.table)) seen.otherPages++;
          continue;
        }
        for (const row of write.put as { id: number; status: { name: string }; outlet: { id: number } }[])
          seen.orders.push({ id: row.id, status: row.status.name, outlet: row.outlet.id });
      }
      return result;
    },
  };
  return { store: wrapped, seen };
}

const everything = (more: Partial<NonNullable<SyncEngineOptions['pull']>> = {}) => ({
  pageSize: 40,
  intervalMs: 600_000,
  productSuppliersBatch: 100_000,
  priorityOutlet: () => OUTLET,
  ...more,
});

describe('tiers', () => {
  it('pulls open orders first (this outlet first), says dock-ready before history, with totals from the start', async () => {
    const requests = recordRequests();
    const pull = everything({
      resources: ['purchaseOrders', 'customers', 'supplierInvoices', 'creditNotes'],
      byId: false,
    });
    harness = engineHarness(sim, { pull, clientOptions: { fetch: requests.fetch } });
    const watching = watchingStore(harness.store);
    const engine = harness.restart({ store: watching.store });
    let beforeFirstPage: SyncStatus | undefined;
    let atDockReady: { status: SyncStatus; orders: number; otherPages: number } | undefined;
    const totals: number[] = [];
    engine.status.subscribe((status) => {
      if (watching.seen.pages > 0 && status.pull.firstSync) totals.push(status.pull.total);
      if (watching.seen.pages === 0) beforeFirstPage = status;
      if (status.pull.dockReady && !atDockReady)
        atDockReady = { status, orders: watching.seen.orders.length, otherPages: watching.seen.otherPages };
    });
    await engine.start();
    await waitFor(() => engine.status.get().pull.lastSyncAt !== undefined, 60_000);

    const orders = [...sim.state.purchaseOrders.values()];
    const open = orders.filter((po) => isOpen(po.status.name));
    const here = open.filter((po) => po.outlet.id === OUTLET);
    expect(here.length).toBeGreaterThan(0);
    expect(here.length).toBeLessThan(open.length);
    expect(open.length).toBeLessThan(orders.length);

    // The first requests ask for open orders, this outlet's first.
    const first = requests.urls[0]!;
    expect(first.pathname).toBe('/v2.1/purchaseorders');
    expect(first.searchParams.get('filter_by')).toContain(`status:in:${OPEN_PO_STATUSES.join('|')}`);
    expect(first.searchParams.get('filter_by')).toContain(`outlet:eq:${OUTLET}`);
    expect(first.searchParams.get('include_items')).toBe('true');
    // Pages arrive in that order: this outlet's open orders, then the other open ones, then the closed.
    const delivered = watching.seen.orders;
    expect(delivered.slice(0, here.length).every((po) => po.outlet === OUTLET && isOpen(po.status))).toBe(
      true,
    );
    const firstClosed = delivered.findIndex((po) => !isOpen(po.status));
    expect(delivered.slice(0, firstClosed).filter((po) => isOpen(po.status)).length).toBeGreaterThanOrEqual(
      open.length,
    );

    // Dock-ready came once every open order was in, before any closed order or other resource's page.
    expect(atDockReady).toBeDefined();
    expect(atDockReady!.orders).toBe(firstClosed);
    expect(atDockReady!.otherPages).toBe(0);
    expect(atDockReady!.status.pull).toMatchObject({ firstSync: true, tier: 'dock' });
    expect(atDockReady!.status.pull.lastSyncAt).toBeUndefined();
    expect(new Set(delivered.map((po) => po.id)).size).toBe(orders.length);

    // Before the first page, every initial pass was already shown with its total from total_records, the
    // passes that follow a light pass (the closed orders' lines, the notes' items) included.
    const counts = sim.control.snapshot().counts;
    const closed = orders.length - open.length;
    expect(beforeFirstPage!.pullProgress).toMatchObject({
      openPurchaseOrdersHere: { done: 0, total: here.length, tier: 'dock', finished: false },
      openPurchaseOrders: { done: 0, total: open.length, tier: 'dock' },
      purchaseOrders: { done: 0, total: closed, tier: 'background' },
      customers: { done: 0, total: counts.customers, tier: 'background' },
      supplierInvoices: { done: 0, total: counts.supplierInvoices },
      creditNotes: { done: 0, total: counts.creditNotes },
      closedPurchaseOrderLines: { done: 0, total: closed },
      creditNoteItems: { done: 0, total: counts.creditNotes },
    });
    const whole =
      here.length +
      orders.length +
      closed +
      counts.customers! +
      counts.supplierInvoices! +
      2 * counts.creditNotes!;
    expect(beforeFirstPage!.pull.total).toBe(whole);
    // Counted once: from the first page on, the headline total never moved (no server change meanwhile).
    expect(new Set(totals)).toEqual(new Set([whole]));

    // Closed orders first came without their lines, and their lines after that pass: beside the other
    // resources' passes (./lanes.ts), never before the history itself.
    const closedPass = (url: URL) =>
      url.pathname === '/v2.1/purchaseorders' &&
      url.searchParams.get('filter_by')!.includes('status:notin:') &&
      url.searchParams.get('page_size') !== '1';
    const lastLight = requests.urls.findLastIndex(
      (url) => closedPass(url) && url.searchParams.get('include_items') === 'false',
    );
    expect(lastLight).toBeGreaterThan(-1);
    const firstLines = requests.urls.findIndex(
      (url) => closedPass(url) && url.searchParams.get('include_items') === 'true',
    );
    expect(firstLines).toBeGreaterThan(lastLight);
    // Credit note items trickle in after the notes' own pass, in its lane.
    const firstNotes = requests.urls.findIndex(
      (url) => url.pathname === '/v2.1/creditnotes' && url.searchParams.get('page_size') !== '1',
    );
    const firstNoteItems = requests.urls.findIndex((url) => url.pathname.endsWith('/creditnoteitems'));
    expect(firstNotes).toBeGreaterThan(-1);
    expect(firstNoteItems).toBeGreaterThan(firstNotes);
    expect(await harness.db.creditNoteItems.count()).toBe(counts.creditNoteItems);
    expect(await harness.db.purchaseOrderItems.count()).toBe(counts.purchaseOrderItems);

    expect(engine.status.get().pull).toMatchObject({ dockReady: true, firstSync: false, tier: 'idle' });
  }, 60_000);
});

describe('resume', () => {
  it('a restart with the complete cache pulls only changes; the sweep and by-id records wait for their TTL', async () => {
    let offsetMs = 0;
    const now = () => new Date(Date.now() + offsetMs);
    harness = engineHarness(sim, { pull: everything({ pageSize: 500 }), now });
    await harness.engine.start();
    await waitFor(() => harness!.engine.status.get().pull.lastSyncAt !== undefined, 60_000);
    await harness.engine.stop();
    const lastSyncAt = harness.engine.status.get().pull.lastSyncAt!;
    expect(await harness.db.productSuppliers.count()).toBeGreaterThan(0);
    expect(await harness.db.suppliers.count()).toBeGreaterThan(0);

    // Started offline, nothing can be pulled: the status still says dock-ready and the last sync.
    const offline = harness.restart({ online: switchableSignal(false), probe: () => Promise.resolve(false) });
    await offline.start();
    expect(offline.status.get().pull).toMatchObject({ dockReady: true, firstSync: false, lastSyncAt });
    await offline.stop();

    const requests = recordRequests();
    const watching = watchingStore(harness.store);
    const restarted = engineHarness(sim, {
      db: harness.db,
      pull: everything({ pageSize: 500 }),
      now,
      clientOptions: { fetch: requests.fetch },
    });
    const engine = restarted.restart({ store: watching.store });
    harness.engine = engine;
    const first: SyncStatus[] = [];
    engine.status.subscribe((status) => first.push(status));
    await engine.start();
    await waitFor(
      () => engine.status.get().pull.tier === 'idle' && first.some((s) => s.pull.tier !== 'idle'),
    );

    // Ready and truthful at once, from the cursors: the first summary of the run, before any page.
    const opening = first.find((s) => s.pull.tier !== 'idle')!;
    expect(opening.pull).toMatchObject({ dockReady: true, firstSync: false, lastSyncAt });
    // Only the changes since the cursors: no order re-delivered beyond the overlap window, no product
    // supplier sweep, no by-id read, and the keyset resources asked once or twice each.
    expect(watching.seen.orders.length).toBeLessThan(5);
    const paths = requests.urls.map((url) => url.pathname);
    expect(paths.filter((path) => /\/products\/\d+\/suppliers$/.test(path))).toEqual([]);
    expect(
      paths.filter((path) => /\/(suppliers|outlets|shippingports|supplierreturns)\/\d+$/.test(path)),
    ).toEqual([]);
    expect(paths.filter((path) => path === '/v2.1/purchaseorders').length).toBeLessThanOrEqual(4);

    // Past the refresh TTL (an hour on the engine's clock) the sweep and the by-id refresh run again.
    offsetMs = 61 * 60_000;
    await engine.syncNow();
    const later = requests.urls.map((url) => url.pathname);
    expect(later.filter((path) => /\/products\/\d+\/suppliers$/.test(path)).length).toBe(
      await harness.db.products.count(),
    );
    expect(later.some((path) => /\/suppliers\/\d+$/.test(path))).toBe(true);
  }, 60_000);
});
