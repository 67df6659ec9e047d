/** Purchase orders, their items and the supplier invoices that received them agree with each other. */
import { describe, expect, test } from 'vitest';
import { PURCHASE_ORDER_STATUSES } from '../../src/api/enums';
import type { PurchaseOrderRow } from '../state';
import { purchaseOrderTotals } from './index';
import { testState } from './testing';

const state = testState();
const orders = [...state.purchaseOrders.values()];
const invoices = [...state.supplierInvoices.values()];
const ofStatus = (name: string) => orders.filter((order) => order.status.name === name);
const received = (order: PurchaseOrderRow) => order.items.some((item) => item.quantity_received > 0);
const open = (order: PurchaseOrderRow) => order.items.some((item) => (item.quantity_remaining ?? 0) > 0);

describe('purchase orders', () => {
  test('every status is present, and the status list has ids 1..6 in the design order', () => {
    expect(state.reference.purchaseOrderStatuses).toEqual(
      PURCHASE_ORDER_STATUSES.map((name, i) => ({ id: i + 1, name })),
    );
    for (const status of PURCHASE_ORDER_STATUSES) expect(ofStatus(status).length, status).toBeGreaterThan(0);
    for (const order of orders) expect(state.reference.purchaseOrderStatuses).toContain(order.status);
  });

  test('items order existing products of the order supplier, stocked at the order outlet', () => {
    const wrong: number[] = [];
    for (const order of orders) {
      expect(order.items.length).toBeGreaterThan(0);
      for (const item of order.items) {
        const product = state.products.get(item.product_id)!;
        const stocked = product.inventory.some((stock) => stock.outlet.id === order.outlet.id);
        const existed = product.created_on <= order.created_on!;
        if (item.po_id !== order.id || product.supplier.id !== order.supplier.id || !stocked || !existed) {
          wrong.push(item.po_item_id);
        }
      }
      expect(new Set(order.items.map((item) => item.product_id)).size).toBe(order.items.length);
    }
    expect(wrong).toEqual([]);
  });

  test('po_item_ids are unique across orders', () => {
    const ids = orders.flatMap((order) => order.items.map((item) => item.po_item_id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('quantity_remaining = max(0, ordered - received - cancelled) on every item', () => {
    const wrong = orders
      .flatMap((order) => order.items)
      .filter(
        (item) =>
          item.quantity_remaining !==
            Math.max(0, item.quantity_ordered - item.quantity_received - (item.quantity_cancelled ?? 0)) ||
          item.quantity_special_order > item.quantity_ordered,
      );
    expect(wrong.map((item) => item.po_item_id)).toEqual([]);
  });

  test('quantities match the status', () => {
    for (const order of [...ofStatus('Incomplete'), ...ofStatus('OnOrder')]) {
      expect(order.total_quantity_received).toBe(0);
      expect(order.total_quantity_cancelled).toBe(0);
    }
    for (const order of ofStatus('Incomplete')) expect(order.sent_on).toBeNull();
    for (const order of ofStatus('OnOrder')) expect(order.sent_on).not.toBeNull();
    for (const order of ofStatus('ReceivingInProgress'))
      expect([received(order), open(order)]).toEqual([true, true]);
    for (const order of ofStatus('BackOrder')) {
      expect(open(order)).toBe(true);
      expect(order.items.some((item) => item.quantity_back_order > 0)).toBe(true);
    }
    for (const order of ofStatus('Received')) {
      expect(order.total_quantity_remaining).toBe(0);
      expect(received(order)).toBe(true);
      expect(order.received_on).not.toBeNull();
    }
    for (const order of ofStatus('Cancelled')) {
      expect(order.total_quantity_received).toBe(0);
      expect(order.total_quantity_remaining).toBe(0);
      expect(order.total_quantity_cancelled).toBe(order.total_quantity_ordered);
    }
    for (const order of orders.filter((o) => o.status.name !== 'Received'))
      expect(order.received_on).toBeNull();
  });

  test('order totals are the sums of their items', () => {
    for (const order of orders) {
      const sum = (pick: (item: PurchaseOrderRow['items'][number]) => number) =>
        order.items.reduce((total, item) => total + pick(item), 0);
      expect(order.total_quantity_ordered).toBe(sum((item) => item.quantity_ordered));
      expect(order.total_quantity_received).toBe(sum((item) => item.quantity_received));
      expect(order.total_quantity_remaining).toBe(sum((item) => item.quantity_remaining ?? 0));
      expect(order.total_quantity_cancelled).toBe(sum((item) => item.quantity_cancelled ?? 0));
      expect(order.total_quantity_special_order).toBe(sum((item) => item.quantity_special_order));
      expect(order.total_supplier_buy_ex).toBeCloseTo(
        sum((item) => item.total_supplier_buy_ex),
        2,
      );
      expect(order.total_weight).toBeCloseTo(
        sum((item) => item.total_weight),
        3,
      );
      expect(order.total_cubic).toBeCloseTo(
        sum((item) => item.total_cubic),
        5,
      );
      expect(purchaseOrderTotals(order.items)).toEqual(expect.objectContaining(pickTotals(order)));
    }
  });

  test('some orders carry a unique external_purchase_order_id, created through the API by its user', () => {
    const external = orders.filter((order) => order.external_purchase_order_id !== null);
    expect(external.length).toBeGreaterThan(0);
    expect(external.length).toBeLessThan(orders.length);
    expect(new Set(external.map((order) => order.external_purchase_order_id)).size).toBe(external.length);
    for (const order of external) expect(order.created_by).toEqual(state.users[0]);
  });

  test('open orders are what the products show on order at the order outlet', () => {
    const expected = new Map<string, number>();
    for (const order of [
      ...ofStatus('OnOrder'),
      ...ofStatus('ReceivingInProgress'),
      ...ofStatus('BackOrder'),
    ]) {
      for (const item of order.items) {
        const key = `${item.product_id}:${order.outlet.id}`;
        expected.set(key, (expected.get(key) ?? 0) + (item.quantity_remaining ?? 0));
      }
    }
    const wrong: string[] = [];
    for (const product of state.products.values()) {
      for (const stock of product.inventory) {
        const key = `${product.id}:${stock.outlet.id}`;
        if (stock.quantity_on_order !== (expected.get(key) ?? 0)) wrong.push(key);
      }
    }
    expect(wrong).toEqual([]);
  });
});

function pickTotals(order: PurchaseOrderRow) {
  const { total_weight, total_cubic, total_supplier_buy_ex, total_quantity_linked_transfers } = order;
  return { total_weight, total_cubic, total_supplier_buy_ex, total_quantity_linked_transfers };
}

describe('supplier invoices', () => {
  test('both statuses are present; finalised ones carry finalised_on and finalised_by', () => {
    expect(new Set(invoices.map((invoice) => invoice.status))).toEqual(new Set(['In Progress', 'Finalised']));
    for (const invoice of invoices) {
      const finalised = invoice.status === 'Finalised';
      expect(invoice.finalised_on !== null).toBe(finalised);
      expect(invoice.finalised_by !== null).toBe(finalised);
    }
  });

  test('receipts name existing items of the named order, and receive exactly what the orders show', () => {
    const receivedByItem = new Map<number, number>();
    const wrong: string[] = [];
    for (const invoice of invoices) {
      if (invoice.purchase_order_receipts.length === 0) wrong.push(`invoice ${invoice.id} has no receipt`);
      for (const receipt of invoice.purchase_order_receipts) {
        const itemIds = new Set(
          state.purchaseOrders.get(receipt.purchase_order_id)?.items.map((i) => i.po_item_id),
        );
        for (const line of receipt.purchase_order_receipt_items) {
          const id = line.purchase_order_item_id;
          if (!itemIds.has(id)) wrong.push(`invoice ${invoice.id} names item ${id} not on its order`);
          if (line.quantity_faulty > line.quantity_received)
            wrong.push(`invoice ${invoice.id} item ${id} faulty`);
          receivedByItem.set(id, (receivedByItem.get(id) ?? 0) + line.quantity_received);
        }
      }
    }
    for (const item of orders.flatMap((order) => order.items)) {
      const invoiced = receivedByItem.get(item.po_item_id) ?? 0;
      if (invoiced !== item.quantity_received)
        wrong.push(`item ${item.po_item_id}: ${invoiced} ≠ ${item.quantity_received}`);
    }
    expect(wrong).toEqual([]);
  });

  test('a Received order has only finalised invoices; the order names its latest invoice number', () => {
    for (const invoice of invoices) {
      const order = state.purchaseOrders.get(invoice.purchase_order_receipts[0]!.purchase_order_id)!;
      if (order.status.name === 'Received') expect(invoice.status).toBe('Finalised');
      expect(invoice.created_on >= order.created_on!).toBe(true);
    }
    const numbers = new Set(invoices.map((invoice) => invoice.supplier_invoice_number));
    expect(numbers.size).toBe(invoices.length);
    for (const order of orders.filter(received))
      expect(numbers.has(order.supplier_invoice_number)).toBe(true);
  });

  test('invoice totals follow from their receipt lines', () => {
    for (const invoice of invoices) {
      const lines = invoice.purchase_order_receipts.flatMap(
        (receipt) => receipt.purchase_order_receipt_items,
      );
      const ex = lines.reduce((total, line) => total + line.quantity_invoiced * line.buy_price_ex, 0);
      expect(invoice.total_buy_price_ex).toBeCloseTo(ex, 2);
      expect(invoice.total_buy_price_inc).toBeCloseTo(invoice.total_buy_price_ex + invoice.total_tax, 2);
    }
  });

  test('receipt ids are unique', () => {
    const ids = invoices.flatMap((invoice) => invoice.purchase_order_receipts.map((receipt) => receipt.id));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
