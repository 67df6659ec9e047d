/**
 * Hostile input against EVERY operation of the endpoint table, with the real handlers over a generated small
 * state: malformed paths, queries, headers and bodies must be answered 4xx with a problem body whose `status`
 * is the HTTP status; arbitrary input (fast-check, bounded) may also succeed, but never answers 5xx. Response
 * validation stays on, so a handler building an off-contract record fails here too.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_LIST, type EndpointEntry, type OperationId } from '../src/api/endpoints';
import { ProblemSchema } from '../src/api/resources/problem';
import * as requests from '../src/api/requests/fixtures';
import { hugeStrings, pathsOf, queryString, replaced, searchQuery, wrongTypes } from './http/fuzzing';
import { startSimulator, type Simulator } from './index';
import type { SimState } from './state';

const KEY = 'fuzz-key';
const RUNS = 15;

let sim: Simulator;
let auth: Record<string, string>;

beforeAll(async () => {
  sim = await startSimulator({ apiKey: KEY, dataset: 'small', seed: 1, rateLimit: 100_000_000 });
  const token = (await (
    await fetch(`${sim.baseUrl}/auth/token`, { headers: { 'x-api-key': KEY } })
  ).json()) as {
    access_token: string;
  };
  auth = { 'x-api-key': KEY, authorization: `Bearer ${token.access_token}` };
  Object.assign(SAMPLE_BODIES, stateBodies(sim.state));
}, 60_000);
afterAll(() => sim.stop());

/** A valid body per operation that takes one, so mutations start from something the schema accepts. */
const SAMPLE_BODIES: Partial<Record<OperationId, () => unknown>> = {
  createCustomer: requests.sampleCustomerCreate,
  updateCustomer: requests.sampleCustomerUpdate,
  updateDeliveryAddress: requests.sampleDeliveryAddressUpdate,
  updateSupplier: requests.sampleSupplierUpdate,
  createSupplierReturnReason: requests.sampleSupplierReturnReasonBody,
  updateSupplierReturnReason: requests.sampleSupplierReturnReasonBody,
  createShippingPort: requests.sampleShippingPortBody,
  updateShippingPort: requests.sampleShippingPortBody,
  createShipmentType: requests.sampleShipmentTypeBody,
  updateShipmentType: requests.sampleShipmentTypeBody,
  createProductSuppliers: requests.sampleProductSupplierItems,
  updateProductSuppliers: requests.sampleProductSupplierItems,
  createPurchaseOrder: requests.samplePurchaseOrderCreate,
  createSupplierInvoice: requests.sampleSupplierInvoiceCreate,
  updateSupplierInvoice: requests.sampleSupplierInvoiceUpdate,
  updateSupplierReturn: requests.sampleSupplierReturnUpdate,
  createSupplierReturnItem: requests.sampleSupplierReturnItemCreate,
  createFixedPriceGroup: requests.sampleFixedPriceGroupCreate,
};

/**
 * For the operations whose bodies reference other records, a sample whose references exist in the generated
 * state, so mutations of it reach the domain rules instead of stopping at "no supplier with id 1".
 */
function stateBodies(state: SimState): Partial<Record<OperationId, () => unknown>> {
  const supplier = [...state.suppliers.values()][0];
  const outlet = [...state.outlets.values()][0];
  const products = [...state.products.keys()].slice(0, 2);
  const order = [...state.purchaseOrders.values()].find((o) => o.status.name === 'OnOrder');
  const bodies: Partial<Record<OperationId, () => unknown>> = {};
  if (supplier && outlet && products.length > 0) {
    bodies.createPurchaseOrder = () =>
      requests.samplePurchaseOrderCreate({
        status: undefined,
        supplier: { id: Number(supplier.id) },
        outlet: { id: Number(outlet.id) },
        shipping_type: null,
        shipping_port: null,
        country_of_origin: null,
        fob_currency: undefined,
        purchase_order_items: products.map((id) => ({
          product: { id },
          quantity_ordered: 5,
          supplier_buy_ex: 3,
        })),
      });
  }
  if (order) {
    const items = order.items.slice(0, 2).map((item) => ({
      purchase_order_item_id: item.po_item_id,
      quantity_received: 1,
      quantity_invoiced: 1,
      buy_price_ex: 2,
    }));
    bodies.createSupplierInvoice = () =>
      requests.sampleSupplierInvoiceCreate({
        purchase_order_receipts: [{ purchase_order_id: order.id, purchase_order_receipt_items: items }],
      });
  }
  if (supplier?.supplier_code) {
    const code = supplier.supplier_code;
    bodies.createProductSuppliers = () => [requests.sampleProductSupplierItem({ supplier_code: code })];
    bodies.updateProductSuppliers = () => [requests.sampleProductSupplierItem({ supplier_code: code })];
  }
  return bodies;
}

