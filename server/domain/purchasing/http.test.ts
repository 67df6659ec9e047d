/**
 * Conformance over real HTTP for the 18 purchasing operations, on the fixture state: status codes, bodies
 * that parse with the contract (the server's own response validation is on too), 404s, 400s with field
 * errors for bound violations and unknown references, 409s for the state rules, and the receiving flow end
 * to end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ENDPOINTS, selectionPageSchema, type Endpoints, type OperationId } from '../../../src/api/endpoints';
import { ProblemSchema, type PurchaseOrder, type SupplierInvoice } from '../../../src/api/resources';
import { startSimulator, type Simulator } from '../../index';
import { purchasingHandlers } from './index';
import { fixtureOrderBody, fixtureState, TestClock } from './testing';

let sim: Simulator;
let headers: Record<string, string>;
const clock = new TestClock();

beforeAll(async () => {
  sim = await startSimulator({
    port: 0,
    state: fixtureState(),
    handlers: purchasingHandlers,
    now: clock.now,
    rateLimit: 100_000,
  });
  const token = (await (
    await fetch(`${sim.baseUrl}/auth/token`, { headers: { 'x-api-key': 'demo-key' } })
  ).json()) as {
    access_token: string;
  };
  headers = { 'x-api-key': 'demo-key', authorization: `Bearer ${token.access_token}` };
});

afterAll(async () => {
  await sim.stop();
});

interface Reply {
  status: number;
  body: unknown;
}

async function send(method: string, path: string, body?: unknown): Promise<Reply> {
  clock.tick();
  const response = await fetch(`${sim.baseUrl}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

type ResponseOf<Op extends OperationId> = Endpoints[Op]['response'] extends z.ZodType
  ? z.output<Endpoints[Op]['response']>
  : undefined;

/** A success reply of `op`: its status code, and a body that parses with its response schema. */
function expectSuccess<Op extends OperationId>(reply: Reply, op: Op): ResponseOf<Op> {
  const endpoint = ENDPOINTS[op];
  expect(reply.status, JSON.stringify(reply.body)).toBe(endpoint.status);
  if (endpoint.response === null) {
    expect(reply.body).toBeUndefined();
    return undefined as ResponseOf<Op>;
  }
  const schema = endpoint.response as z.ZodType;
  return schema.parse(reply.body) as ResponseOf<Op>;
}

/** A problem reply with this status; returns its field-error keys. */
function expectProblem(reply: Reply, status: number): string[] {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  const problem = ProblemSchema.parse(reply.body);
  expect(problem.status).toBe(status);
  return Object.keys(problem.errors ?? {});
}

let externalIds = 0;
const orderBody = (overrides: Record<string, unknown> = {}) =>
  fixtureOrderBody(`dockhand-http-${++externalIds}`, [10, 4], overrides);

async function createOrder(overrides: Record<string, unknown> = {}): Promise<PurchaseOrder> {
  return expectSuccess(
    await send('POST', '/purchaseorders', orderBody(overrides)),
    'createPurchaseOrder',
  ) as PurchaseOrder;
}

const itemIds = (po: PurchaseOrder) => po.purchase_order_items!.map((item) => item.po_item_id!);

async function receive(po: PurchaseOrder, quantities: number[], extra: Record<string, unknown> = {}) {
  return send('POST', '/supplierinvoices', {
    supplier_invoice_number: `INV-${po.id}-${++externalIds}`,
    purchase_order_receipts: [
      {
        purchase_order_id: po.id,
        purchase_order_receipt_items: itemIds(po).map((id, i) => ({
          purchase_order_item_id: id,
          quantity_received: quantities[i] ?? 0,
        })),
      },
    ],
    ...extra,
  });
}

