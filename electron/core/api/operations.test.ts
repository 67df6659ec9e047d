/**
 * Every operation of the endpoint table, called through the client against the real simulator (small
 * generated dataset) over HTTP, each with valid input and a response the client validated. The last test fails
 * when an operation of ENDPOINT_LIST was never exercised, so a new row in the table needs a call here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_LIST, type OperationId } from '../../../src/api/endpoints';
import {
  sampleCustomerCreate,
  sampleCustomerUpdate,
  sampleDeliveryAddressUpdate,
} from '../../../src/api/requests/fixtures';
import { startSimulator, type Simulator } from '../../../server/index';
import type { DockhandApiClient } from './client';
import type { CallInput, CallOutput } from './types';
import { captureLogger, recordingFetch, TEST_KEY, testClient } from './testing';

let sim: Simulator;
let client: DockhandApiClient;
const logger = captureLogger();
const wire = recordingFetch();
const succeeded = new Set<OperationId>();

beforeAll(async () => {
  sim = await startSimulator({ port: 0, apiKey: TEST_KEY, rateLimit: 100_000 });
  client = testClient(sim.baseUrl, { logger, fetch: wire.fetch });
});

afterAll(async () => {
  await sim.stop();
});

/** client.call, remembering which operations succeeded. */
async function run<Id extends OperationId>(id: Id, input: CallInput<Id>): Promise<CallOutput<Id>> {
  const result = await client.call(id, input);
  succeeded.add(id);
  return result;
}