/** Ids that exist in the state, per `<first path segment>.<param>`, so fuzzed requests reach the handlers. */
function idPools(state: SimState): Record<string, (string | number)[]> {
  const keys = (map: Map<number, unknown>) => [...map.keys()].slice(0, 20);
  const customers = [...state.customers.values()].slice(0, 20);
  return {
    'customers.id': keys(state.customers),
    'customers.address_id': customers.flatMap((c) => c.delivery_addresses.map((a) => a.id)),
    'customers.loyalty_history_id': [...state.loyaltyHistory.values()]
      .flat()
      .map((e) => e.id)
      .slice(0, 20),
    'suppliers.id': keys(state.suppliers),
    'supplierreturnreasons.id': keys(state.returnReasons),
    'shippingports.id': keys(state.shippingPorts),
    'shipmenttypes.id': keys(state.shipmentTypes),
    'products.product_id': keys(state.productSuppliers),
    'products.supplier_code': [...state.productSuppliers.values()].flat().map((s) => s.supplier_code ?? 'X'),
    'purchaseorders.id': keys(state.purchaseOrders),
    'purchaseorders.item_id': [...state.purchaseOrders.values()].flatMap((o) =>
      o.items.map((i) => i.po_item_id),
    ),
    'supplierinvoices.id': keys(state.supplierInvoices),
    'supplierreturns.id': keys(state.supplierReturns),
    'supplierreturns.item_id': keys(state.supplierReturnItems),
    'creditnotes.id': keys(state.creditNotes),
    'creditnotes.item_id': keys(state.creditNoteItems),
    'outlets.id': keys(state.outlets),
  };
}

const paramNames = (endpoint: EndpointEntry) => Object.keys(endpoint.params.shape);
const isCode = (name: string) => name.endsWith('code');
const poolFor = (endpoint: EndpointEntry, name: string) => {
  const pool = idPools(sim.state)[`${endpoint.path.split('/')[1]}.${name}`] ?? [];
  return pool.length > 0 ? pool : [isCode(name) ? 'X' : 1];
};

/** The URL with raw (already encoded, or deliberately broken) path segments. */
function urlOf(endpoint: EndpointEntry, params: Record<string, string | number>, query = ''): string {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
  return `${sim.origin}/${endpoint.base}${path}${query ? `?${query}` : ''}`;
}

function goodParams(endpoint: EndpointEntry): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const name of paramNames(endpoint))
    params[name] = encodeURIComponent(String(poolFor(endpoint, name)[0]!));
  return params;
}

function call(
  endpoint: EndpointEntry,
  init: { url?: string; headers?: Record<string, string>; body?: string } = {},
) {
  const headers = init.headers ?? {
    ...auth,
    ...(endpoint.body ? { 'content-type': 'application/json' } : {}),
  };
  const body =
    init.body ?? (endpoint.body ? JSON.stringify(SAMPLE_BODIES[endpoint.id]?.() ?? {}) : undefined);
  return fetch(init.url ?? urlOf(endpoint, goodParams(endpoint)), { method: endpoint.method, headers, body });
}

async function expectProblemBody(response: Response, what: string) {
  expect(response.headers.get('content-type'), what).toContain('application/problem+json');
  const problem = ProblemSchema.safeParse(await response.json());
  expect(problem.success, what).toBe(true);
  expect(problem.data?.status, what).toBe(response.status);
}

async function expect4xx(response: Response, what: string) {
  expect(response.status, what).toBeGreaterThanOrEqual(400);
  expect(response.status, what).toBeLessThan(500);
  await expectProblemBody(response, what);
}

/** Anything but a 5xx; an error must still be a proper problem body. */
async function expectNo5xx(response: Response, what: string) {
  expect(response.status, what).toBeLessThan(500);
  if (response.status >= 400) await expectProblemBody(response, what);
  else await response.arrayBuffer();
}

