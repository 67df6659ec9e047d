/**
 * Exactly once when the outcome is unknown: a create whose response was lost after the server committed it,
 * and ops found `sending` at start (the app crashed with the request maybe out), are looked up before any
 * retry. The simulator's snapshot is the judge: one record per idempotency key, never two.
 */
import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../../server/index';
import { allocateTempId, enqueue } from '../../../src/db/outbox';
import { offlineInvoice, offlineOrder, uniqueText } from './testing/edits';
import { problemResponse, recordingFetch } from './testing/fetches';
import { simulatorSuite } from './testing/simulatorSuite';
import { type EngineHarness } from './testing/harness';

const suite = simulatorSuite(() => startSimulator({ port: 0, control: true, rateLimit: 100_000 }), {
  afterEach: (sim) => sim.control.resetFaults(),
});
let harness: EngineHarness | undefined;

/** A fetch that ends the fault as soon as the first create has gone out (its answer is the one dropped). */
function faultOnceFetch(method: string, pathEnd: string) {
  let writes = 0;
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const isTarget = request.method === method && new URL(request.url).pathname.endsWith(pathEnd);
    try {
      return await globalThis.fetch(request);
    } finally {
      if (isTarget) {
        writes++;
        suite.sim.control.resetFaults();
      }
    }
  };
  return { fetch, writes: () => writes };
}

describe('reconciliation', () => {
  it('finds a create whose response was lost instead of sending it twice, then unblocks its dependent', async () => {
    const probe = faultOnceFetch('POST', '/purchaseorders');
    harness = suite.harness({ clientOptions: { fetch: probe.fetch } });
    await harness.client.call('getShippingPort', { params: { id: 1 } }); // the token, before the fault
    const order = await offlineOrder(harness.db);
    const invoice = await offlineInvoice(harness.db, order.tempId, order.lineTempIds[0]!);
    suite.sim.control.setFaults({ dropAfterCommitRate: 1 });

    await harness.engine.start();
    await harness.drain();

    expect(probe.writes()).toBe(1);
    const created = suite.sim.control.snapshot().purchaseOrders[order.externalId];
    expect(created).toHaveLength(1);
    const done = (await harness.store.getOp({ id: order.op.id })).op!;
    expect(done).toMatchObject({ state: 'done', resultId: created![0]!.id, attempts: 1 });
    expect((await harness.store.getOp({ id: invoice.op.id })).op).toMatchObject({ state: 'done' });
    expect(suite.sim.control.snapshot().invoices[invoice.number]).toHaveLength(1);
  });

  it('resends a create whose connection broke before the server ran it', async () => {
    const probe = faultOnceFetch('POST', '/purchaseorders');
    harness = suite.harness({ clientOptions: { fetch: probe.fetch } });
    await harness.client.call('getShippingPort', { params: { id: 1 } });
    const order = await offlineOrder(harness.db);
    suite.sim.control.setFaults({ resetRate: 1 });

    await harness.engine.start();
    await harness.drain();

    expect(probe.writes()).toBe(2);
    expect(suite.sim.control.snapshot().purchaseOrders[order.externalId]).toHaveLength(1);
    expect((await harness.store.getOp({ id: order.op.id })).op).toMatchObject({ state: 'done', attempts: 2 });
  });
});

