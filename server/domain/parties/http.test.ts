/**
 * Conformance of the 33 party operations over real HTTP, on the hand-written fixture state (known ids):
 * success status and a body that parses with the contract (the server validates its responses as well),
 * 404 for missing records, 400 with field errors for bounds and unknown references, 409 where we chose it.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Customer, Supplier } from '../../../src/api/resources';
import { startPartyApi, type PartyApi } from './httpTesting';
import { partyHandlers, type PartyOperationId } from './index';
import { fixtureState } from './testing';

let api: PartyApi;
const covered = new Set<PartyOperationId>();

beforeEach(async () => {
  api = await startPartyApi({ state: fixtureState(), handlers: partyHandlers });
  const { ok, fails } = api;
  // Record which operations the suite reaches, so the last test can check none is left out.
  api.ok = (op, request) => (covered.add(op), ok(op, request));
  api.fails = (op, status, request) => (covered.add(op), fails(op, status, request));
});
afterEach(() => api.stop());

const fieldsOf = (problem: { errors?: Record<string, string[]> | undefined }) =>
  Object.keys(problem.errors ?? {});

describe('customers', () => {
  it('creates with abn and answers acn; rejects acn, unknown references and a taken number', async () => {
    const created = await api.ok<Customer>('createCustomer', {
      body: { first_name: 'Mia', abn: '51 824 753 556', price_groups: [{ id: 2 }] },
    });
    expect(created).toMatchObject({ acn: '51 824 753 556', price_groups: [{ id: 2, type: 'Fixed' }] });
    expect(fieldsOf(await api.fails('createCustomer', 400, { body: { first_name: 'M', acn: '1' } }))).toEqual(
      ['acn'],
    );
    const unknown = await api.fails('createCustomer', 400, {
      body: { first_name: 'M', price_groups: [{ id: 2 }, { id: 99 }] },
    });
    expect(fieldsOf(unknown)).toEqual(['price_groups[1].id']);
    await api.fails('createCustomer', 409, { body: { first_name: 'M', customer_number: 'C-2002' } });
  });

  it('reads, updates and 404s', async () => {
    await api.ok('getCustomer', { params: { id: 2001 } });
    await api.fails('getCustomer', 404, { params: { id: 9 } });
    const updated = await api.ok<Customer>('updateCustomer', {
      params: { id: 2001 },
      body: { abn: '9', billing_address: { postcode: '3000' } },
    });
    expect(updated).toMatchObject({ acn: '9', first_name: 'Sam', billing_address: { postcode: '3000' } });
    await api.fails('updateCustomer', 404, { params: { id: 9 }, body: {} });
    const problem = await api.fails('updateCustomer', 400, {
      params: { id: 2001 },
      body: { customer_type: { id: 9 } },
    });
    expect(fieldsOf(problem)).toEqual(['customer_type.id']);
  });

  it('searches with since filters, filter_by and order_by; a bad clause is a field error', async () => {
    await api.ok('updateCustomer', { params: { id: 2002 }, body: { phone: '1' } });
    const page = await api.ok<{ data: Customer[] }>('searchCustomers', {
      query: { modified_since: '2026-03-20T00:00:00Z', order_by: 'id desc' },
    });
    expect(page.data.map((customer) => customer.id)).toEqual([2002]);
    await api.ok('searchCustomers', { query: { filter_by: 'acn:isnull', page_size: 1 } });
    expect(fieldsOf(await api.fails('searchCustomers', 400, { query: { filter_by: 'nope:eq:1' } }))).toEqual([
      'filter_by',
    ]);
  });

  it('updates a delivery address; 404 for a missing customer or address', async () => {
    const address = await api.ok('updateDeliveryAddress', {
      params: { id: 2001, address_id: 302 },
      body: { default: true },
    });
    expect(address).toMatchObject({ id: 302, default: true });
    await api.fails('updateDeliveryAddress', 404, { params: { id: 9, address_id: 302 }, body: {} });
    await api.fails('updateDeliveryAddress', 404, { params: { id: 2001, address_id: 999 }, body: {} });
  });

  it('serves loyalty history and survey segments', async () => {
    await api.ok('searchLoyaltyHistory', {
      params: { id: 2001 },
      query: { filter_by: 'loyalty_points_delta:lt:0' },
    });
    await api.fails('searchLoyaltyHistory', 404, { params: { id: 9 } });
    await api.ok('getLoyaltyHistoryEntry', { params: { id: 2001, loyalty_history_id: 77 } });
    await api.fails('getLoyaltyHistoryEntry', 404, { params: { id: 2002, loyalty_history_id: 77 } });
    await api.ok('searchSurveySegments', { query: { order_by: 'name asc' } });
  });
});

describe('suppliers', () => {
  it('reads, updates partially and validates bounds and references', async () => {
    await api.ok('getSupplier', { params: { id: 41 } });
    await api.fails('getSupplier', 404, { params: { id: 9 } });
    const updated = await api.ok<Supplier>('updateSupplier', {
      params: { id: 41 },
      body: { comments: 'Call before ten', shipping_port: { id: 4 } },
    });
    expect(updated).toMatchObject({
      name: 'Acme Apparel',
      shipping_port: { id: 4, name: 'Port of Melbourne' },
    });
    const bounds = await api.fails('updateSupplier', 400, {
      params: { id: 41 },
      body: { comments: 'Call me @ 10', name: 'x'.repeat(51) },
    });
    expect(fieldsOf(bounds).sort()).toEqual(['comments', 'name']);
    const reference = await api.fails('updateSupplier', 400, {
      params: { id: 41 },
      body: { country_of_origin: { id: 9 } },
    });
    expect(fieldsOf(reference)).toEqual(['country_of_origin.id']);
    await api.fails('updateSupplier', 404, { params: { id: 9 }, body: {} });
  });

  it('deletes an unreferenced supplier (then 404), refuses a referenced one (409)', async () => {
    await api.fails('deleteSupplier', 409, { params: { id: 41 } });
    await api.ok('deleteSupplier', { params: { id: 42 } });
    await api.fails('getSupplier', 404, { params: { id: 42 } });
    await api.fails('deleteSupplier', 404, { params: { id: 42 } });
  });
});

/** The reference records named by a `{name}` body alone, with by-id read, rename and delete routes. */
type NamedRecord = 'SupplierReturnReason' | 'ShippingPort';

