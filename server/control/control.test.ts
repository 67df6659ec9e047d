/** The test instrument: faults, offline mode and the snapshot, in-process and over the control port. */
import { afterEach, describe, expect, it } from 'vitest';
import { samplePurchaseOrderCreate } from '../../src/api/requests/fixtures';
import { expectProblem, startTestSimulator, type TestSimulator } from '../http/testing';

let sim: TestSimulator | undefined;
afterEach(async () => {
  await sim?.stop();
  sim = undefined;
});

async function started(options: Parameters<typeof startTestSimulator>[0] = {}) {
  sim = await startTestSimulator({ control: true, ...options });
  return { sim, headers: await sim.authHeaders() };
}

/** The error code under fetch's "fetch failed", e.g. ECONNREFUSED. */
async function networkError(request: Promise<Response>): Promise<string> {
  const error = await request.then(
    () => null,
    (reason: unknown) => reason as Error & { cause?: { code?: string } },
  );
  expect(error).toBeInstanceOf(TypeError);
  return error?.cause?.code ?? 'network error';
}

const createOrder = (s: TestSimulator, headers: Record<string, string>, external: string) =>
  fetch(`${s.baseUrl}/purchaseorders`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(samplePurchaseOrderCreate({ external_purchase_order_id: external })),
  });