describe('purchase orders over HTTP', () => {
  it('createPurchaseOrder: 201, 400 for bounds and unknown references, 409 for a reused id', async () => {
    const po = await createOrder({ external_purchase_order_id: 'dockhand-http-unique' });
    expect(po.purchase_order_items).toHaveLength(2);
    expect(
      expectProblem(
        await send(
          'POST',
          '/purchaseorders',
          orderBody({ purchase_order_items: [{ product: { id: 101 }, quantity_ordered: 0 }] }),
        ),
        400,
      ),
    ).toEqual(['purchase_order_items[0].quantity_ordered']);
    expect(
      expectProblem(
        await send(
          'POST',
          '/purchaseorders',
          orderBody({
            supplier: { id: 999 },
            purchase_order_items: [{ product: { id: 999 }, quantity_ordered: 1 }],
          }),
        ),
        400,
      ).sort(),
    ).toEqual(['purchase_order_items[0].product.id', 'supplier.id']);
    expectProblem(
      await send(
        'POST',
        '/purchaseorders',
        orderBody({ external_purchase_order_id: 'dockhand-http-unique' }),
      ),
      409,
    );
  });

  it('getPurchaseOrder: 200 with and without items, 404, 400 for a bad id', async () => {
    const po = await createOrder();
    const bare = expectSuccess(await send('GET', `/purchaseorders/${po.id}`), 'getPurchaseOrder');
    expect(bare.purchase_order_items).toBeNull();
    const full = expectSuccess(
      await send('GET', `/purchaseorders/${po.id}?include_items=true`),
      'getPurchaseOrder',
    );
    expect(full.purchase_order_items).toHaveLength(2);
    expectProblem(await send('GET', '/purchaseorders/999999'), 404);
    expect(expectProblem(await send('GET', '/purchaseorders/2147483648'), 400)).toEqual(['id']);
  });

  it('searchPurchaseOrders: 200 (filter by external id, items), 400 for a bad clause', async () => {
    const po = await createOrder();
    const page = expectSuccess(
      await send(
        'GET',
        `/purchaseorders?filter_by=external_purchase_order_id:eq:${po.external_purchase_order_id}&include_items=true`,
      ),
      'searchPurchaseOrders',
    );
    expect(page.total_records).toBe(1);
    expect(page.data![0]!.purchase_order_items).toHaveLength(2);
    expect(expectProblem(await send('GET', '/purchaseorders?filter_by=nope:eq:1'), 400)).toEqual([
      'filter_by',
    ]);
    expect(expectProblem(await send('GET', '/purchaseorders?page_number=0'), 400)).toEqual(['page_number']);
  });

  it('searchPurchaseOrderItems: 200 (full and selected), 404, 400 for a bad select', async () => {
    const po = await createOrder();
    const page = expectSuccess(
      await send('GET', `/purchaseorders/${po.id}/purchaseorderitems`),
      'searchPurchaseOrderItems',
    );
    expect(page.total_records).toBe(2);
    const selected = await send(
      'GET',
      `/purchaseorders/${po.id}/purchaseorderitems?select=id,quantity_remaining`,
    );
    expect(selected.status).toBe(200);
    expect(
      selectionPageSchema('searchPurchaseOrderItems', ['id', 'quantity_remaining']).parse(selected.body).data,
    ).toEqual([
      { id: itemIds(po)[0], quantity_remaining: 10 },
      { id: itemIds(po)[1], quantity_remaining: 4 },
    ]);
    expectProblem(await send('GET', '/purchaseorders/999999/purchaseorderitems'), 404);
    expect(
      expectProblem(await send('GET', `/purchaseorders/${po.id}/purchaseorderitems?select=nope`), 400),
    ).toEqual(['select']);
  });

  it('deletePurchaseOrderItem: 204, 404, 409 for a received line', async () => {
    const po = await createOrder();
    const [first, second] = itemIds(po);
    expectSuccess(
      await send('DELETE', `/purchaseorders/${po.id}/purchaseorderitems/${first}`),
      'deletePurchaseOrderItem',
    );
    expectProblem(await send('DELETE', `/purchaseorders/${po.id}/purchaseorderitems/${first}`), 404);
    expectProblem(await send('DELETE', `/purchaseorders/999999/purchaseorderitems/${second}`), 404);
    const after = expectSuccess(
      await send('GET', `/purchaseorders/${po.id}?include_items=true`),
      'getPurchaseOrder',
    );
    expect(after).toMatchObject({ total_quantity_ordered: 4 });
    expectSuccess(await receive(after as PurchaseOrder, [1]), 'createSupplierInvoice');
    expectProblem(await send('DELETE', `/purchaseorders/${po.id}/purchaseorderitems/${second}`), 409);
  });
});