/** Creates a named record, reads it back and renames it over HTTP; its id. */
async function createReadRename(record: NamedRecord, name: string, renamed: string): Promise<number> {
  const { id } = await api.ok<{ id: number }>(`create${record}`, { body: { name } });
  await api.ok(`get${record}`, { params: { id } });
  await api.ok(`update${record}`, { params: { id }, body: { name: renamed } });
  return id;
}

/** Read, rename and delete of a record that is not there: 404 on each. */
async function missingOnEveryRoute(record: NamedRecord, id: number): Promise<void> {
  await api.fails(`get${record}`, 404, { params: { id } });
  await api.fails(`update${record}`, 404, { params: { id }, body: { name: 'x' } });
  await api.fails(`delete${record}`, 404, { params: { id } });
}

describe('supplier return reasons', () => {
  it('creates, reads, renames and soft-deletes', async () => {
    const id = await createReadRename('SupplierReturnReason', 'Faulty', 'Broken');
    await api.ok('deleteSupplierReturnReason', { params: { id } });
    expect(await api.ok('getSupplierReturnReason', { params: { id } })).toMatchObject({ deleted: true });
    await api.fails('updateSupplierReturnReason', 409, { params: { id }, body: { name: 'Again' } });
  });

  it('answers 404, 400 for a bound and 409 for a taken name', async () => {
    await missingOnEveryRoute('SupplierReturnReason', 99);
    const tooLong = await api.fails('createSupplierReturnReason', 400, { body: { name: 'x'.repeat(101) } });
    expect(fieldsOf(tooLong)).toEqual(['name']);
    await api.fails('createSupplierReturnReason', 409, { body: { name: 'Damaged in transit' } });
  });

  it('searches with the is_deleted tri-state, since filters and select', async () => {
    const ids = async (query: Record<string, unknown>) =>
      (await api.ok<{ data: { id: number }[] }>('searchSupplierReturnReasons', { query })).data.map(
        (r) => r.id,
      );
    expect(await ids({})).toEqual([5, 6]);
    expect(await ids({ is_deleted: null })).toEqual([5, 6]);
    expect(await ids({ is_deleted: true })).toEqual([6]);
    expect(await ids({ is_deleted: false, select: 'id' })).toEqual([5]);
    expect(await ids({ created_since: '2030-01-01T00:00:00Z' })).toEqual([]);
  });
});

