/**
 * The party operations over real HTTP on the default simulator (`startSimulator({ port: 0 })`: the small
 * generated dataset and the full handler table), so every generated record these operations serve passes the
 * server's response validation, and writes work on generated records (whose shared references are frozen).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer, ProductSupplier } from '../../../src/api/resources';
import { startPartyApi, type PartyApi } from './httpTesting';

let api: PartyApi;
beforeAll(async () => {
  api = await startPartyApi({ rateLimit: 100_000 });
});
afterAll(() => api.stop());

const first = <T>(values: Iterable<T>, predicate: (value: T) => boolean = () => true): T => {
  for (const value of values) if (predicate(value)) return value;
  throw new Error('the generated data has no such record');
};

describe('generated customers', () => {
  it('serves every customer through the search, and filters', async () => {
    const page = await api.ok<{ total_records: number; data: Customer[] }>('searchCustomers', {
      query: { page_size: 100_000 },
    });
    expect(page.data).toHaveLength(api.sim.state.customers.size);
    await api.ok('searchCustomers', {
      query: {
        filter_by: 'loyalty_program_enabled:eq:true,delivery_state:eq:NSW',
        order_by: 'full_name asc',
      },
    });
    await api.ok('searchCustomers', {
      query: { modified_since: '2024-01-01T00:00:00Z', order_by: 'modified_on desc' },
    });
  });

  it('creates and updates customers with generated references', async () => {
    const { state } = api.sim;
    const fixed = first(state.fixedPriceGroups.values());
    const created = await api.ok<Customer>('createCustomer', {
      body: {
        first_name: 'New',
        abn: '12 345',
        price_groups: [{ id: fixed.id }],
        home_outlet: { id: first(state.outlets.keys()) },
        delivery_addresses: [{ address_line1: '1 Test St', default: true }],
      },
    });
    expect(created).toMatchObject({ acn: '12 345', price_groups: [{ id: fixed.id, type: 'Fixed' }] });
    expect(created.delivery_addresses[0]!.id).toBeGreaterThan(2_000_000);
    const customer = first(state.customers.values(), (c) => c.delivery_addresses.length > 1);
    await api.ok('getCustomer', { params: { id: customer.id } });
    await api.ok('updateCustomer', {
      params: { id: customer.id },
      body: { customer_type: { id: 2 }, sales_channels: [{ id: 2 }], marketing: { receive_post: true } },
    });
    const address = customer.delivery_addresses.find((a) => a.default !== true)!;
    await api.ok('updateDeliveryAddress', {
      params: { id: customer.id, address_id: address.id },
      body: { default: true, suburb: 'Newtown' },
    });
    const after = state.customers.get(customer.id)!;
    expect(after.delivery_addresses.filter((a) => a.default === true).map((a) => a.id)).toEqual([address.id]);
  });

  it('serves loyalty history and survey segments', async () => {
    const [customerId, entries] = first(
      api.sim.state.loyaltyHistory.entries(),
      ([, list]) => list.length > 1,
    );
    await api.ok('searchLoyaltyHistory', {
      params: { id: customerId },
      query: { order_by: 'created_on desc' },
    });
    await api.ok('getLoyaltyHistoryEntry', {
      params: { id: customerId, loyalty_history_id: entries[0]!.id },
    });
    await api.ok('searchSurveySegments', {});
  });
});

describe('generated suppliers and product suppliers', () => {
  it('serves and updates suppliers; a supplier with orders is not deleted', async () => {
    const { state } = api.sim;
    for (const id of state.suppliers.keys()) await api.ok('getSupplier', { params: { id } });
    const supplier = first(state.suppliers.values());
    const port = first(state.shippingPorts.values(), (p) => p.id !== supplier.shipping_port.id);
    await api.ok('updateSupplier', {
      params: { id: supplier.id! },
      body: { shipping_port: { id: port.id }, po_sku1_enabled: null, name: 'Renamed supplier' },
    });
    await api.fails('deleteSupplier', 409, { params: { id: supplier.id! } });
  });

  it('deletes a supplier nothing references', async () => {
    const { state } = api.sim;
    const id = state.nextId['suppliers']!;
    state.suppliers.set(id, { ...first(state.suppliers.values()), id, supplier_code: 'UNUSED1' });
    await api.ok('deleteSupplier', { params: { id } });
    await api.fails('getSupplier', 404, { params: { id } });
  });

  it('lists, attaches, updates, reads and deletes product suppliers', async () => {
    const { state } = api.sim;
    const [productId, links] = first(state.productSuppliers.entries(), ([, list]) =>
      list.some((l) => l.is_deleted),
    );
    const listed = await api.ok<ProductSupplier[]>('listProductSuppliers', {
      params: { product_id: productId },
    });
    expect(listed).toHaveLength(links.filter((link) => !link.is_deleted).length);
    const unused = first(
      state.suppliers.values(),
      (s) => !links.some((l) => l.supplier_code === s.supplier_code),
    );
    const code = unused.supplier_code!;
    await api.ok('createProductSuppliers', {
      params: { product_id: productId },
      body: [{ supplier_code: code, is_default: true }],
    });
    await api.ok('updateProductSuppliers', {
      params: { product_id: productId },
      body: [{ supplier_code: code, lead_time: 21, notes: 'Trial' }],
    });
    await api.ok('getProductSupplier', { params: { product_id: productId, supplier_code: code } });
    await api.ok('deleteProductSuppliers', { params: { product_id: productId } });
    expect(await api.ok('listProductSuppliers', { params: { product_id: productId } })).toEqual([]);
  });
});

describe('generated reference data', () => {
  it('serves return reasons, ports, shipment types, outlets and price groups', async () => {
    const { state } = api.sim;
    await api.ok('searchSupplierReturnReasons', { query: { is_deleted: false, order_by: 'name asc' } });
    const reason = first(state.returnReasons.values());
    await api.ok('getSupplierReturnReason', { params: { id: reason.id! } });
    for (const id of state.shippingPorts.keys()) await api.ok('getShippingPort', { params: { id } });
    await api.ok('searchShipmentTypes', { query: { name: 'freight' } });
    for (const id of state.outlets.keys()) await api.ok('getOutlet', { params: { id } });
    await api.ok('searchStandardPriceGroups', { query: { order_by: 'name asc' } });
    await api.ok('searchFixedPriceGroups', {});
  });

  it('writes return reasons, ports, shipment types and fixed price groups', async () => {
    const reason = await api.ok<{ id: number }>('createSupplierReturnReason', {
      body: { name: 'Generated test' },
    });
    await api.ok('updateSupplierReturnReason', {
      params: { id: reason.id },
      body: { name: 'Generated test 2' },
    });
    await api.ok('deleteSupplierReturnReason', { params: { id: reason.id } });
    const port = await api.ok<{ id: number }>('createShippingPort', { body: { name: 'Generated port' } });
    await api.ok('updateShippingPort', { params: { id: port.id }, body: { name: 'Generated port 2' } });
    await api.ok('deleteShippingPort', { params: { id: port.id } });
    const used = first(api.sim.state.suppliers.values()).shipping_port.id;
    await api.fails('deleteShippingPort', 409, { params: { id: used } });
    const type = await api.ok<{ id: number }>('createShipmentType', { body: { name: 'Generated type' } });
    await api.ok('getShipmentType', { params: { id: type.id } });
    await api.ok('updateShipmentType', { params: { id: type.id }, body: { name: 'Generated type 2' } });
    await api.ok('createFixedPriceGroup', { body: { name: 'Generated group' } });
  });
});