describe('every operation against the simulator', () => {
  it('token and customers', async () => {
    const token = await run('getAuthToken', {});
    expect(token.token_type).toBe('Bearer');

    const page = await run('searchCustomers', {
      query: { page_size: 5, order_by: 'id desc', modified_since: '2020-01-01T00:00:00Z' },
    });
    expect(page.data).toHaveLength(5);
    const created = await run('createCustomer', { body: sampleCustomerCreate() });
    expect(created.first_name).toBe('Ada');
    const customer = await run('getCustomer', { params: { id: 50001 } });
    const updated = await run('updateCustomer', { params: { id: 50001 }, body: sampleCustomerUpdate() });
    expect(updated.mobile).toBe('0400 333 444');
    const addressId = customer.delivery_addresses![0]!.id;
    const address = await run('updateDeliveryAddress', {
      params: { id: 50001, address_id: addressId },
      body: sampleDeliveryAddressUpdate({ suburb: 'Carlton' }),
    });
    expect(address.suburb).toBe('Carlton');

    const history = await run('searchLoyaltyHistory', { params: { id: 50003 }, query: { page_size: 3 } });
    const entryId = history.data![0]!.id;
    expect(
      (await run('getLoyaltyHistoryEntry', { params: { id: 50003, loyalty_history_id: entryId } })).id,
    ).toBe(entryId);
    expect((await run('searchSurveySegments', {})).total_records).toBeGreaterThan(0);
  });

  it('suppliers, return reasons, shipping ports (v2), shipment types (v2)', async () => {
    expect((await run('getSupplier', { params: { id: 101 } })).id).toBe(101);
    const supplier = await run('updateSupplier', { params: { id: 101 }, body: { comments: 'Call first' } });
    expect(supplier.comments).toBe('Call first');
    // Every generated supplier is referenced by an order or a product (409 on delete), so add a spare one.
    const template = sim.state.suppliers.get(120)!;
    sim.state.suppliers.set(199, { ...template, id: 199, supplier_code: 'SPARE199' });
    expect(await run('deleteSupplier', { params: { id: 199 } })).toBeUndefined();

    const reason = await run('createSupplierReturnReason', { body: { name: 'Client test' } });
    const reasons = await run('searchSupplierReturnReasons', {
      query: { is_deleted: false, order_by: 'name asc' },
    });
    expect(reasons.data!.map((r) => r.id)).toContain(reason.id);
    expect((await run('getSupplierReturnReason', { params: { id: reason.id } })).name).toBe('Client test');
    await run('updateSupplierReturnReason', { params: { id: reason.id }, body: { name: 'Client test 2' } });
    await run('deleteSupplierReturnReason', { params: { id: reason.id } });

    const port = await run('createShippingPort', { body: { name: 'Port of Testing' } });
    expect((await run('getShippingPort', { params: { id: port.id } })).name).toBe('Port of Testing');
    await run('updateShippingPort', { params: { id: port.id }, body: { name: 'Port of Tests' } });
    await run('deleteShippingPort', { params: { id: port.id } });

    const types = await run('searchShipmentTypes', { query: { name: 'freight' } });
    expect(types.data!.length).toBeGreaterThan(0);
    const type = await run('createShipmentType', { body: { name: 'Drone' } });
    expect((await run('getShipmentType', { params: { id: type.id } })).name).toBe('Drone');
    await run('updateShipmentType', { params: { id: type.id }, body: { name: 'Drone (light)' } });

    const v2 = wire.sent.filter((s) => /\/(shippingports|shipmenttypes)/.test(s.target));
    expect(v2.length).toBe(8);
    for (const sent of v2) expect(sent.target).toMatch(/^\/v2\/(shippingports|shipmenttypes)/);
  });

  it('product suppliers', async () => {
    const on = { product_id: 10001 };
    const added = await run('createProductSuppliers', {
      params: on,
      body: [{ supplier_code: 'CORALTEX102', supplier_buy_ex: 11.5, is_default: false }],
    });
    expect(added.map((link) => link.supplier_code)).toContain('CORALTEX102');
    expect((await run('listProductSuppliers', { params: on })).length).toBe(3);
    await run('updateProductSuppliers', {
      params: on,
      body: [{ supplier_code: 'CORALTEX102', lead_time: 5 }],
    });
    const one = await run('getProductSupplier', { params: { ...on, supplier_code: 'CORALTEX102' } });
    expect(one.lead_time).toBe(5);
    await run('deleteProductSuppliers', { params: on });
    expect(await client.call('listProductSuppliers', { params: on })).toEqual([]);
  });

  it('purchase orders and supplier invoices', async () => {
    const orders = await run('searchPurchaseOrders', {
      query: { filter_by: 'status:eq:Incomplete', order_by: 'id asc', page_size: 3 },
    });
    expect(orders.data!.every((po) => po.status.name === 'Incomplete')).toBe(true);
    const read = await run('getPurchaseOrder', { params: { id: 100001 }, query: { include_items: true } });
    expect(read.purchase_order_items!.length).toBeGreaterThan(0);

    const po = await run('createPurchaseOrder', {
      body: {
        external_purchase_order_id: 'client-ops-1',
        outlet: { id: 1 },
        supplier: { id: 101 },
        purchase_order_items: [
          { product: { id: 10001 }, quantity_ordered: 4, supplier_buy_ex: 12 },
          { product: { id: 10002 }, quantity_ordered: 2 },
        ],
      },
    });
    const [first, second] = po.purchase_order_items!.map((item) => item.po_item_id!);
    const items = await run('searchPurchaseOrderItems', {
      params: { id: po.id },
      query: { select: 'id,quantity_ordered', order_by: 'quantity_ordered desc' },
    });
    // With select, rows are exactly the selected names (validated with selectionPageSchema).
    expect(items.data).toEqual([
      { id: first!, quantity_ordered: 4 },
      { id: second!, quantity_ordered: 2 },
    ]);
    await run('deletePurchaseOrderItem', { params: { id: po.id, item_id: second! } });

    const invoice = await run('createSupplierInvoice', {
      body: {
        supplier_invoice_number: 'CLIENT-INV-1',
        supplier_invoiced_on: '2026-01-05',
        purchase_order_receipts: [
          {
            purchase_order_id: po.id!,
            purchase_order_receipt_items: [
              { purchase_order_item_id: first!, quantity_received: 4, quantity_invoiced: 4 },
            ],
          },
        ],
      },
    });
    expect((await run('getSupplierInvoice', { params: { id: invoice.id } })).id).toBe(invoice.id);
    const checked = await run('updateSupplierInvoice', {
      params: { id: invoice.id },
      body: { notes: 'Checked' },
    });
    expect(checked.notes).toBe('Checked');
    const invoices = await run('searchSupplierInvoices', {
      query: { filter_by: 'supplier_invoice_number:eq:CLIENT-INV-1' },
    });
    expect(invoices.data!.map((i) => i.id)).toEqual([invoice.id]);
  });

  it('supplier returns and credit notes', async () => {
    const open = 400028; // Incomplete in the small dataset
    expect((await run('getSupplierReturn', { params: { id: open } })).id).toBe(open);
    await run('updateSupplierReturn', { params: { id: open }, body: { notes: 'Collect Friday' } });
    const item = await run('createSupplierReturnItem', {
      params: { id: open },
      body: { product: { id: 10001 }, supplier_return_reason: { id: 1 }, return_quantity: 1 },
    });
    const items = await run('searchSupplierReturnItems', {
      params: { id: open },
      query: { ids: String(item.id) },
    });
    expect(items.data!.map((i) => i.id)).toEqual([item.id]);
    expect((await run('getSupplierReturnItem', { params: { id: open, item_id: item.id } })).id).toBe(item.id);

    const notes = await run('searchCreditNotes', { query: { page_size: 2 } });
    const noteId = notes.data![0]!.id;
    expect((await run('getCreditNote', { params: { id: noteId } })).id).toBe(noteId);
    const noteItems = await run('searchCreditNoteItems', { params: { id: noteId } });
    const noteItemId = noteItems.data![0]!.id;
    expect((await run('getCreditNoteItem', { params: { id: noteId, item_id: noteItemId } })).id).toBe(
      noteItemId,
    );
  });

  it('outlets and price groups', async () => {
    expect((await run('getOutlet', { params: { id: 1 } })).id).toBe(1);
    expect(
      (await run('searchStandardPriceGroups', { query: { order_by: 'name desc' } })).data,
    ).not.toHaveLength(0);
    expect((await run('searchFixedPriceGroups', {})).data).not.toHaveLength(0);
    expect((await run('createFixedPriceGroup', { body: { name: 'Client group' } })).name).toBe(
      'Client group',
    );
  });

  it('exercised every operation of the endpoint table, each with a logged 2xx and no retry', () => {
    const missing = ENDPOINT_LIST.map((entry) => entry.id).filter((id) => !succeeded.has(id));
    expect(missing).toEqual([]);
    expect(succeeded.size).toBe(52);
    expect(logger.entries.filter((e) => e.event !== 'response')).toEqual([]);
    // One token for the whole run (getAuthToken's own call included, it is an operation like the others).
    expect(wire.count('GET', '/auth/token')).toBe(2);
  });
});
