import { describe, expect, it } from 'vitest';
import { samplePurchaseOrderCreate } from '../../../src/api/requests/fixtures';
import { SupplierInvoiceSchema, type SupplierInvoice } from '../../../src/api/resources';
import type { SimState } from '../../state';
import { call, fixtureState, problemOf, refusalStatus, TestClock } from './testing';

/** Order 1 (OnOrder, outlet 1): item 1 = 10 × product 101 at 8.00, item 2 = 4 × product 102 at 20.00. */
function stateWithOrder(clock = new TestClock()) {
  const state = fixtureState();
  call(
    state,
    'createPurchaseOrder',
    {
      body: samplePurchaseOrderCreate({
        external_purchase_order_id: 'dockhand-po-1',
        status: { id: 2 },
        outlet: { id: 1 },
        supplier: { id: 41 },
        shipping_type: null,
        shipping_port: null,
        country_of_origin: null,
        fob_currency: undefined,
        purchase_order_items: [
          { product: { id: 101 }, quantity_ordered: 10, supplier_buy_ex: 8 },
          { product: { id: 102 }, quantity_ordered: 4 },
        ],
      }),
    },
    clock,
  );
  return state;
}

type ReceiptLine = { purchase_order_item_id: number; quantity_received: number } & Record<string, unknown>;

const invoiceBody = (lines: ReceiptLine[], overrides: Record<string, unknown> = {}) => ({
  supplier_invoice_number: 'INV-1',
  purchase_order_receipts: [{ purchase_order_id: 1, purchase_order_receipt_items: lines }],
  ...overrides,
});

const createInvoice = (state: SimState, body: unknown, clock = new TestClock()) =>
  SupplierInvoiceSchema.parse(call(state, 'createSupplierInvoice', { body }, clock));

/** The order, then a tick later an invoice receiving `lines` into it: the state, that moment and the invoice. */
function invoicedLater(lines: ReceiptLine[], overrides: Record<string, unknown> = {}) {
  const clock = new TestClock();
  const state = stateWithOrder(clock);
  const at = clock.tick();
  return { state, at, invoice: createInvoice(state, invoiceBody(lines, overrides), clock) };
}

const order = (state: SimState) => state.purchaseOrders.get(1)!;
const stock = (state: SimState, productId: number) =>
  state.products.get(productId)!.inventory.find((entry) => entry.outlet.id === 1)!;