describe('supplier invoices over HTTP', () => {
  it('receiving flow: create PO → receipt → quantities and status → finalise → Received', async () => {
    const po = await createOrder();
    const partial = expectSuccess(await receive(po, [6, 4]), 'createSupplierInvoice') as SupplierInvoice;
    expect(partial.status).toBe('In Progress');
    const receiving = expectSuccess(
      await send('GET', `/purchaseorders/${po.id}?include_items=true`),
      'getPurchaseOrder',
    );
    expect(receiving).toMatchObject({
      status: { name: 'ReceivingInProgress' },
      total_quantity_received: 10,
      total_quantity_remaining: 4,
    });
    expect(receiving.purchase_order_items!.map((item) => item.quantity_remaining)).toEqual([4, 0]);

    const rest = expectSuccess(await receive(po, [4, 0]), 'createSupplierInvoice') as SupplierInvoice;
    expectSuccess(
      await send('PUT', `/supplierinvoices/${partial.id}`, { status: 'Finalised' }),
      'updateSupplierInvoice',
    );
    // Every line is complete, but the order stays open while an invoice on it is still In Progress.
    const waiting = expectSuccess(await send('GET', `/purchaseorders/${po.id}`), 'getPurchaseOrder');
    expect(waiting.status.name).toBe('ReceivingInProgress');
    const finalised = expectSuccess(
      await send('PUT', `/supplierinvoices/${rest.id}`, { status: 'Finalised' }),
      'updateSupplierInvoice',
    );
    expect(finalised.finalised_on).not.toBeNull();
    const received = expectSuccess(await send('GET', `/purchaseorders/${po.id}`), 'getPurchaseOrder');
    expect(received).toMatchObject({ status: { name: 'Received' }, received_on: finalised.finalised_on });

    expectProblem(await receive(po, [1, 0]), 409);
    expectProblem(await send('PUT', `/supplierinvoices/${rest.id}`, { notes: 'late' }), 409);
  });

  it('createSupplierInvoice: 400 for unknown lines and bounds, 409 for a duplicate number', async () => {
    const po = await createOrder();
    const keys = expectProblem(
      await send('POST', '/supplierinvoices', {
        supplier_invoice_number: 'INV-X',
        purchase_order_receipts: [
          {
            purchase_order_id: 999999,
            purchase_order_receipt_items: [{ purchase_order_item_id: 1, quantity_received: 1 }],
          },
          {
            purchase_order_id: po.id,
            purchase_order_receipt_items: [{ purchase_order_item_id: 999999, quantity_received: 1 }],
          },
        ],
      }),
      400,
    );
    expect(keys).toEqual([
      'purchase_order_receipts[0].purchase_order_id',
      'purchase_order_receipts[1].purchase_order_receipt_items[0].purchase_order_item_id',
    ]);
    expect(expectProblem(await receive(po, [-1, 0]), 400)).toContain(
      'purchase_order_receipts[0].purchase_order_receipt_items[0].quantity_received',
    );
    const first = expectSuccess(await receive(po, [1, 0]), 'createSupplierInvoice') as SupplierInvoice;
    expectProblem(await receive(po, [1, 0], { supplier_invoice_number: first.supplier_invoice_number }), 409);
  });

  it('getSupplierInvoice / searchSupplierInvoices / updateSupplierInvoice: 200, 404, 400', async () => {
    const po = await createOrder();
    const invoice = expectSuccess(await receive(po, [1, 0]), 'createSupplierInvoice') as SupplierInvoice;
    expectSuccess(await send('GET', `/supplierinvoices/${invoice.id}`), 'getSupplierInvoice');
    expectProblem(await send('GET', '/supplierinvoices/999999'), 404);
    const page = expectSuccess(
      await send(
        'GET',
        `/supplierinvoices?filter_by=supplier_invoice_number:eq:${invoice.supplier_invoice_number},purchase_order_id:eq:${po.id}`,
      ),
      'searchSupplierInvoices',
    );
    expect(page.data!.map((row) => row.id)).toEqual([invoice.id]);
    expect(expectProblem(await send('GET', '/supplierinvoices?page_size=0'), 400)).toEqual(['page_size']);
    expect(
      expectProblem(
        await send('PUT', `/supplierinvoices/${invoice.id}`, {
          landed_costs_calculation: 'Currency Conversion',
        }),
        400,
      ),
    ).toEqual(['currency_conversion']);
    expect(
      expectProblem(await send('PUT', `/supplierinvoices/${invoice.id}`, { currency_conversion: 0 }), 400),
    ).toEqual(['currency_conversion']);
    expectProblem(await send('PUT', '/supplierinvoices/999999', { notes: 'x' }), 404);
    const updated = expectSuccess(
      await send('PUT', `/supplierinvoices/${invoice.id}`, { notes: 'Checked', currency_conversion: 1.5 }),
      'updateSupplierInvoice',
    );
    expect(updated).toMatchObject({ notes: 'Checked', currency_conversion: 1.5 });
  });
});

