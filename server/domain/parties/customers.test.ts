import { describe, expect, it } from 'vitest';
import { CustomerSchema, DeliveryAddressSchema } from '../../../src/api/resources';
import type { Customer, DeliveryAddress } from '../../../src/api/resources';
import { call, fixtureState, NOW, problemOf } from './testing';

const LATER = '2026-04-02T09:30:00.000Z';

describe('createCustomer', () => {
  it('stores a customer with defaults, abn as acn and resolved references', () => {
    const state = fixtureState();
    const created = call(state, 'createCustomer', {
      body: {
        first_name: 'Mia',
        abn: '51 824 753 556',
        customer_type: { id: 2 },
        home_outlet: { id: 2 },
        price_groups: [{ id: 2 }],
        sales_channels: [{ id: 2 }],
        billing_address: { suburb: 'Glebe' },
        delivery_addresses: [{ address_line1: '1 Bay St', default: true }, { address_line1: '2 Bay St' }],
      },
    }) as Customer;
    expect(CustomerSchema.parse(created)).toEqual(created);
    expect(created).toMatchObject({
      id: 2003,
      customer_number: 'C0002003',
      first_name: 'Mia',
      last_name: null,
      acn: '51 824 753 556',
      customer_type: { id: 2, name: 'Trade' },
      home_outlet: { id: 2, name: 'Warehouse' },
      price_groups: [{ id: 2, name: 'Staff', type: 'Fixed' }],
      sales_channels: [{ id: 2 }],
      billing_address: { suburb: 'Glebe', address_line1: null },
      created_on: NOW,
      modified_on: NOW,
    });
    expect('abn' in created).toBe(false);
    expect(created.delivery_addresses.map((a) => [a.id, a.default])).toEqual([
      [400, true],
      [401, false],
    ]);
    expect(state.customers.get(2003)).toEqual(created);
  });

  it('defaults the customer type and home outlet to the first ones', () => {
    const created = call(fixtureState(), 'createCustomer', { body: { company: 'Acme' } }) as Customer;
    expect(created.customer_type).toEqual({ id: 1, name: 'Retail' });
    expect(created.home_outlet).toEqual({ id: 1, name: 'Sydney CBD' });
    expect(created.account_customer).toEqual({
      enabled: false,
      payment_terms: 0,
      credit_limit: 0,
      credit_blocked: false,
      credit_remaining: 0,
    });
  });

  it('names every unknown reference in one 400 and spends no id', () => {
    const state = fixtureState();
    const problem = problemOf(() =>
      call(state, 'createCustomer', {
        body: {
          first_name: 'X',
          customer_type: { id: 99 },
          home_outlet: { id: 98 },
          price_groups: [{ id: 1 }, { id: 97 }],
          sales_channels: [{ id: 96 }],
        },
      }),
    );
    expect(problem.status).toBe(400);
    expect(Object.keys(problem.errors!).sort()).toEqual([
      'customer_type.id',
      'home_outlet.id',
      'price_groups[1].id',
      'sales_channels[0].id',
    ]);
    expect(state.nextId.customers).toBe(2003);
    expect(state.customers.size).toBe(2);
  });

  it('asks for a customer type and outlet when there is none to default to', () => {
    const state = fixtureState();
    state.outlets.clear();
    state.reference.customerTypes = [];
    const problem = problemOf(() => call(state, 'createCustomer', { body: { first_name: 'X' } }));
    expect(Object.keys(problem.errors!).sort()).toEqual(['customer_type', 'home_outlet']);
  });

  it('refuses a customer_number another customer has (409)', () => {
    const problem = problemOf(() =>
      call(fixtureState(), 'createCustomer', { body: { first_name: 'X', customer_number: 'C-2002' } }),
    );
    expect(problem.status).toBe(409);
  });
});

describe('getCustomer', () => {
  it('answers the stored customer, or 404', () => {
    const state = fixtureState();
    expect(call(state, 'getCustomer', { params: { id: 2001 } })).toEqual(state.customers.get(2001));
    expect(problemOf(() => call(state, 'getCustomer', { params: { id: 9 } })).status).toBe(404);
  });
});

