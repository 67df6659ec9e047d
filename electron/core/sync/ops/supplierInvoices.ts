/**
 * Supplier invoice ops: create (receipts and direct costs) and update (including finalise). An update names
 * the invoice by id (a temp id while the create is queued), so both share `supplierInvoice:<id>` and the
 * update waits for its create.
 */
import type { z } from 'zod';
import { buildFilter, queryFor } from '../../../../src/api/query';
import { SupplierInvoiceSchema, type SupplierInvoice } from '../../../../src/api/resources';
import { OP_CATALOG } from '../../../../src/db/opCatalog';
import type { OpRunContext } from '../opKind';
import { put, replacingTemp } from './cache';
import { byLookup, createSpec, updateSpec } from './factories';
import { counted, idText } from './labels';
import { callOptions, searchAll } from './lookup';

const createPayload = OP_CATALOG.createSupplierInvoice.payload;
type CreatePayload = z.output<typeof createPayload>;

/** The order an invoice is looked up by: its first receipt's (the body requires at least one). */
const firstOrderOf = ({ body }: CreatePayload) => body.purchase_order_receipts[0]!.purchase_order_id;

/**
 * The invoice with this number on this order. The server refuses a second one (409), so this finds at most
 * one; the exact comparison guards against the search ignoring case.
 */
async function findByNumberAndOrder(
  context: OpRunContext,
  payload: CreatePayload,
): Promise<SupplierInvoice[]> {
  const number = payload.body.supplier_invoice_number;
  const orderId = firstOrderOf(payload);
  const where = queryFor('searchSupplierInvoices').where;
  const filter_by = buildFilter([
    where('supplier_invoice_number').eq(number),
    where('purchase_order_id').eq(orderId),
  ]);
  const invoices = await searchAll(context, 'searchSupplierInvoices', { params: {}, query: { filter_by } });

  return invoices.filter(
    (invoice) =>
      invoice.supplier_invoice_number === number &&
      invoice.purchase_order_receipts.some((receipt) => receipt.purchase_order_id === orderId),
  );
}

/*
 * Receiving also raises the order lines' quantity_received and may move the order's status; those orders'
 * modified_on moves, so the next pull brings them (the invoice response does not carry them).
 */

export const createSupplierInvoice = createSpec({
  kind: 'createSupplierInvoice',
  payload: createPayload,
  label: ({ body }) => {
    const orders = [
      ...new Set(body.purchase_order_receipts.map((receipt) => idText(receipt.purchase_order_id))),
    ];
    const lines = body.purchase_order_receipts.reduce((n, r) => n + r.purchase_order_receipt_items.length, 0);
    return (
      `Invoice ${body.supplier_invoice_number} for purchase order ${orders.join(', ')} ` +
      `(${counted(lines, 'line')} received)`
    );
  },
  result: SupplierInvoiceSchema,
  rows: (invoice, op) => [replacingTemp('supplierInvoices', op, invoice)],
  idOf: (invoice) => invoice.id,
  reconcile: byLookup('supplier invoices', findByNumberAndOrder),
});

export const updateSupplierInvoice = updateSpec({
  kind: 'updateSupplierInvoice',
  payload: OP_CATALOG.updateSupplierInvoice.payload,
  label: ({ params, body }) => {
    const name = body.supplier_invoice_number ?? idText(params.id);
    return body.status === 'Finalised' ? `Finalise invoice ${name}` : `Update invoice ${name}`;
  },
  result: SupplierInvoiceSchema,
  rows: (invoice) => [put('supplierInvoices', [invoice])],
  current: (context, { params }) =>
    context.client.call('getSupplierInvoice', { params: { id: params.id } }, callOptions(context)),
});