describe('5xx on a create', () => {
  /** The first POST to /purchaseorders is answered with `status` by a gateway, after or instead of the server. */
  function gatewayFetch(status: number, reachesServer: boolean) {
    let answered = false;
    return recordingFetch(async (request, forward) => {
      if (answered || request.method !== 'POST' || !request.url.endsWith('/purchaseorders')) return forward();
      answered = true;
      if (reachesServer) await forward();
      else await request.arrayBuffer(); // the gateway read the request, then failed
      return problemResponse(status, 'Bad Gateway');
    });
  }

  it('treats a 502 after the server committed as uncertain, finds the order, never creates it twice', async () => {
    const recording = gatewayFetch(502, true);
    harness = suite.harness({ clientOptions: { fetch: recording.fetch } });
    const order = await offlineOrder(harness.db);
    const invoice = await offlineInvoice(harness.db, order.tempId, order.lineTempIds[0]!);
    const states: string[] = [];
    const original = harness.store.markUncertain;
    harness.restart({
      store: {
        ...harness.store,
        markUncertain: async (request) => {
          states.push(request.reason);
          return original(request);
        },
      },
    });

    await harness.engine.start();
    await harness.drain();

    expect(states[0]).toContain('502');
    expect(recording.calls().filter((call) => call.method === 'POST').length).toBe(2); // the PO, the invoice
    const created = suite.sim.control.snapshot().purchaseOrders[order.externalId];
    expect(created).toHaveLength(1);
    expect((await harness.store.getOp({ id: order.op.id })).op).toMatchObject({
      state: 'done',
      resultId: created![0]!.id,
      attempts: 1,
    });
    expect((await harness.store.getOp({ id: invoice.op.id })).op).toMatchObject({ state: 'done' });
    expect(suite.sim.control.snapshot().invoices[invoice.number]).toHaveLength(1);
  });

  it('sends a create again when the lookup shows the 500 came before the server ran it', async () => {
    const recording = gatewayFetch(500, false);
    harness = suite.harness({ clientOptions: { fetch: recording.fetch } });
    const order = await offlineOrder(harness.db);

    await harness.engine.start();
    await harness.drain();

    const posts = recording.calls().filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.status)).toEqual([500, 201]);
    // The lookup ran between the two: a search by the order's idempotency key.
    const between = recording.calls().filter((call) => call.startedAt > posts[0]!.startedAt);
    expect(between[0]).toMatchObject({ method: 'GET', path: '/v2.1/purchaseorders' });
    expect(suite.sim.control.snapshot().purchaseOrders[order.externalId]).toHaveLength(1);
    expect((await harness.store.getOp({ id: order.op.id })).op).toMatchObject({ state: 'done', attempts: 2 });
  });
});