describe.each(
  ENDPOINT_LIST.map(
    (endpoint) => [`${endpoint.method} /${endpoint.base}${endpoint.path}`, endpoint] as const,
  ),
)('%s', (_name, endpoint) => {
  const needsBearer = endpoint.auth === 'bearer';
  // Operations without a body or a search simply do not get those tests (rather than reporting them skipped).
  const bodyIt = endpoint.body !== null ? it : () => {};
  const searchIt = endpoint.search !== undefined ? it : () => {};

  it('answers a well-formed call without a 5xx', async () => {
    await expectNo5xx(await call(endpoint), 'baseline');
  });

  it('answers 4xx to malformed path parameters', async () => {
    for (const name of paramNames(endpoint)) {
      const bad = isCode(name)
        ? ['%zz', 'x'.repeat(300), '%E0%A4%A']
        : ['abc', '1.5', '99999999999999999999', '%zz', '1e999', '0x10', '%00', '-'];
      for (const value of bad) {
        const url = urlOf(endpoint, { ...goodParams(endpoint), [name]: value });
        await expect4xx(await call(endpoint, { url }), `${name}=${value}`);
      }
      await expect4xx(
        await call(endpoint, { url: urlOf(endpoint, { ...goodParams(endpoint), [name]: '' }) }),
        `${name} empty`,
      );
    }
  });

  it('answers 4xx to malformed queries', async () => {
    const queries = [
      'bogus=1',
      'page_number=0',
      'page_number=100001',
      'page_size=0',
      'page_size=2147483648',
      'page_size=abc',
      'filter_by=%zz',
      'filter_by=nofield:eq:1',
      'filter_by=id:explodes:1',
      'order_by=id%20sideways',
      'select=nofield',
      'page_size=1&page_size=1',
      '__proto__=1',
      'include_items=maybe',
      'created_since=yesterday',
    ];
    for (const query of queries) {
      const url = urlOf(endpoint, goodParams(endpoint), query);
      if (query === 'include_items=maybe' && !endpoint.query?.shape['include_items']) continue;
      await expect4xx(await call(endpoint, { url }), query);
    }
  });

  it('answers 401 to bad credentials', async () => {
    const json: Record<string, string> = endpoint.body ? { 'content-type': 'application/json' } : {};
    await expect4xx(await call(endpoint, { headers: { ...json } }), 'no key');
    await expect4xx(await call(endpoint, { headers: { ...json, 'x-api-key': 'wrong' } }), 'wrong key');
    if (!needsBearer) return;
    for (const authorization of [
      undefined,
      'Bearer',
      'Bearer garbage',
      'Basic ZGVtbzprZXk=',
      `Bearer ${'A'.repeat(5000)}`,
    ]) {
      const headers: Record<string, string> = { ...json, 'x-api-key': KEY };
      if (authorization !== undefined) headers['authorization'] = authorization;
      const response = await call(endpoint, { headers });
      expect(response.status, String(authorization)).toBe(401);
      await expectProblemBody(response, String(authorization));
    }
  });

  bodyIt('answers 4xx to malformed bodies and content types', async () => {
    const sample = SAMPLE_BODIES[endpoint.id]?.();
    expect(sample, 'a sample body for this operation').toBeDefined();
    const bodies = [
      '{',
      '',
      'null',
      '"text"',
      Array.isArray(sample) ? '{}' : '[]',
      JSON.stringify(wrongTypes(sample)),
      `{"a":${'['.repeat(200)}${']'.repeat(200)}}`,
      '{"__proto__":{"polluted":true}}',
      JSON.stringify(Array.isArray(sample) ? [{ surprise: 1 }] : { ...(sample as object), surprise: 1 }),
    ];
    for (const body of bodies) await expect4xx(await call(endpoint, { body }), body.slice(0, 60));
    // Some string fields have no bound in the API (customer names…), so huge strings may be accepted.
    await expectNo5xx(await call(endpoint, { body: JSON.stringify(hugeStrings(sample)) }), 'huge strings');
    for (const contentType of ['text/plain', 'application/xml', 'application/json; charset=latin1', '']) {
      const headers = { ...auth, ...(contentType ? { 'content-type': contentType } : {}) };
      await expect4xx(await call(endpoint, { headers }), `content-type ${contentType}`);
    }
  });

  it('never answers 5xx to arbitrary path parameters', async () => {
    if (paramNames(endpoint).length === 0) return;
    const param = (name: string) =>
      fc.oneof(
        fc.constantFrom(...poolFor(endpoint, name)).map((v) => encodeURIComponent(String(v))),
        fc.integer({ min: -10, max: 2 ** 31 }).map(String),
        fc.string({ maxLength: 30 }).map(encodeURIComponent),
      );
    const params = fc.record(Object.fromEntries(paramNames(endpoint).map((name) => [name, param(name)])));
    await fc.assert(
      fc.asyncProperty(params, async (values) => {
        await expectNo5xx(await call(endpoint, { url: urlOf(endpoint, values) }), JSON.stringify(values));
      }),
      { numRuns: RUNS, seed: 1 },
    );
  });

  searchIt('never answers 5xx to generated searches', async () => {
    const allowed = Object.keys(endpoint.query?.shape ?? {});
    await fc.assert(
      fc.asyncProperty(searchQuery(endpoint.search!), async (values) => {
        const url = urlOf(endpoint, goodParams(endpoint), queryString(values, allowed));
        await expectNo5xx(await call(endpoint, { url }), url);
      }),
      { numRuns: RUNS * 2, seed: 1 },
    );
  });

  bodyIt('never answers 5xx to mutated or arbitrary bodies', async () => {
    const sample = SAMPLE_BODIES[endpoint.id]?.() ?? {};
    const body = fc.oneof(
      fc
        .tuple(fc.constantFrom(...pathsOf(sample)), fc.jsonValue({ maxDepth: 2 }))
        .map(([path, value]) => replaced(sample, path, value)),
      fc.jsonValue({ maxDepth: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        const text = JSON.stringify(value) ?? 'null';
        await expectNo5xx(await call(endpoint, { body: text }), text.slice(0, 200));
      }),
      { numRuns: RUNS * 2, seed: 1 },
    );
  });
});