describe('faults', () => {
  it('adds latency', async () => {
    const { sim, headers } = await started();
    sim.control.setFaults({ latencyMs: 150, jitterMs: 50 });
    const start = performance.now();
    expect((await fetch(`${sim.baseUrl}/outlets/1`, { headers })).status).toBe(200);
    expect(performance.now() - start).toBeGreaterThanOrEqual(145);
  });

  it('answers 503 at error5xxRate 1, and nothing runs', async () => {
    const { sim, headers } = await started();
    sim.control.setFaults({ error5xxRate: 1 });
    await expectProblem(await createOrder(sim, headers, 'never'), 503);
    expect(sim.control.snapshot().purchaseOrders['never']).toBeUndefined();
  });

  it('resets the connection at resetRate 1', async () => {
    const { sim, headers } = await started();
    sim.control.setFaults({ resetRate: 1 });
    await networkError(fetch(`${sim.baseUrl}/outlets/1`, { headers }));
    sim.control.resetFaults();
    expect((await fetch(`${sim.baseUrl}/outlets/1`, { headers })).status).toBe(200);
  });

  it('commits, then loses the response, at dropAfterCommitRate 1', async () => {
    const { sim, headers } = await started();
    sim.control.setFaults({ dropAfterCommitRate: 1 });
    await networkError(createOrder(sim, headers, 'lost-answer'));
    expect(sim.control.snapshot().purchaseOrders['lost-answer']).toEqual([
      {
        id: 2000,
        status: 'Incomplete',
        items: [
          { product_id: 101, quantity_ordered: 24 },
          { product_id: 102, quantity_ordered: 6 },
        ],
      },
    ]);
  });

  it('answers bursts of 429 with Retry-After', async () => {
    const { sim, headers } = await started();
    sim.control.setFaults({ burst429Rate: 1, burst429Length: 3, burst429RetryAfterSeconds: 2 });
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${sim.baseUrl}/outlets/1`, { headers });
      await expectProblem(response, 429);
      expect(response.headers.get('retry-after')).toBe('2');
    }
    sim.control.resetFaults();
    expect((await fetch(`${sim.baseUrl}/outlets/1`, { headers })).status).toBe(200);
  });

  it('replays the same failures from the same seed', async () => {
    const { sim, headers } = await started();
    const run = async () => {
      sim.control.setFaults({ error5xxRate: 0.5, burst429Rate: 0.1, burst429Length: 2, seed: 42 });
      const statuses: number[] = [];
      for (let i = 0; i < 24; i++)
        statuses.push((await fetch(`${sim.baseUrl}/outlets/1`, { headers })).status);
      return statuses;
    };
    const first = await run();
    expect(new Set(first).size).toBeGreaterThan(1);
    expect(await run()).toEqual(first);
  });

  it('refuses rates outside 0..1 and keeps the faults in force', async () => {
    const { sim } = await started();
    sim.control.setFaults({ latencyMs: 5 });
    expect(() => sim.control.setFaults({ resetRate: 1.5 })).toThrow();
    expect(sim.control.getFaults()).toMatchObject({ latencyMs: 5, resetRate: 0 });
  });
});

describe('offline', () => {
  it('refuses connections while offline and serves again on the same port', async () => {
    const { sim, headers } = await started();
    await sim.control.setOffline(true);
    expect(sim.control.isOffline()).toBe(true);
    expect(await networkError(fetch(`${sim.baseUrl}/outlets/1`, { headers }))).toBe('ECONNREFUSED');
    // The control port stays up.
    expect((await fetch(`${sim.controlUrl!}/state`)).status).toBe(200);
    await sim.control.setOffline(false);
    expect((await fetch(`${sim.baseUrl}/outlets/1`, { headers })).status).toBe(200);
  });
});

describe('snapshot', () => {
  it('counts every resource and indexes orders and invoices by their natural keys', async () => {
    const { sim } = await started();
    const snapshot = sim.control.snapshot();
    expect(snapshot.counts).toMatchObject({
      purchaseOrders: 1,
      purchaseOrderItems: 1,
      supplierInvoices: 1,
      outlets: 1,
      shippingPorts: 1,
      msl: 1,
      customers: 0,
    });
    expect(Object.keys(snapshot.counts)).toHaveLength(20);
    expect(snapshot.purchaseOrders['dockhand-7f3a9c2e']).toEqual([
      { id: 1001, status: 'Incomplete', items: [{ product_id: 5012, quantity_ordered: 24 }] },
    ]);
    expect(snapshot.invoices).toEqual({ 'INV-55810': [7001] });
  });
});

describe('the control API over HTTP', () => {
  it('exists only with control: true; /__sim is never served on the API port', async () => {
    sim = await startTestSimulator();
    expect(sim.controlUrl).toBeUndefined();
    await expectProblem(await fetch(`${sim.origin}/__sim/state`), 404);
    await sim.stop();
    sim = await startTestSimulator({ control: true });
    await expectProblem(await fetch(`${sim.origin}/__sim/state`), 404);
  });

  it('reads the state, sets and clears faults, and switches offline', async () => {
    const { sim, headers } = await started();
    const put = (path: string, body: unknown) =>
      fetch(`${sim.controlUrl!}${path}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    const state = (await (await fetch(`${sim.controlUrl!}/state`)).json()) as {
      counts: Record<string, number>;
    };
    expect(state.counts['purchaseOrders']).toBe(1);

    const faults = await put('/faults', { error5xxRate: 1 });
    expect(faults.status).toBe(200);
    expect(await faults.json()).toMatchObject({ error5xxRate: 1, resetRate: 0 });
    await expectProblem(await fetch(`${sim.baseUrl}/outlets/1`, { headers }), 503);
    expect((await fetch(`${sim.controlUrl!}/faults`, { method: 'DELETE' })).status).toBe(204);
    expect((await fetch(`${sim.baseUrl}/outlets/1`, { headers })).status).toBe(200);

    const bad = await expectProblem(await put('/faults', { resetRate: 2, speed: 1 }), 400);
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['resetRate', 'speed']);

    expect(await (await put('/offline', { offline: true })).json()).toEqual({ offline: true });
    expect(await networkError(fetch(`${sim.baseUrl}/outlets/1`, { headers }))).toBe('ECONNREFUSED');
    expect(await (await put('/offline', { offline: false })).json()).toEqual({ offline: false });
    expect((await fetch(`${sim.baseUrl}/outlets/1`, { headers })).status).toBe(200);
    await expectProblem(await put('/offline', { offline: 'yes' }), 400);
  });

  it('answers 404, 405 and 415 like the API', async () => {
    const { sim } = await started();
    await expectProblem(await fetch(`${sim.controlUrl!}/nothing`), 404);
    const wrong = await fetch(`${sim.controlUrl!}/state`, { method: 'POST' });
    await expectProblem(wrong, 405);
    expect(wrong.headers.get('allow')).toBe('GET');
    await expectProblem(await fetch(`${sim.controlUrl!}/faults`, { method: 'PUT', body: '{}' }), 415);
  });
});

