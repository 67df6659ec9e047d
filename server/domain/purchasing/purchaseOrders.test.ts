import { describe, expect, it } from 'vitest';
import { PurchaseOrderItemSchema, PurchaseOrderSchema, type PurchaseOrder } from '../../../src/api/resources';
import { call, fixtureOrderBody, fixtureState, problemOf, refusalStatus, TestClock } from './testing';
import type { SimState } from '../../state';

/** The sample body, pointed at the fixture's outlet, supplier, products and reference ids. */
const orderBody = (overrides: Record<string, unknown> = {}) =>
  fixtureOrderBody('dockhand-po-1', [24, 6], overrides);

const createOrder = (state: SimState, clock: TestClock, overrides: Record<string, unknown> = {}) =>
  PurchaseOrderSchema.parse(call(state, 'createPurchaseOrder', { body: orderBody(overrides) }, clock));

const stockAt = (state: SimState, productId: number, outletId = 1) =>
  state.products.get(productId)!.inventory.find((entry) => entry.outlet.id === outletId);

describe('createPurchaseOrder', () => {
  it('resolves references, stamps audit fields, prices lines and totals the order', () => {
    const state = fixtureState();
    const clock = new TestClock();
    const raw = call(state, 'createPurchaseOrder', { body: orderBody() }, clock) as PurchaseOrder;
    // Embedded by reference, never cloned: the large dataset's pages must stay cheap.
    expect(raw.purchase_order_items![0]!.product).toBe(state.products.get(101));
    const po = PurchaseOrderSchema.parse(raw);
    expect(po).toMatchObject({
      id: 1,
      external_purchase_order_id: 'dockhand-po-1',
      status: { id: 2, name: 'OnOrder' },
      outlet: { id: 1, name: 'Sydney CBD' },
      supplier: { id: 41, name: 'Acme Apparel' },
      shipping_type: { id: 2, name: 'Sea freight' },
      shipping_port: { id: 3, name: 'Port Botany' },
      country_of_origin: { id: 3, name: 'China' },
      fob_currency: { id: 3, currency_code: 'USD', currency_name: 'US dollar' },
      shipping_status: null,
      eta: '2026-03-15T00:00:00.000Z',
      sent_on: null,
      created_on: clock.iso(),
      modified_on: clock.iso(),
      created_by: state.users[0],
      modified_by: state.users[0],
      total_quantity_ordered: 30,
      total_quantity_remaining: 30,
      total_quantity_received: 0,
      // 24 × 8 + 6 × the product's supplier buy price (20)
      total_supplier_buy_ex: 312,
    });
    const [first, second] = po.purchase_order_items!;
    expect(first).toMatchObject({
      po_id: 1,
      po_item_id: 1,
      quantity_ordered: 24,
      quantity_remaining: 24,
      supplier_buy_ex: 8,
      total_supplier_buy_ex: 192,
      gross_profit: 19.27, // price_ex 27.27 − 8
      mark_up: 240.9,
      variance_reason: { id: 0, name: 'None' },
      inventory: {
        outlet: { id: 1, name: 'Sydney CBD' },
        quantity_available: 10,
        quantity_on_order: 24,
        msl: 6,
      },
      pricing: { product_id: 101, outlet_id: 1 },
    });
    expect(second).toMatchObject({ po_item_id: 2, supplier_buy_ex: 20, total_weight: 9 });
    expect(state.purchaseOrders.get(1)!.items).toHaveLength(2);
  });

  it('defaults status to Incomplete and fob_currency to the outlet currency; drafts order nothing', () => {
    const state = fixtureState();
    const body = orderBody({
      status: undefined,
      fob_currency: undefined,
      update_linked_transfers_on_receipt_to: null,
    });
    const po = PurchaseOrderSchema.parse(call(state, 'createPurchaseOrder', { body }));
    expect(po.status).toEqual({ id: 1, name: 'Incomplete' });
    expect(po.fob_currency).toEqual({ id: 1, currency_code: 'AUD', currency_name: 'Australian dollar' });
    expect(stockAt(state, 101)!.quantity_on_order).toBe(0);
  });

  it('raises quantity_on_order for an on-order status, creating the outlet entry when missing', () => {
    const state = fixtureState();
    createOrder(state, new TestClock(), {
      outlet: { id: 2 },
      purchase_order_items: [{ product: { id: 103 }, quantity_ordered: 5, quantity_received: 2 }],
    });
    expect(stockAt(state, 103, 2)).toMatchObject({ quantity_on_order: 3, quantity_available: 0 });
  });

  it('stores external_purchase_order_id so the search filter finds the order', () => {
    const state = fixtureState();
    createOrder(state, new TestClock());
    createOrder(state, new TestClock(), { external_purchase_order_id: 'dockhand-po-2' });
    const page = call(state, 'searchPurchaseOrders', {
      query: { filter_by: 'external_purchase_order_id:eq:dockhand-po-2' },
    }) as { data: PurchaseOrder[]; total_records: number };
    expect(page.total_records).toBe(1);
    expect(page.data[0]).toMatchObject({ id: 2, purchase_order_items: null });
  });

  it('answers 409 for a second order with the same external_purchase_order_id', () => {
    const state = fixtureState();
    createOrder(state, new TestClock());
    const problem = problemOf(() => createOrder(state, new TestClock()));
    expect(problem.status).toBe(409);
    expect(problem.detail).toContain('Purchase order 1');
    expect(state.purchaseOrders.size).toBe(1);
  });

  it('names every unknown reference in one 400 and writes nothing', () => {
    const state = fixtureState();
    const problem = problemOf(() =>
      createOrder(state, new TestClock(), {
        outlet: { id: 99 },
        supplier: { id: 99 },
        status: { id: 99 },
        shipping_status: { id: 99 },
        shipping_type: { id: 99 },
        shipping_port: { id: 99 },
        country_of_origin: { id: 99 },
        fob_currency: { id: 99 },
        purchase_order_items: [
          { product: { id: 101 }, quantity_ordered: 1 },
          { product: { id: 999 }, quantity_ordered: 1 },
        ],
      }),
    );
    expect(problem.status).toBe(400);
    expect(Object.keys(problem.errors!).sort()).toEqual(
      [
        'country_of_origin.id',
        'fob_currency.id',
        'outlet.id',
        'purchase_order_items[1].product.id',
        'shipping_port.id',
        'shipping_status.id',
        'shipping_type.id',
        'status.id',
        'supplier.id',
      ].sort(),
    );
    expect(state.purchaseOrders.size).toBe(0);
    expect(state.nextId['purchaseOrders']).toBeUndefined();
  });

  it('allows update_linked_transfers_on_receipt_to only in an editable status', () => {
    const state = fixtureState();
    const problem = problemOf(() => createOrder(state, new TestClock(), { status: { id: 5 } })); // Received
    expect(problem.status).toBe(400);
    expect(problem.errors).toHaveProperty('update_linked_transfers_on_receipt_to');
    const po = createOrder(state, new TestClock(), {
      status: { id: 5 },
      update_linked_transfers_on_receipt_to: null,
    });
    expect(po.status.name).toBe('Received');
  });
});