describe('shipping ports and shipment types (/v2)', () => {
  it('creates, reads, renames and deletes ports', async () => {
    const id = await createReadRename('ShippingPort', 'Fremantle', 'Port of Fremantle');
    await api.ok('deleteShippingPort', { params: { id } });
    await missingOnEveryRoute('ShippingPort', id);
    await api.fails('deleteShippingPort', 409, { params: { id: 3 } });
    expect(fieldsOf(await api.fails('createShippingPort', 400, { body: { name: '' } }))).toEqual(['name']);
  });

  it('creates, searches, reads and renames shipment types', async () => {
    const type = await api.ok<{ id: number }>('createShipmentType', { body: { name: 'Road freight' } });
    const page = await api.ok<{ data: { id: number }[] }>('searchShipmentTypes', { query: { name: 'ROAD' } });
    expect(page.data.map((t) => t.id)).toEqual([type.id]);
    await api.ok('getShipmentType', { params: { id: type.id } });
    await api.ok('updateShipmentType', { params: { id: type.id }, body: { name: 'Rail' } });
    await api.fails('getShipmentType', 404, { params: { id: 99 } });
    await api.fails('updateShipmentType', 404, { params: { id: 99 }, body: { name: 'x' } });
    expect(fieldsOf(await api.fails('createShipmentType', 400, { body: { name: 'x'.repeat(51) } }))).toEqual([
      'name',
    ]);
  });
});

describe('product suppliers', () => {
  const on = (product_id: number, supplier_code?: string): { params: Record<string, string | number> } => ({
    params: supplier_code ? { product_id, supplier_code } : { product_id },
  });

  it('attaches, lists, updates, reads and soft-deletes', async () => {
    await api.ok('createProductSuppliers', {
      ...on(5012),
      body: [{ supplier_code: 'BOLT', is_default: true }],
    });
    expect(await api.ok('listProductSuppliers', on(5012))).toHaveLength(2);
    await api.ok('updateProductSuppliers', { ...on(5012), body: [{ supplier_code: 'ACME', lead_time: 3 }] });
    expect(await api.ok('getProductSupplier', on(5012, 'ACME'))).toMatchObject({
      lead_time: 3,
      is_default: false,
    });
    await api.ok('deleteProductSuppliers', on(5012));
    expect(await api.ok('listProductSuppliers', on(5012))).toEqual([]);
    await api.fails('getProductSupplier', 404, on(5012, 'ACME'));
  });

  it('answers 400, 409 and 404 as documented', async () => {
    const unknown = await api.fails('createProductSuppliers', 400, {
      ...on(5013),
      body: [{ supplier_code: 'NOPE' }],
    });
    expect(fieldsOf(unknown)).toEqual(['[0].supplier_code']);
    await api.fails('createProductSuppliers', 409, { ...on(5012), body: [{ supplier_code: 'ACME' }] });
    const notAttached = await api.fails('updateProductSuppliers', 400, {
      ...on(5012),
      body: [{ supplier_code: 'BOLT' }],
    });
    expect(fieldsOf(notAttached)).toEqual(['[0].supplier_code']);
    const price = await api.fails('updateProductSuppliers', 400, {
      ...on(5012),
      body: [{ supplier_code: 'ACME', supplier_buy_ex: 1e18 }],
    });
    expect(fieldsOf(price)).toEqual(['[0].supplier_buy_ex']);
    await api.fails('createProductSuppliers', 404, { ...on(9), body: [{ supplier_code: 'ACME' }] });
    await api.fails('listProductSuppliers', 404, on(9));
    await api.fails('updateProductSuppliers', 404, { ...on(9), body: [{ supplier_code: 'ACME' }] });
    await api.fails('deleteProductSuppliers', 404, on(9));
    await api.fails('getProductSupplier', 404, on(9, 'ACME'));
  });
});

describe('outlets and price groups', () => {
  it('reads outlets and searches and creates price groups', async () => {
    await api.ok('getOutlet', { params: { id: 1 } });
    await api.fails('getOutlet', 404, { params: { id: 9 } });
    await api.ok('searchStandardPriceGroups', { query: { order_by: 'name desc' } });
    const group = await api.ok<{ id: number }>('createFixedPriceGroup', { body: { name: 'VIP' } });
    const page = await api.ok<{ data: { id: number }[] }>('searchFixedPriceGroups', {
      query: { order_by: 'modified_on desc', page_size: 1 },
    });
    expect(page.data.map((g) => g.id)).toEqual([group.id]);
    expect(fieldsOf(await api.fails('createFixedPriceGroup', 400, { body: { name: '' } }))).toEqual(['name']);
  });
});

afterAll(() => {
  // Every operation of the table was reached at least once above.
  expect([...covered].sort()).toEqual(Object.keys(partyHandlers).sort());
});