describe('createSupplierInvoice', () => {
  it('receives into the order: quantities, totals, status, stock and audit fields', () => {
    const { state, at, invoice } = invoicedLater([
      { purchase_order_item_id: 1, quantity_received: 6, quantity_faulty: 1, include_tax: true },
      { purchase_order_item_id: 2, quantity_received: 5, buy_price_ex: 19, quantity_invoiced: 4 },
    ]);
    expect(invoice).toMatchObject({
      id: 1,
      status: 'In Progress',
      created_on: at,
      finalised_on: null,
      finalised_by: null,
      purchase_order_receipts: [
        {
          id: 1,
          purchase_order_id: 1,
          purchase_order_receipt_items: [
            {
              purchase_order_item_id: 1,
              quantity_invoiced: 6,
              buy_price_ex: 8,
              include_tax: true,
              bin: null,
            },
            { purchase_order_item_id: 2, quantity_invoiced: 4, buy_price_ex: 19, include_tax: false },
          ],
        },
      ],
      // 6 × 8 (taxed 4.80) + 4 × 19
      total_buy_price_ex: 124,
      total_tax: 4.8,
      total_buy_price_inc: 128.8,
      total_applied_buy_price_ex: 124,
    });
    const po = order(state);
    expect(po.status.name).toBe('ReceivingInProgress');
    expect(po).toMatchObject({ total_quantity_received: 11, total_quantity_remaining: 4, modified_on: at });
    expect(po.items[0]).toMatchObject({
      quantity_received: 6,
      quantity_remaining: 4,
      quantity_received_variance: null,
    });
    expect(po.items[1]).toMatchObject({
      quantity_received: 5,
      quantity_remaining: 0,
      quantity_received_variance: 1,
      variance_reason: { name: 'Over supplied' },
      modified_on: at,
    });
    // On order: 10 + 4 before; 4 + 0 after. Available rises by the sellable units (faulty excluded).
    expect(stock(state, 101)).toMatchObject({ quantity_on_order: 4, quantity_available: 10 + 5 });
    expect(stock(state, 102)).toMatchObject({ quantity_on_order: 2, quantity_available: 5 + 5 });
  });

  it('adds taxed direct costs and the rounding adjustment to the totals', () => {
    const state = stateWithOrder();
    const invoice = createInvoice(
      state,
      invoiceBody([{ purchase_order_item_id: 1, quantity_received: 1 }], {
        rounding_adjustment: -0.02,
        direct_costs: { freight: { includes_tax: true, total_ex: 50 }, duty: { total_ex: 10 } },
      }),
    );
    expect(invoice.direct_costs).toEqual({
      freight: { includes_tax: true, total_ex: 50, total_tax: 5, total_inc: 55 },
      misc: { includes_tax: false, total_ex: 0, total_tax: 0, total_inc: 0 },
      duty: { total_ex: 10, total_tax: 0, total_inc: 10 },
    });
    expect(invoice).toMatchObject({ total_buy_price_ex: 68, total_tax: 5, total_buy_price_inc: 72.98 });
  });

  it('created as Finalised with every line complete moves the order to Received', () => {
    const { state, at, invoice } = invoicedLater(
      [
        { purchase_order_item_id: 1, quantity_received: 10 },
        { purchase_order_item_id: 2, quantity_received: 4 },
      ],
      { status: 'Finalised' },
    );
    expect(invoice).toMatchObject({ status: 'Finalised', finalised_on: at, finalised_by: state.users[0] });
    expect(order(state)).toMatchObject({ status: { name: 'Received' }, received_on: at });
    expect(stock(state, 101).quantity_on_order).toBe(0);
  });

  it('created as Finalised with lines still open leaves the order receiving', () => {
    const state = stateWithOrder();
    createInvoice(
      state,
      invoiceBody([{ purchase_order_item_id: 1, quantity_received: 10 }], { status: 'Finalised' }),
    );
    expect(order(state).status.name).toBe('ReceivingInProgress');
    expect(order(state).received_on).toBeNull();
  });

  it('names unknown orders and lines at their field in one 400, and changes nothing', () => {
    const state = stateWithOrder();
    const problem = problemOf(() =>
      createInvoice(state, {
        supplier_invoice_number: 'INV-1',
        purchase_order_receipts: [
          {
            purchase_order_id: 1,
            purchase_order_receipt_items: [{ purchase_order_item_id: 1, quantity_received: 1 }],
          },
          {
            purchase_order_id: 1,
            purchase_order_receipt_items: [{ purchase_order_item_id: 99, quantity_received: 1 }],
          },
          {
            purchase_order_id: 42,
            purchase_order_receipt_items: [{ purchase_order_item_id: 1, quantity_received: 1 }],
          },
        ],
      }),
    );
    expect(problem.status).toBe(400);
    expect(Object.keys(problem.errors!)).toEqual([
      'purchase_order_receipts[1].purchase_order_receipt_items[0].purchase_order_item_id',
      'purchase_order_receipts[2].purchase_order_id',
    ]);
    expect(order(state).items[0]!.quantity_received).toBe(0);
    expect(state.supplierInvoices.size).toBe(0);
  });

  it('refuses a receipt id on a new invoice (400)', () => {
    const state = stateWithOrder();
    const body = invoiceBody([{ purchase_order_item_id: 1, quantity_received: 1 }]);
    body.purchase_order_receipts[0] = { ...body.purchase_order_receipts[0]!, id: 5 } as never;
    expect(problemOf(() => createInvoice(state, body)).errors).toHaveProperty(
      'purchase_order_receipts[0].id',
    );
  });

  it('answers 409 for a received or cancelled order', () => {
    const state = stateWithOrder();
    const line = [
      { purchase_order_item_id: 1, quantity_received: 10 },
      { purchase_order_item_id: 2, quantity_received: 4 },
    ];
    createInvoice(state, invoiceBody(line, { status: 'Finalised' }));
    const problem = problemOf(() =>
      createInvoice(state, invoiceBody(line, { supplier_invoice_number: 'INV-2' })),
    );
    expect(problem.status).toBe(409);
    expect(problem.detail).toContain('Received');
    expect(order(state).items[0]!.quantity_received).toBe(10);
  });

  it('answers 409 for a reused invoice number on the same order; another order may reuse it', () => {
    const state = stateWithOrder();
    createInvoice(state, invoiceBody([{ purchase_order_item_id: 1, quantity_received: 1 }]));
    const problem = problemOf(() =>
      createInvoice(state, invoiceBody([{ purchase_order_item_id: 1, quantity_received: 1 }])),
    );
    expect(problem.status).toBe(409);
    expect(order(state).items[0]!.quantity_received).toBe(1);
    // Findable by number + purchase order, as the sync engine looks an uncertain create up.
    const page = call(state, 'searchSupplierInvoices', {
      query: { filter_by: 'supplier_invoice_number:eq:INV-1,purchase_order_id:eq:1' },
    }) as { total_records: number };
    expect(page.total_records).toBe(1);

    // A second order (ids 2, items 3 and 4) may carry the same supplier number.
    call(state, 'createPurchaseOrder', {
      body: {
        outlet: { id: 1 },
        supplier: { id: 41 },
        purchase_order_items: [{ product: { id: 101 }, quantity_ordered: 1 }],
      },
    });
    const other = createInvoice(state, {
      supplier_invoice_number: 'INV-1',
      purchase_order_receipts: [
        {
          purchase_order_id: 2,
          purchase_order_receipt_items: [{ purchase_order_item_id: 3, quantity_received: 1 }],
        },
      ],
    });
    expect(other.id).toBe(2);
  });
});

