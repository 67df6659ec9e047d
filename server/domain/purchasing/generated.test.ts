/**
 * The purchasing handlers over the generator's small dataset: every generated record reads back through the
 * views and parses with the contract, and the receiving flow works on generated orders over real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreditNoteSchema,
  PurchaseOrderSchema,
  SupplierInvoiceSchema,
  SupplierReturnSchema,
  type PurchaseOrder,
} from '../../../src/api/resources';
import { generateState } from '../../data';
import { startSimulator, type Simulator } from '../../index';
import type { SimState } from '../../state';
import { purchasingHandlers } from './index';
import { call } from './testing';

describe('generated small dataset', () => {
  let state: SimState;
  beforeAll(() => {
    state = generateState({ dataset: 'small', seed: 1 });
  });

  it('every purchase order reads back with its items and parses', () => {
    for (const id of state.purchaseOrders.keys()) {
      PurchaseOrderSchema.parse(
        call(state, 'getPurchaseOrder', { params: { id }, query: { include_items: true } }),
      );
    }
  });

  it('every invoice, return and credit note reads back and parses', () => {
    for (const id of state.supplierInvoices.keys())
      SupplierInvoiceSchema.parse(call(state, 'getSupplierInvoice', { params: { id } }));
    for (const id of state.supplierReturns.keys())
      SupplierReturnSchema.parse(call(state, 'getSupplierReturn', { params: { id } }));
    for (const id of state.creditNotes.keys())
      CreditNoteSchema.parse(call(state, 'getCreditNote', { params: { id } }));
  });

  it('adds an item to a generated open return and totals it with the generated ones', () => {
    const ret = [...state.supplierReturns.values()].find(
      (r) => r.supplier_return_status.name !== 'Finalised',
    )!;
    const reason = [...state.returnReasons.values()].find((r) => !r.deleted)!;
    const product = state.products.values().next().value!;
    const before = ret.total_return_quantity;
    call(state, 'createSupplierReturnItem', {
      params: { id: ret.id },
      body: { product: { id: product.id }, supplier_return_reason: { id: reason.id! }, return_quantity: 3 },
    });
    expect(state.supplierReturns.get(ret.id)!.total_return_quantity).toBe(before + 3);
  });
});

describe('receiving generated orders over HTTP', () => {
  let sim: Simulator;
  let headers: Record<string, string>;

  beforeAll(async () => {
    sim = await startSimulator({
      port: 0,
      dataset: 'small',
      seed: 1,
      handlers: purchasingHandlers,
      rateLimit: 100_000,
    });
    const reply = await fetch(`${sim.baseUrl}/auth/token`, { headers: { 'x-api-key': 'demo-key' } });
    const token = (await reply.json()) as { access_token: string };
    headers = {
      'x-api-key': 'demo-key',
      authorization: `Bearer ${token.access_token}`,
      'content-type': 'application/json',
    };
  });
  afterAll(async () => {
    await sim.stop();
  });

  const send = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${sim.baseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };

  it('receives everything outstanding on an OnOrder order and finalises it to Received', async () => {
    const page = await send(
      'GET',
      '/purchaseorders?filter_by=status:eq:OnOrder&include_items=true&page_size=1',
    );
    expect(page.status).toBe(200);
    const po = (page.body as { data: PurchaseOrder[] }).data[0]!;
    const product = po.purchase_order_items![0]!.product.id;
    const onOrderBefore = po.purchase_order_items![0]!.inventory.quantity_on_order;
    const remaining = po.purchase_order_items![0]!.quantity_remaining!;

    const created = await send('POST', '/supplierinvoices', {
      supplier_invoice_number: `INV-GEN-${po.id}`,
      purchase_order_receipts: [
        {
          purchase_order_id: po.id,
          purchase_order_receipt_items: po.purchase_order_items!.map((item) => ({
            purchase_order_item_id: item.po_item_id,
            quantity_received: item.quantity_remaining,
          })),
        },
      ],
    });
    expect(created.status).toBe(201);
    const invoice = SupplierInvoiceSchema.parse(created.body);
    expect(invoice.purchase_order_receipts[0]!.id).toBeGreaterThanOrEqual(300000); // the generator's range

    const receiving = PurchaseOrderSchema.parse(
      (await send('GET', `/purchaseorders/${po.id}?include_items=true`)).body,
    );
    expect(receiving).toMatchObject({ status: { name: 'ReceivingInProgress' }, total_quantity_remaining: 0 });
    const line = receiving.purchase_order_items!.find((item) => item.product.id === product)!;
    expect(line.inventory.quantity_on_order).toBe(onOrderBefore - remaining);

    const finalised = await send('PUT', `/supplierinvoices/${invoice.id}`, { status: 'Finalised' });
    expect(finalised.status).toBe(200);
    const received = PurchaseOrderSchema.parse((await send('GET', `/purchaseorders/${po.id}`)).body);
    expect(received.status.name).toBe('Received');
    expect(
      (await send('DELETE', `/purchaseorders/${po.id}/purchaseorderitems/${line.po_item_id}`)).status,
    ).toBe(409);
  });

  it('answers a 500-order page with items, validated against the contract', async () => {
    const reply = await send(
      'GET',
      '/purchaseorders?include_items=true&page_size=500&order_by=modified_on desc',
    );
    expect(reply.status).toBe(200);
    expect((reply.body as { data: unknown[] }).data.length).toBe(sim.state.purchaseOrders.size);
  });
});