describe('injected business rules', () => {
  const quantityRule = {
    operation: 'createPurchaseOrder',
    field: 'purchase_order_items[].quantity_ordered',
    max: 10,
  };

  it('rejects a body that breaks a rule with a field-level 400, and nothing is created', async () => {
    const { sim, headers } = await started();
    sim.control.setRules([quantityRule]);
    const problem = await expectProblem(await createOrder(sim, headers, 'too-many'), 400);
    // The sample's first line orders 24, the second 6: only the first breaks the rule.
    expect(problem.errors).toEqual({ 'purchase_order_items[0].quantity_ordered': ['Must be at most 10'] });
    expect(sim.control.snapshot().purchaseOrders['too-many']).toBeUndefined();
  });

  it('leaves other operations and passing bodies alone, and is lifted by an empty list', async () => {
    const { sim, headers } = await started();
    sim.control.setRules([{ ...quantityRule, max: 100, message: 'No more than 100 per line' }]);
    expect((await createOrder(sim, headers, 'fine')).status).toBe(201);
    sim.control.setRules([{ ...quantityRule, min: 30, max: undefined }]);
    const problem = await expectProblem(await createOrder(sim, headers, 'low'), 400);
    expect(Object.keys(problem.errors ?? {}).sort()).toEqual([
      'purchase_order_items[0].quantity_ordered',
      'purchase_order_items[1].quantity_ordered',
    ]);
    sim.control.setRules([]);
    expect((await createOrder(sim, headers, 'low')).status).toBe(201);
  });

  it('is set, read and cleared over the control port, and refuses a malformed rule', async () => {
    const { sim } = await started();
    const put = (body: unknown) =>
      fetch(`${sim.controlUrl}/rules`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await put([quantityRule])).status).toBe(200);
    expect(await (await fetch(`${sim.controlUrl}/rules`)).json()).toEqual([quantityRule]);
    await expectProblem(await put([{ operation: 'createPurchaseOrder', field: 'a..b', max: 1 }]), 400);
    await expectProblem(await put([{ operation: 'createPurchaseOrder', field: 'a' }]), 400);
    expect((await fetch(`${sim.controlUrl}/rules`, { method: 'DELETE' })).status).toBe(204);
    expect(sim.control.getRules()).toEqual([]);
  });
});

describe('order view', () => {
  it("shows an order's lines and the receipts of every invoice that names it, in-process and over HTTP", async () => {
    const { sim } = await started();
    // The fixture state: order 1001 with line 90001, and invoice 7001 receiving 24 (1 faulty) into it.
    const view = sim.control.orderView(1001)!;
    expect(view.items).toEqual([expect.objectContaining({ po_item_id: 90001, product_id: 5012 })]);
    expect(view.invoices).toEqual([
      expect.objectContaining({
        id: 7001,
        receipts: [
          {
            purchase_order_id: 1001,
            items: [
              { purchase_order_item_id: 90001, quantity_received: 24, quantity_faulty: 1, bin: 'A-03' },
            ],
          },
        ],
      }),
    ]);
    const post = (body: unknown) =>
      fetch(`${sim.controlUrl}/order-view`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(await (await post({ id: 1001 })).json()).toEqual(view);
    expect(sim.control.orderView(987654321)).toBeNull();
    await expectProblem(await post({ id: 987654321 }), 404);
    await expectProblem(await post({ id: 'x' }), 400);
  });
});
