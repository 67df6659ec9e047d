/**
 * Test helpers for the HTTP layer: a tiny state built from the contract's sample records and a handful of
 * handlers over it, so the HTTP, control and persistence tests do not depend on the generator or the domain.
 */
import { connect } from 'node:net';
import { expect } from 'vitest';
import { samplePurchaseOrder, samplePurchaseOrderItem } from '../../src/api/resources/fixtures';
import { sampleOutlet, sampleShippingPort, sampleSupplierInvoice } from '../../src/api/resources/fixtures';
import { user } from '../../src/api/resources/fixtures/common';
import { ProblemSchema, type Problem } from '../../src/api/resources/problem';
import { noContent, ok, type HandlerTable } from '../domain/context';
import { notFound } from '../errors';
import { startSimulator, type Simulator, type SimulatorOptions } from '../index';
import { emptyState } from '../search/testState';
import { nextId, type PurchaseOrderRow, type SimState } from '../state';

function orderRow(id: number, external: string | null): PurchaseOrderRow {
  const { purchase_order_items: _items, ...order } = samplePurchaseOrder({
    id,
    external_purchase_order_id: external,
  });
  const {
    product: _product,
    pricing: _pricing,
    inventory: _inventory,
    ...item
  } = samplePurchaseOrderItem({
    po_id: id,
  });
  return { ...order, id, items: [{ ...item, po_item_id: 90001, product_id: 5012 }] };
}

export function fixtureState(): SimState {
  const named = (names: string[]) => names.map((name, index) => ({ id: index + 1, name }));
  const empty = emptyState();
  return {
    ...empty,
    nextId: { purchaseOrders: 2000, supplierInvoices: 8000, shippingPorts: 10 },
    users: [user(7), user(8)],
    reference: {
      ...empty.reference,
      purchaseOrderStatuses: named(['Incomplete', 'OnOrder', 'ReceivingInProgress']),
    },
    msl: new Map([['5012:1', 6]]),
    outlets: new Map([[1, sampleOutlet({ id: 1 })]]),
    shippingPorts: new Map([[3, sampleShippingPort({ id: 3 })]]),
    purchaseOrders: new Map([[1001, orderRow(1001, 'dockhand-7f3a9c2e')]]),
    supplierInvoices: new Map([[7001, sampleSupplierInvoice({ id: 7001 })]]),
  };
}

/** A purchase order as the API answers it, without items. */
function orderView(row: PurchaseOrderRow) {
  const { items: _items, ...order } = row;
  return { ...order, purchase_order_items: null };
}

/** Path parameters arrive validated (int32 ids); the table's generic schema types them as unknown. */
const idOf = (params: Record<string, unknown>): number => params['id'] as number;

/** Just enough of the domain for the HTTP layer's tests; every other operation answers 501. */
export const fixtureHandlers: Partial<HandlerTable> = {
  getOutlet: ({ state, params }) =>
    ok(state.outlets.get(idOf(params)) ?? throwing(notFound('outlet', idOf(params)))),
  getShippingPort: ({ state, params }) =>
    ok(state.shippingPorts.get(idOf(params)) ?? throwing(notFound('shipping port', idOf(params)))),
  createShippingPort: ({ state, body }) => {
    const port = { id: nextId(state, 'shippingPorts'), name: body.name };
    state.shippingPorts.set(port.id, port);
    return ok(port);
  },
  deleteShippingPort: ({ state, params }) => {
    if (!state.shippingPorts.delete(idOf(params))) throw notFound('shipping port', idOf(params));
    return noContent();
  },
  getPurchaseOrder: ({ state, params }) => {
    const row = state.purchaseOrders.get(idOf(params));
    if (!row) throw notFound('purchase order', idOf(params));
    return ok(orderView(row));
  },
  createPurchaseOrder: ({ state, body }) => {
    const row = orderRow(nextId(state, 'purchaseOrders'), body.external_purchase_order_id ?? null);
    row.items = (body.purchase_order_items ?? []).map((item, index) => ({
      ...row.items[0]!,
      po_item_id: row.id * 100 + index,
      product_id: item.product.id,
      quantity_ordered: item.quantity_ordered ?? 0,
    }));
    state.purchaseOrders.set(row.id, row);
    return ok(orderView(row));
  },
  searchPurchaseOrders: ({ state }) => {
    const data = [...state.purchaseOrders.values()].map(orderView);
    return ok({ data, page_number: 1, page_size: data.length, total_records: data.length });
  },
  searchPurchaseOrderItems: ({ state, params, query }) => {
    const row = state.purchaseOrders.get(idOf(params));
    if (!row) throw notFound('purchase order', idOf(params));
    const fields = query.select?.split(',') ?? [];
    const data = row.items.map((item) =>
      Object.fromEntries(
        fields.map((field) => [field, field === 'id' ? item.po_item_id : item.quantity_ordered]),
      ),
    );
    return ok({ data, page_number: 1, page_size: 50, total_records: data.length });
  },
};

function throwing(error: Error): never {
  throw error;
}

export const KEY = 'demo-key';
export const RESTRICTED_KEY = 'restricted-key';

export interface TestSimulator extends Simulator {
  /** Fetches a token for `key` and returns the headers of an authenticated call. */
  authHeaders(key?: string): Promise<Record<string, string>>;
}

export async function startTestSimulator(options: SimulatorOptions = {}): Promise<TestSimulator> {
  const simulator = await startSimulator({
    state: fixtureState(),
    handlers: fixtureHandlers,
    restrictedKey: RESTRICTED_KEY,
    ...options,
  });
  return {
    ...simulator,
    authHeaders: async (key = KEY) => {
      const response = await fetch(`${simulator.baseUrl}/auth/token`, { headers: { 'x-api-key': key } });
      expect(response.status).toBe(200);
      const token = (await response.json()) as { access_token: string };
      return { 'x-api-key': key, authorization: `Bearer ${token.access_token}` };
    },
  };
}

/** Asserts a problem response (content type, body shape, status echoed) and returns its body. */
export async function expectProblem(response: Response, status: number): Promise<Problem> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  const body = ProblemSchema.parse(await response.json());
  expect(body.status).toBe(status);
  return body;
}

/** Sends raw bytes (for targets fetch would normalise: `..`, NUL, bad request lines) and returns the reply. */
export function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    let reply = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.on('close', () => resolve(reply));
    socket.on('error', reject);
  });
}

/** The status code of a raw HTTP reply. */
export const statusOf = (reply: string): number => Number(/^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1] ?? 0);