describe('updateSupplierInvoice', () => {
  const setup = () => {
    const clock = new TestClock();
    const state = stateWithOrder(clock);
    createInvoice(state, invoiceBody([{ purchase_order_item_id: 1, quantity_received: 10 }]), clock);
    return { state, clock };
  };
  const update = (state: SimState, body: unknown, clock = new TestClock(), id = 1) =>
    SupplierInvoiceSchema.parse(call(state, 'updateSupplierInvoice', { params: { id }, body }, clock));

  it('changes only what is sent, recomputes totals and bumps modified_on', () => {
    const { state, clock } = setup();
    const before = structuredClone(state.supplierInvoices.get(1)!);
    const at = clock.tick();
    const updated = update(
      state,
      {
        notes: 'Checked',
        supplier_invoiced_on: '2026-03-16',
        landed_costs_calculation: 'Currency Conversion',
        currency_conversion: 1.5,
        international_order: true,
        origin_country: { id: 3 },
      },
      clock,
    );
    expect(updated).toEqual({
      ...before,
      notes: 'Checked',
      supplier_invoiced_on: '2026-03-16T00:00:00.000Z',
      landed_costs_calculation: 'Currency Conversion',
      currency_conversion: 1.5,
      international_order: true,
      total_applied_buy_price_ex: 120,
      modified_on: at,
    });
  });

  it('merges direct costs line by line and field by field, and recomputes their tax and the totals', () => {
    const { state, clock } = setup();
    // The invoice: 10 × 8.00 = 80 ex, no costs.
    update(state, { direct_costs: { misc: { includes_tax: true, total_ex: 20 } } }, clock);
    const updated = update(
      state,
      {
        direct_costs: {
          freight: { total_ex: 50, includes_tax: true },
          misc: { total_ex: 30 },
          duty: { total_ex: 5 },
        },
      },
      clock,
    );
    expect(updated.direct_costs).toEqual({
      freight: { includes_tax: true, total_ex: 50, total_tax: 5, total_inc: 55 },
      // includes_tax stays as stored when only total_ex is sent.
      misc: { includes_tax: true, total_ex: 30, total_tax: 3, total_inc: 33 },
      duty: { total_ex: 5, total_tax: 0, total_inc: 5 },
    });
    expect(updated).toMatchObject({ total_buy_price_ex: 165, total_tax: 8, total_buy_price_inc: 173 });
    // A line not sent is left as it is.
    const again = update(state, { direct_costs: { duty: { total_ex: 0 } } }, clock);
    expect(again.direct_costs.freight).toEqual(updated.direct_costs.freight);
    expect(again).toMatchObject({ total_buy_price_ex: 160, total_buy_price_inc: 168 });
  });

  it("requires currency_conversion for 'Currency Conversion' (400) and checks origin_country", () => {
    const { state } = setup();
    const problem = problemOf(() =>
      update(state, { landed_costs_calculation: 'Currency Conversion', origin_country: { id: 999 } }),
    );
    expect(problem.status).toBe(400);
    expect(Object.keys(problem.errors!).sort()).toEqual(['currency_conversion', 'origin_country.id']);
    expect(state.supplierInvoices.get(1)!.landed_costs_calculation).toBeNull();
  });

  it('finalises: sets finalised_on/by, and moves the order to Received once every line is complete', () => {
    const { state, clock } = setup();
    const at = clock.tick();
    const invoice = update(state, { status: 'Finalised' }, clock);
    expect(invoice).toMatchObject({ status: 'Finalised', finalised_on: at, finalised_by: state.users[0] });
    // Line 2 is still open, so the order keeps receiving.
    expect(order(state).status.name).toBe('ReceivingInProgress');

    createInvoice(
      state,
      invoiceBody([{ purchase_order_item_id: 2, quantity_received: 4 }], {
        supplier_invoice_number: 'INV-2',
      }),
    );
    const done = clock.tick();
    update(state, { status: 'Finalised' }, clock, 2);
    expect(order(state)).toMatchObject({
      status: { name: 'Received' },
      received_on: done,
      modified_on: done,
    });
  });

  it('keeps a complete order open while another invoice on it is still In Progress', () => {
    const { state, clock } = setup();
    createInvoice(
      state,
      invoiceBody([{ purchase_order_item_id: 2, quantity_received: 4 }], {
        supplier_invoice_number: 'INV-2',
      }),
    );
    update(state, { status: 'Finalised' }, clock, 1);
    expect(order(state).status.name).toBe('ReceivingInProgress');
    const done = clock.tick();
    update(state, { status: 'Finalised' }, clock, 2);
    expect(order(state)).toMatchObject({ status: { name: 'Received' }, received_on: done });
  });

  it('answers 409 for a finalised invoice or a duplicate number, 404 for an unknown id', () => {
    const { state } = setup();
    createInvoice(
      state,
      invoiceBody([{ purchase_order_item_id: 2, quantity_received: 1 }], {
        supplier_invoice_number: 'INV-2',
      }),
    );
    expect(problemOf(() => update(state, { supplier_invoice_number: 'INV-1' }, undefined, 2)).status).toBe(
      409,
    );
    update(state, { status: 'Finalised' });
    expect(problemOf(() => update(state, {})).status).toBe(409);
    expect(problemOf(() => update(state, { notes: 'x' }, undefined, 99)).status).toBe(404);
  });
});

describe('getSupplierInvoice / searchSupplierInvoices', () => {
  it('reads by id (404 when unknown) and searches with filter_by', () => {
    const state = stateWithOrder();
    createInvoice(state, invoiceBody([{ purchase_order_item_id: 1, quantity_received: 1 }]));
    const invoice = call(state, 'getSupplierInvoice', { params: { id: 1 } }) as SupplierInvoice;
    expect(invoice.supplier_invoice_number).toBe('INV-1');
    expect(refusalStatus(state, 'getSupplierInvoice', { params: { id: 2 } })).toBe(404);
    const page = call(state, 'searchSupplierInvoices', { query: { filter_by: 'status:eq:Finalised' } }) as {
      total_records: number;
    };
    expect(page.total_records).toBe(0);
  });
});