describe('crash resume of push', () => {
  /**
   * The crashed run: an order made offline, its write-ahead mark, the request went out and the server
   * committed it, then the app died (the harness's engine has not started yet).
   */
  async function crashedAfterSending(h: EngineHarness) {
    const order = await offlineOrder(h.db);
    const { op: sending } = await h.store.markSending({ id: order.op.id, at: new Date().toISOString() });
    await h.client.call('createPurchaseOrder', { body: sending!.body as never });
    return order;
  }

  it('looks up an op left sending whose request had reached the server, and never resends it', async () => {
    harness = suite.harness();
    const order = await crashedAfterSending(harness);
    expect(suite.sim.control.snapshot().purchaseOrders[order.externalId]).toHaveLength(1);

    await harness.engine.start();
    await harness.drain();

    expect(suite.sim.control.snapshot().purchaseOrders[order.externalId]).toHaveLength(1);
    const done = (await harness.store.getOp({ id: order.op.id })).op!;
    expect(done).toMatchObject({ state: 'done', attempts: 1 });
    expect(await harness.db.purchaseOrders.get(done.resultId!)).toBeDefined();
  });

  it('sends an op left sending whose request never left', async () => {
    harness = suite.harness();
    const order = await offlineOrder(harness.db);
    await harness.store.markSending({ id: order.op.id, at: new Date().toISOString() });

    await harness.engine.start();
    await harness.drain();

    expect(suite.sim.control.snapshot().purchaseOrders[order.externalId]).toHaveLength(1);
    expect((await harness.store.getOp({ id: order.op.id })).op).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('puts ambiguous matches in front of the user instead of guessing', async () => {
    harness = suite.harness();
    const order = await crashedAfterSending(harness);
    // Two orders carry the key (another client imported one before the server enforced uniqueness, say):
    // the simulator refuses a second one, so plant it in its state directly.
    const [first] = [...suite.sim.state.purchaseOrders.values()].filter(
      (po) => po.external_purchase_order_id === order.externalId,
    );
    const twinId = Math.max(...suite.sim.state.purchaseOrders.keys()) + 1;
    suite.sim.state.purchaseOrders.set(twinId, { ...structuredClone(first!), id: twinId, items: [] });

    await harness.engine.start();
    await harness.drain();

    const failed = (await harness.store.getOp({ id: order.op.id })).op!;
    expect(failed.state).toBe('failed');
    expect(failed.reason).toContain(`#${first!.id}`);
    expect(failed.reason).toContain(`#${twinId}`);
    suite.sim.state.purchaseOrders.delete(twinId);
  });
});

describe('exactly once with a PC clock that is wrong, or is moved while a create is in doubt', () => {
  const MINUTE = 60_000;
  /** Where the PC's clock stands (ms from the real time) when the create leaves, and once its answer is lost. */
  const clocks = [
    { name: '10 minutes fast', atAttempt: 10 * MINUTE, after: 10 * MINUTE },
    { name: '10 minutes slow', atAttempt: -10 * MINUTE, after: -10 * MINUTE },
    { name: '10 minutes fast, put right before the lookup', atAttempt: 10 * MINUTE, after: 0 },
    { name: 'right, then set 10 minutes back before the lookup', atAttempt: 0, after: -10 * MINUTE },
  ];
  const CREATES = ['/customers', '/supplierreturnitems'];

  it.each(clocks)(
    'one customer and one return item for creates whose answer a proxy lost: clock $name',
    async (clock) => {
      let offsetMs = clock.atAttempt;
      const now = () => new Date(Date.now() + offsetMs);
      // The proxy passes each create's first request to the server, then drops the answer, and the PC's clock
      // is moved (or not) right then: before the engine looks the create up.
      const dropped = new Set<string>();
      const proxy = recordingFetch(async (request, forward) => {
        const target = CREATES.find((end) => request.url.endsWith(end));
        if (request.method !== 'POST' || !target || dropped.has(target)) return forward();
        dropped.add(target);
        await (await forward()).arrayBuffer();
        offsetMs = clock.after;
        throw new TypeError('fetch failed', {
          cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
        });
      });
      harness = suite.harness({ now, clientOptions: { fetch: proxy.fetch, now } });
      const returnId = [...suite.sim.state.supplierReturns.values()].find(
        (candidate) => candidate.supplier_return_status.name === 'Incomplete',
      )!.id;
      const lastName = uniqueText('Skew');
      const notes = uniqueText('skew');
      const customer = await enqueue(harness.db, {
        kind: 'createCustomer',
        params: {},
        body: { first_name: 'Ada', last_name: lastName, email: 'ada@example.com' },
        createsTempId: await allocateTempId(harness.db, 'customers'),
        label: `New customer Ada ${lastName}`,
        cacheChanges: [],
        now: now(),
      });
      const item = await enqueue(harness.db, {
        kind: 'createSupplierReturnItem',
        params: { id: returnId },
        body: {
          product: { id: 10003 },
          supplier_return_reason: { id: 1 },
          return_quantity: 1,
          supplier_return_item_notes: notes,
        },
        createsTempId: await allocateTempId(harness.db, 'supplierReturnItems'),
        label: 'Return 1',
        cacheChanges: [],
        now: now(),
      });

      await harness.engine.start();
      await harness.drain();

      expect([...dropped].sort()).toEqual([...CREATES].sort());
      const customers = [...suite.sim.state.customers.values()].filter((c) => c.last_name === lastName);
      const items = [...suite.sim.state.supplierReturnItems.values()].filter(
        (i) => i.supplier_return_item_notes === notes,
      );
      expect(customers).toHaveLength(1);
      expect(items).toHaveLength(1);
      expect((await harness.store.getOp({ id: customer.id })).op).toMatchObject({
        state: 'done',
        attempts: 1,
        resultId: customers[0]!.id,
      });
      expect((await harness.store.getOp({ id: item.id })).op).toMatchObject({
        state: 'done',
        attempts: 1,
        resultId: items[0]!.id,
      });
    },
  );
});