describe('updateCustomer', () => {
  it('changes only what is sent and merges nested objects key by key', () => {
    const state = fixtureState();
    const before = state.customers.get(2001)!;
    const updated = call(
      state,
      'updateCustomer',
      {
        params: { id: 2001 },
        body: {
          last_name: null,
          abn: '123',
          billing_address: { postcode: '2000' },
          marketing: { receive_sms: true },
          account_customer: { credit_limit: 500 },
        },
      },
      LATER,
    ) as Customer;
    expect(updated).toEqual({
      ...before,
      last_name: null,
      acn: '123',
      billing_address: { ...before.billing_address, postcode: '2000' },
      marketing: { ...before.marketing, receive_sms: true },
      account_customer: { ...before.account_customer, credit_limit: 500, credit_remaining: 500 },
      modified_on: LATER,
    });
    expect(state.customers.get(2001)).toEqual(updated);
  });

  it('keeps a fixed price group the customer holds when its id is echoed back', () => {
    const state = fixtureState();
    state.customers.get(2001)!.price_groups = [{ id: 1, name: 'Clearance', type: 'Fixed' }];
    const updated = call(state, 'updateCustomer', {
      params: { id: 2001 },
      body: { price_groups: [{ id: 1 }, { id: 2 }] },
    }) as Customer;
    expect(updated.price_groups).toEqual([
      { id: 1, name: 'Clearance', type: 'Fixed' },
      { id: 2, name: 'Staff', type: 'Fixed' },
    ]);
    const other = call(state, 'updateCustomer', {
      params: { id: 2002 },
      body: { price_groups: [{ id: 1 }] },
    }) as Customer;
    expect(other.price_groups).toEqual([{ id: 1, name: 'Wholesale', type: 'Standard' }]);
  });

  it('replaces the delivery address list as a whole, with new ids', () => {
    const state = fixtureState();
    const updated = call(state, 'updateCustomer', {
      params: { id: 2001 },
      body: { delivery_addresses: [{ address_line1: '9 New St' }] },
    }) as Customer;
    expect(updated.delivery_addresses).toEqual([
      expect.objectContaining({ id: 400, address_line1: '9 New St' }),
    ]);
  });

  it('answers 404 for a missing customer and 400 for an unknown reference', () => {
    const state = fixtureState();
    expect(problemOf(() => call(state, 'updateCustomer', { params: { id: 9 }, body: {} })).status).toBe(404);
    const problem = problemOf(() =>
      call(state, 'updateCustomer', {
        params: { id: 2001 },
        body: { sales_channels: [{ id: 1 }, { id: 50 }] },
      }),
    );
    expect(problem.errors).toHaveProperty(['sales_channels[1].id']);
  });
});

describe('updateDeliveryAddress', () => {
  it('merges the sent fields and moves the default', () => {
    const state = fixtureState();
    const updated = call(
      state,
      'updateDeliveryAddress',
      { params: { id: 2001, address_id: 302 }, body: { default: true, phone: '02 1234' } },
      LATER,
    ) as DeliveryAddress;
    expect(DeliveryAddressSchema.parse(updated)).toEqual(updated);
    expect(updated).toMatchObject({ id: 302, address_line1: '3 Dock Rd', phone: '02 1234', default: true });
    const customer = state.customers.get(2001)!;
    expect(customer.modified_on).toBe(LATER);
    expect(customer.delivery_addresses.map((a) => [a.id, a.default, a.modified_on])).toEqual([
      [301, false, LATER],
      [302, true, LATER],
    ]);
  });

  it('answers 404 for a missing customer or an address the customer does not have', () => {
    const state = fixtureState();
    const missing = (id: number, address_id: number) =>
      problemOf(() => call(state, 'updateDeliveryAddress', { params: { id, address_id }, body: {} })).status;
    expect(missing(9, 301)).toBe(404);
    expect(missing(2001, 999)).toBe(404);
    expect(missing(2002, 301)).toBe(404);
  });
});

describe('loyalty history and survey segments', () => {
  it('pages a customer history, 404 for a missing customer', () => {
    const state = fixtureState();
    expect(
      call(state, 'searchLoyaltyHistory', { params: { id: 2001 }, query: { order_by: 'id desc' } }),
    ).toEqual({
      data: state.loyaltyHistory.get(2001)!.slice().reverse(),
      page_number: 1,
      page_size: 100,
      total_records: 2,
    });
    expect(call(state, 'searchLoyaltyHistory', { params: { id: 2002 } })).toMatchObject({ total_records: 0 });
    expect(problemOf(() => call(state, 'searchLoyaltyHistory', { params: { id: 9 } })).status).toBe(404);
  });

  it('reads one entry only through its customer', () => {
    const state = fixtureState();
    expect(
      call(state, 'getLoyaltyHistoryEntry', { params: { id: 2001, loyalty_history_id: 78 } }),
    ).toMatchObject({
      id: 78,
    });
    const status = (id: number, entry: number) =>
      problemOf(() => call(state, 'getLoyaltyHistoryEntry', { params: { id, loyalty_history_id: entry } }))
        .status;
    expect(status(2002, 78)).toBe(404);
    expect(status(9, 78)).toBe(404);
    expect(status(2001, 1)).toBe(404);
  });

  it('filters survey segments', () => {
    const page = call(fixtureState(), 'searchSurveySegments', { query: { filter_by: 'active:eq:false' } });
    expect(page).toMatchObject({ total_records: 1, data: [{ id: 5 }] });
  });
});

describe('searchCustomers', () => {
  it('applies the since filters and filter_by', () => {
    const state = fixtureState();
    call(state, 'updateCustomer', { params: { id: 2002 }, body: { phone: '1' } }, LATER);
    expect(
      call(state, 'searchCustomers', { query: { modified_since: '2026-04-02T00:00:00Z' } }),
    ).toMatchObject({
      total_records: 1,
      data: [{ id: 2002 }],
    });
    expect(call(state, 'searchCustomers', { query: { filter_by: 'first_name:eq:Ava' } })).toMatchObject({
      total_records: 1,
      data: [{ id: 2002 }],
    });
  });
});
