/**
 * How answers become typed errors, against the real simulator: 404, 409, 400 with field errors, 403 for the
 * restricted key, requests refused before sending, and the contract check on responses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../server/index';
import { ContractError } from './errors';
import { callFailure, recordingFetch, TEST_KEY, testClient } from './testing';

const RESTRICTED = 'restricted-test-key';
let sim: Simulator;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, apiKey: TEST_KEY, restrictedKey: RESTRICTED, rateLimit: 100_000 });
});

afterAll(async () => {
  await sim.stop();
});

const failure = (promise: Promise<unknown>) => callFailure(promise);

const order = (external: string, outlet = 1) => ({
  external_purchase_order_id: external,
  outlet: { id: outlet },
  supplier: { id: 101 },
  purchase_order_items: [{ product: { id: 10001 }, quantity_ordered: 1 }],
});

describe('answers the simulator gives', () => {
  it('404 → not-found, with the problem body and the echoed request id', async () => {
    const wire = recordingFetch();
    const client = testClient(sim.baseUrl, { fetch: wire.fetch });
    const error = await failure(client.call('getPurchaseOrder', { params: { id: 7 } }));
    expect(error.kind).toBe('not-found');
    expect(error.details).toMatchObject({ status: 404, delivery: 'yes', operation: 'getPurchaseOrder' });
    expect(error.details.problem?.detail).toMatch(/purchase order/i);
    expect(error.details.requestId).toBe(wire.sent.at(-1)!.headers['x-request-id']);
    expect(error.message).toMatch(/getPurchaseOrder answered 404/);
  });

  it('409 → conflict on a duplicate external_purchase_order_id', async () => {
    const client = testClient(sim.baseUrl);
    await client.call('createPurchaseOrder', { body: order('dup-1') });
    const error = await failure(client.call('createPurchaseOrder', { body: order('dup-1') }));
    expect(error.kind).toBe('conflict');
    expect(error.details.status).toBe(409);
    expect(sim.control.snapshot().purchaseOrders['dup-1']).toHaveLength(1);
  });

  it('400 from the server → permanent with the field errors', async () => {
    const client = testClient(sim.baseUrl);
    const error = await failure(client.call('createPurchaseOrder', { body: order('bad-ref', 999) }));
    expect(error.kind).toBe('permanent');
    expect(error.details.status).toBe(400);
    expect(Object.keys(error.details.problem?.errors ?? {})).toEqual(['outlet.id']);
  });

  it('restricted key → 403 permanent on purchase orders, allowed elsewhere', async () => {
    const client = testClient(sim.baseUrl, { getApiKey: () => Promise.resolve(RESTRICTED) });
    expect((await client.call('getOutlet', { params: { id: 1 } })).id).toBe(1);
    const error = await failure(client.call('getPurchaseOrder', { params: { id: 100001 } }));
    expect(error.kind).toBe('permanent');
    expect(error.details.status).toBe(403);
  });
});

describe('ops', () => {
  it('client.ops has one typed method per operation, the same as call()', async () => {
    const client = testClient(sim.baseUrl);
    expect(Object.keys(client.ops)).toHaveLength(52);
    const order = await client.ops.getPurchaseOrder({
      params: { id: 100001 },
      query: { include_items: true },
    });
    expect(order.purchase_order_items?.length).toBeGreaterThan(0);
    expect((await client.ops.getShipmentType({ params: { id: 1 } })).id).toBe(1);
    // Input is optional exactly when the operation has no path parameters and no body.
    expect((await client.ops.searchSurveySegments()).total_records).toBeGreaterThan(0);
    // @ts-expect-error getOutlet has a path parameter, so params are required
    await expect(client.ops.getOutlet()).rejects.toMatchObject({
      kind: 'permanent',
      details: { delivery: 'no' },
    });
  });
});

describe('requests the contract refuses are never sent', () => {
  it('an invalid body → permanent, delivery no, field errors, nothing on the wire', async () => {
    const wire = recordingFetch();
    const client = testClient(sim.baseUrl, { fetch: wire.fetch });
    const before = sim.control.snapshot().counts.purchaseOrders;
    const body = {
      ...order('never-sent'),
      purchase_order_items: [{ product: { id: 10001 }, quantity_ordered: 0 }],
    };
    const error = await failure(client.call('createPurchaseOrder', { body }));
    expect(error.kind).toBe('permanent');
    expect(error.details.delivery).toBe('no');
    expect(error.details.status).toBeUndefined();
    expect(Object.keys(error.details.problem?.errors ?? {})).toEqual([
      'purchase_order_items[0].quantity_ordered',
    ]);
    expect(wire.sent).toEqual([]);
    expect(sim.control.snapshot().counts.purchaseOrders).toBe(before);
  });

  it('bad path parameters and query grammar are refused by name', async () => {
    const wire = recordingFetch();
    const client = testClient(sim.baseUrl, { fetch: wire.fetch });
    const params = await failure(
      client.call('getPurchaseOrder', { params: { id: 'x' as unknown as number } }),
    );
    expect(Object.keys(params.details.problem?.errors ?? {})).toEqual(['id']);
    const query = await failure(
      client.call('searchPurchaseOrders', { query: { filter_by: 'nope:eq:1', page_size: 0 } }),
    );
    expect(Object.keys(query.details.problem?.errors ?? {}).sort()).toEqual(['filter_by', 'page_size']);
    expect(wire.sent).toEqual([]);
  });

  it('path values are percent-encoded and query values travel encoded', async () => {
    const wire = recordingFetch();
    const client = testClient(sim.baseUrl, { fetch: wire.fetch });
    const error = await failure(
      client.call('getProductSupplier', { params: { product_id: 10001, supplier_code: 'A/B C' } }),
    );
    expect(error.kind).toBe('not-found');
    expect(wire.sent.at(-1)!.target).toBe('/v2.1/products/10001/suppliers/A%2FB%20C');
    const page = await client.call('searchSupplierReturnReasons', {
      query: { is_deleted: null },
    });
    expect(page.total_records).toBeGreaterThan(0);
    expect(wire.sent.at(-1)!.target).toBe('/v2.1/supplierreturnreasons?is_deleted=');
  });
});

describe('what the client checks on the way back', () => {
  /** A fetch standing in for a broken server: the client under test is the real one. */
  const answering =
    (status: number, body: string, headers: Record<string, string> = {}) =>
    async (input: string | URL | Request) => {
      const url = new URL(input instanceof Request ? input.url : input);
      if (url.pathname.endsWith('/auth/token')) return globalThis.fetch(input);
      return new Response(body, { status, headers: { 'x-request-id': 'srv-1', ...headers } });
    };

  it('a 2xx body that breaks the contract → ContractError naming the fields', async () => {
    const client = testClient(sim.baseUrl, {
      fetch: answering(200, JSON.stringify({ id: 'one', name: 'x' })),
    });
    const error = await client.call('getShippingPort', { params: { id: 1 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as ContractError).fields).toHaveProperty('id');
    expect((error as ContractError).requestId).toBe('srv-1');
  });

  it('a non-problem error body still yields a typed error', async () => {
    const client = testClient(sim.baseUrl, {
      fetch: answering(502, '<html>Bad gateway</html>', { 'content-type': 'text/html' }),
      readRetries: 0,
    });
    const error = await failure(client.call('getOutlet', { params: { id: 1 } }));
    expect(error.kind).toBe('transient');
    expect(error.details.problem).toMatchObject({ status: 502 });
    expect(error.details.requestId).toBe('srv-1');
  });

  it('a redirect is not followed (the key stays home) and is permanent', async () => {
    const client = testClient(sim.baseUrl, {
      fetch: answering(302, '', { location: 'http://elsewhere.invalid/' }),
    });
    const error = await failure(client.call('getOutlet', { params: { id: 1 } }));
    expect(error.kind).toBe('permanent');
    expect(error.details.status).toBe(302);
  });
});
