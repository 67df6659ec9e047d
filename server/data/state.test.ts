/** The dataset as a whole: sizes, ids, nextId, users, dates and customers. */
import { describe, expect, test } from 'vitest';
import { STATE_MAPS } from '../state';
import { DATA_EPOCH_MS, DATASET_SIZES } from './index';
import { TEST_DATASET, testState } from './testing';

const state = testState();

/** Every object reachable from the state (shared objects once), with the path it was first reached by. */
function* walk(
  value: unknown,
  path = '$',
  seen = new Set<object>(),
): Generator<[Record<string, unknown>, string]> {
  if (typeof value !== 'object' || value === null || seen.has(value)) return;
  seen.add(value);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  if (!Array.isArray(value) && !(value instanceof Map)) yield [value as Record<string, unknown>, path];
  for (const [key, child] of entries) yield* walk(child, `${path}.${String(key)}`, seen);
}

describe('the dataset', () => {
  test('has the documented sizes', () => {
    const size = DATASET_SIZES[TEST_DATASET];
    expect(state.suppliers.size).toBe(size.suppliers);
    expect(state.outlets.size).toBe(size.outlets);
    expect(state.products.size).toBe(size.products);
    expect(state.purchaseOrders.size).toBe(size.purchaseOrders);
    expect(state.customers.size).toBe(size.customers);
    expect(state.supplierReturns.size).toBe(size.supplierReturns);
    expect(state.supplierInvoices.size).toBeGreaterThan(size.purchaseOrders / 2);
    expect(state.creditNotes.size).toBeGreaterThan(size.supplierReturns / 4);
  });

  test('each map is keyed by its records own id', () => {
    for (const name of STATE_MAPS) {
      if (name === 'msl' || name === 'productSuppliers' || name === 'loyaltyHistory') continue;
      for (const [key, record] of state[name] as Map<number, { id: number | null }>)
        expect(record.id, name).toBe(key);
    }
  });

  test('nextId is above every existing id of its sequence', () => {
    const ids: Record<string, number[]> = {
      purchaseOrderItems: [...state.purchaseOrders.values()].flatMap((order) =>
        order.items.map((item) => item.po_item_id),
      ),
      loyaltyHistory: [...state.loyaltyHistory.values()].flat().map((entry) => entry.id),
      deliveryAddresses: [...state.customers.values()].flatMap((customer) =>
        customer.delivery_addresses.map((a) => a.id),
      ),
      receipts: [...state.supplierInvoices.values()].flatMap((invoice) =>
        invoice.purchase_order_receipts.map((r) => r.id),
      ),
    };
    for (const name of STATE_MAPS) {
      if (name !== 'msl' && name !== 'productSuppliers' && name !== 'loyaltyHistory')
        ids[name] = [...(state[name] as Map<number, unknown>).keys()];
    }
    for (const [sequence, list] of Object.entries(ids)) {
      expect(state.nextId[sequence], sequence).toBeGreaterThan(list.reduce((a, b) => Math.max(a, b), 0));
      expect(new Set(list).size, `${sequence} ids are unique`).toBe(list.length);
    }
  });

  test('has at least two users; every audited user is one of them', () => {
    expect(state.users.length).toBeGreaterThanOrEqual(2);
    const users = new Set(state.users);
    const wrong: string[] = [];
    for (const [record, path] of walk(state)) {
      for (const field of ['created_by', 'modified_by', 'finalised_by'] as const) {
        if (record[field] != null && !users.has(record[field] as never)) wrong.push(`${path}.${field}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test('created_on <= modified_on everywhere, and history lies before the epoch', () => {
    let checked = 0;
    const wrong: string[] = [];
    for (const [record, path] of walk(state)) {
      if (typeof record.created_on === 'string' && typeof record.modified_on === 'string') {
        const [created, modified] = [Date.parse(record.created_on), Date.parse(record.modified_on)];
        if (!(created <= modified && modified <= DATA_EPOCH_MS)) wrong.push(path);
        checked++;
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(checked).toBeGreaterThan(5000);
  });
});

describe('customers', () => {
  test('a customer with delivery addresses has exactly one default', () => {
    const customers = [...state.customers.values()];
    for (const customer of customers) {
      const defaults = customer.delivery_addresses.filter((address) => address.default);
      expect(defaults.length).toBe(customer.delivery_addresses.length > 0 ? 1 : 0);
    }
    expect(customers.some((customer) => customer.delivery_addresses.length > 1)).toBe(true);
  });

  test('loyalty history is a time-ordered running total that never goes negative', () => {
    expect(state.loyaltyHistory.size).toBe(state.customers.size);
    let entries = 0;
    for (const [customerId, history] of state.loyaltyHistory) {
      const customer = state.customers.get(customerId)!;
      if (!customer.loyalty_program.enabled) expect(history).toEqual([]);
      let available = 0;
      for (const [index, entry] of history.entries()) {
        available += entry.loyalty_points_delta;
        expect(entry.loyalty_points_available).toBeCloseTo(available, 2);
        expect(entry.loyalty_points_available).toBeGreaterThanOrEqual(0);
        expect((entry.order_item === null) !== (entry.adjustment_reason === null)).toBe(true);
        if (index > 0) expect(entry.created_on >= history[index - 1]!.created_on).toBe(true);
        entries++;
      }
    }
    expect(entries).toBeGreaterThan(0);
  });

  test('price groups and sales channels reference existing records', () => {
    for (const customer of state.customers.values()) {
      for (const group of customer.price_groups) {
        const groups = group.type === 'Standard' ? state.standardPriceGroups : state.fixedPriceGroups;
        expect(groups.get(group.id)?.name).toBe(group.name);
      }
      for (const channel of customer.sales_channels)
        expect(state.reference.salesChannels.map((c) => c.id)).toContain(channel.id);
      for (const response of customer.survey_responses)
        expect(state.surveySegments.get(response.id)?.name).toBe(response.question);
    }
  });
});