describe('getPurchaseOrder', () => {
  it('returns items only with include_items, and 404 for an unknown order', () => {
    const state = fixtureState();
    createOrder(state, new TestClock());
    const bare = PurchaseOrderSchema.parse(call(state, 'getPurchaseOrder', { params: { id: 1 } }));
    expect(bare.purchase_order_items).toBeNull();
    const full = PurchaseOrderSchema.parse(
      call(state, 'getPurchaseOrder', { params: { id: 1 }, query: { include_items: true } }),
    );
    expect(full.purchase_order_items).toHaveLength(2);
    expect(refusalStatus(state, 'getPurchaseOrder', { params: { id: 2 } })).toBe(404);
  });
});

describe('searchPurchaseOrderItems', () => {
  it('searches the items of one order and answers 404 for an unknown order', () => {
    const state = fixtureState();
    createOrder(state, new TestClock());
    createOrder(state, new TestClock(), { external_purchase_order_id: 'other' });
    const page = call(state, 'searchPurchaseOrderItems', {
      params: { id: 2 },
      query: { filter_by: 'product_id:eq:102' },
    }) as { data: unknown[]; total_records: number };
    expect(page.total_records).toBe(1);
    expect(PurchaseOrderItemSchema.parse(page.data[0])).toMatchObject({ po_id: 2, po_item_id: 4 });
    const selected = call(state, 'searchPurchaseOrderItems', {
      params: { id: 1 },
      query: { select: 'id,quantity_remaining' },
    }) as { data: unknown[] };
    expect(selected.data).toEqual([
      { id: 1, quantity_remaining: 24 },
      { id: 2, quantity_remaining: 6 },
    ]);
    expect(refusalStatus(state, 'searchPurchaseOrderItems', { params: { id: 9 } })).toBe(404);
  });
});

describe('deletePurchaseOrderItem', () => {
  it('removes the line, recomputes totals, releases on-order stock and marks the order modified', () => {
    const state = fixtureState();
    const clock = new TestClock();
    createOrder(state, clock);
    const later = clock.tick();
    expect(call(state, 'deletePurchaseOrderItem', { params: { id: 1, item_id: 1 } }, clock)).toBeUndefined();
    const po = state.purchaseOrders.get(1)!;
    expect(po.items.map((item) => item.po_item_id)).toEqual([2]);
    expect(po).toMatchObject({ total_quantity_ordered: 6, total_supplier_buy_ex: 120, modified_on: later });
    expect(po.created_on).not.toBe(later);
    expect(stockAt(state, 101)!.quantity_on_order).toBe(0);
  });

  it('answers 404 for an unknown order or item', () => {
    const state = fixtureState();
    createOrder(state, new TestClock());
    expect(refusalStatus(state, 'deletePurchaseOrderItem', { params: { id: 7, item_id: 1 } })).toBe(404);
    expect(refusalStatus(state, 'deletePurchaseOrderItem', { params: { id: 1, item_id: 7 } })).toBe(404);
  });

  it('answers 409 for a line with received stock and for a closed order', () => {
    const state = fixtureState();
    createOrder(state, new TestClock(), {
      purchase_order_items: [
        { product: { id: 101 }, quantity_ordered: 4, quantity_received: 1 },
        { product: { id: 102 }, quantity_ordered: 4 },
      ],
    });
    expect(refusalStatus(state, 'deletePurchaseOrderItem', { params: { id: 1, item_id: 1 } })).toBe(409);
    createOrder(state, new TestClock(), {
      external_purchase_order_id: 'cancelled',
      status: { id: 6 },
      update_linked_transfers_on_receipt_to: null,
    });
    expect(refusalStatus(state, 'deletePurchaseOrderItem', { params: { id: 2, item_id: 3 } })).toBe(409);
    expect(state.purchaseOrders.get(1)!.items).toHaveLength(2);
  });
});
