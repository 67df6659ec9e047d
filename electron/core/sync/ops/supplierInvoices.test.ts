import { beforeAll, describe, expect, it } from 'vitest';
import { SupplierInvoiceSchema, type SupplierInvoice } from '../../../../src/api/resources';
import { startSimulator } from '../../../../server/index';
import { createSupplierInvoice, updateSupplierInvoice } from './supplierInvoices';
import { deletedFrom, rowsFor, sendEdit, unique } from './testing/harness';
import { opsSuite } from './testing/opsSuite';

const suite = opsSuite(() => startSimulator({ port: 0, control: true, rateLimit: 100_000 }));
let orderId: number;
let lineIds: number[];

beforeAll(async () => {
  const order = [...suite.sim.state.purchaseOrders.values()].find(
    (candidate) => candidate.status.name === 'OnOrder' && candidate.items.length >= 3,
  )!;
  orderId = order.id;
  lineIds = order.items.map((line) => line.po_item_id);
});

const invoiceBody = (number = unique('INV'), line = lineIds[0]!) => ({
  supplier_invoice_number: number,
  purchase_order_receipts: [
    {
      purchase_order_id: orderId,
      purchase_order_receipt_items: [
        { purchase_order_item_id: line, quantity_received: 1, quantity_invoiced: 1 },
      ],
    },
  ],
  direct_costs: { freight: { includes_tax: false, total_ex: 20 } },
});

describe('createSupplierInvoice', () => {
  it('shares its aggregate with updates that name its temp id, and lists the temp ids it references', () => {
    const create = suite.h.op('createSupplierInvoice', { body: invoiceBody('INV-1043'), createsTempId: -4 });
    const update = suite.h.op('updateSupplierInvoice', { params: { id: -4 }, body: { status: 'Finalised' } });
    expect(create.aggregate).toBe('supplierInvoice:-4');
    expect(update.aggregate).toBe(create.aggregate);
    expect(update.dependsOnTempIds).toEqual([-4]);
    expect(update.label).toBe('Finalise invoice new');
    expect(create.label).toBe(`Invoice INV-1043 for purchase order ${orderId} (1 line received)`);
    const onOfflineOrder = invoiceBody();
    onOfflineOrder.purchase_order_receipts[0]!.purchase_order_id = -2;
    onOfflineOrder.purchase_order_receipts[0]!.purchase_order_receipt_items[0]!.purchase_order_item_id = -9;
    expect(createSupplierInvoice.tempIdsOf({ params: {}, body: onOfflineOrder })).toEqual([-9, -2]);
    expect(createSupplierInvoice.aggregateOf({ params: {}, body: invoiceBody('A1') })).toBe(
      `supplierInvoice:po:${orderId}:number:A1`,
    );
  });

  it('puts the created invoice and drops its temp row', async () => {
    const { op, result } = await suite.h.send(
      suite.h.op('createSupplierInvoice', { body: invoiceBody(), createsTempId: -1 }),
    );
    const writes = createSupplierInvoice.cacheWrites(op, result);
    const [invoice] = rowsFor(writes, 'supplierInvoices', SupplierInvoiceSchema);
    expect(invoice?.purchase_order_receipts[0]?.purchase_order_id).toBe(orderId);
    expect(deletedFrom(writes, 'supplierInvoices')).toEqual([-1]);
    expect(createSupplierInvoice.resultIdOf?.(result)).toBe(invoice!.id);
  });

  it('finds a create whose response was lost by number and purchase order', async () => {
    const number = unique('INV');
    const uncertain = await suite.h.sendDropped(
      suite.h.op('createSupplierInvoice', { body: invoiceBody(number, lineIds[1]) }),
    );
    const decision = await createSupplierInvoice.reconcile(suite.h.context, uncertain);
    expect(decision.outcome).toBe('applied');
    const invoice = (decision as { result: SupplierInvoice }).result;
    expect(invoice.supplier_invoice_number).toBe(number);
    expect(suite.sim.state.supplierInvoices.get(invoice.id)?.supplier_invoice_number).toBe(number);
  });

  it('answers absent when the request never ran', async () => {
    const uncertain = await suite.h.sendReset(suite.h.op('createSupplierInvoice', { body: invoiceBody() }));
    expect(await createSupplierInvoice.reconcile(suite.h.context, uncertain)).toEqual({ outcome: 'absent' });
  });
});

describe('updateSupplierInvoice', () => {
  it('reads the current record, puts the update, and finalises', async () => {
    const created = await suite.h.send(
      suite.h.op('createSupplierInvoice', { body: invoiceBody(unique('INV'), lineIds[2]) }),
    );
    const id = (created.result as SupplierInvoice).id;

    const edit = suite.h.op('updateSupplierInvoice', {
      params: { id },
      body: { notes: 'Checked against packing list' },
    });
    const row = await sendEdit(suite.h, edit, suite.sim.state.supplierInvoices.get(id), {
      table: 'supplierInvoices',
      shape: SupplierInvoiceSchema,
    });
    expect(row?.notes).toBe('Checked against packing list');

    const number = (created.result as SupplierInvoice).supplier_invoice_number!;
    const finalise = suite.h.op('updateSupplierInvoice', {
      params: { id },
      body: { status: 'Finalised', supplier_invoice_number: number },
    });
    expect(finalise.label).toBe(`Finalise invoice ${number}`);
    const done = await suite.h.send(finalise);
    const [final] = rowsFor(
      updateSupplierInvoice.cacheWrites(done.op, done.result),
      'supplierInvoices',
      SupplierInvoiceSchema,
    );
    expect(final?.status).toBe('Finalised');
    expect(final?.finalised_on).not.toBeNull();
  });
});