describe('supplier returns over HTTP', () => {
  it('items: create 201 / 400 / 404 / 409, read 200 / 404, search 200 / 404 / 400', async () => {
    /** A return item's create body: product, reason and quantity. */
    const item = (product: number, reason: number, quantity: number) => ({
      product: { id: product },
      supplier_return_reason: { id: reason },
      return_quantity: quantity,
    });
    const addTo = (returnId: number, body: ReturnType<typeof item>) =>
      send('POST', `/supplierreturns/${returnId}/supplierreturnitems`, body);
    const created = expectSuccess(await addTo(8001, item(101, 5, 2)), 'createSupplierReturnItem');
    expect(expectProblem(await addTo(8001, item(101, 6, 0)), 400)).toEqual(['return_quantity']);
    expect(expectProblem(await addTo(8001, item(999, 6, 1)), 400).sort()).toEqual([
      'product.id',
      'supplier_return_reason.id',
    ]);
    expectProblem(await addTo(999999, item(101, 5, 1)), 404);
    expectProblem(await addTo(8002, item(101, 5, 1)), 409);

    expectSuccess(
      await send('GET', `/supplierreturns/8001/supplierreturnitems/${created.id}`),
      'getSupplierReturnItem',
    );
    expectProblem(await send('GET', '/supplierreturns/8001/supplierreturnitems/8101'), 404);
    const page = expectSuccess(
      await send('GET', '/supplierreturns/8001/supplierreturnitems?order_by=id desc'),
      'searchSupplierReturnItems',
    );
    expect(page.data!.map((row) => row.id)).toEqual([created.id]);
    expectProblem(await send('GET', '/supplierreturns/999999/supplierreturnitems'), 404);
    expect(
      expectProblem(await send('GET', '/supplierreturns/8001/supplierreturnitems?ids=1;2'), 400),
    ).toEqual(['ids']);
  });

  it('getSupplierReturn / updateSupplierReturn: 200, 404, 400, 409 transitions', async () => {
    expectSuccess(await send('GET', '/supplierreturns/8002'), 'getSupplierReturn');
    expectProblem(await send('GET', '/supplierreturns/999999'), 404);
    expect(
      expectProblem(await send('PUT', '/supplierreturns/8001', { notes: 'x'.repeat(8001) }), 400),
    ).toEqual(['notes']);
    expect(expectProblem(await send('PUT', '/supplierreturns/8001', { supplier: { id: 999 } }), 400)).toEqual(
      ['supplier.id'],
    );
    const moved = expectSuccess(
      await send('PUT', '/supplierreturns/8001', {
        supplier_return_status: { id: 2 },
        return_authorisation: 'RA-9',
      }),
      'updateSupplierReturn',
    );
    expect(moved).toMatchObject({
      supplier_return_status: { name: 'In Progress' },
      return_authorisation: 'RA-9',
    });
    expectProblem(await send('PUT', '/supplierreturns/8001', { supplier_return_status: { id: 1 } }), 409);
    expectProblem(await send('PUT', '/supplierreturns/8002', { notes: 'late' }), 409);
    expectProblem(await send('PUT', '/supplierreturns/999999', { notes: 'x' }), 404);
  });
});

describe('credit notes over HTTP', () => {
  it('searchCreditNotes / getCreditNote: 200, 404, 400', async () => {
    const page = expectSuccess(await send('GET', '/creditnotes?supplier_ids=41'), 'searchCreditNotes');
    expect(page.data!.map((row) => row.id)).toEqual([9001]);
    const byIds = expectSuccess(
      await send('GET', '/creditnotes?ids=9002&supplier_ids=41'),
      'searchCreditNotes',
    );
    expect(byIds.data!.map((row) => row.id)).toEqual([9002]);
    expect(
      expectProblem(await send('GET', `/creditnotes?supplier_reference=${'x'.repeat(51)}`), 400),
    ).toEqual(['supplier_reference']);
    expectSuccess(await send('GET', '/creditnotes/9001'), 'getCreditNote');
    expectProblem(await send('GET', '/creditnotes/1'), 404);
  });

  it('searchCreditNoteItems / getCreditNoteItem: 200, 404, 400', async () => {
    const page = expectSuccess(
      await send('GET', '/creditnotes/9001/creditnoteitems?supplier_return_item_ids=8101'),
      'searchCreditNoteItems',
    );
    expect(page.data!.map((row) => row.id)).toEqual([9101]);
    expectProblem(await send('GET', '/creditnotes/1/creditnoteitems'), 404);
    expect(
      expectProblem(await send('GET', '/creditnotes/9001/creditnoteitems?modified_since=yesterday'), 400),
    ).toEqual(['modified_since']);
    expectSuccess(await send('GET', '/creditnotes/9001/creditnoteitems/9102'), 'getCreditNoteItem');
    expectProblem(await send('GET', '/creditnotes/9001/creditnoteitems/9103'), 404);
  });
});
