/**
 * POST /supplierinvoices: creates the invoice and receives its receipts into the purchase orders
 * (receiving.ts). Order of checks: unknown orders and lines (400), closed orders (409), a duplicate invoice
 * number for the same order (409); only then is anything written.
 *
 * Defaults (decided here): status 'In Progress'; per receipt line quantity_faulty 0, quantity_invoiced =
 * quantity_received, buy_price_ex = the order line's supplier_buy_ex, include_tax false; receipts get their
 * own ids (sequence 'receipts', as the generator names it). An invoice created as Finalised is finalised at
 * once (invoiceRules.finalise).
 */
import type { SupplierInvoice } from '../../../src/api/resources';
import { nextId, type SimState } from '../../state';
import { ok, type Handler } from '../context';
import { createdFields, stampOf } from './audit';
import { dateTimeOfDate } from './dates';
import { directCostsOf, recomputeInvoiceTotals } from './invoiceTotals';
import { finalise, rejectDuplicateNumber } from './invoiceRules';
import { applyReceipts, planReceipts, type ReceiptPlan } from './receiving';

function receiptOf(state: SimState, { input, lines }: ReceiptPlan) {
  return {
    id: nextId(state, 'receipts'),
    purchase_order_id: input.purchase_order_id,
    purchase_order_receipt_items: input.purchase_order_receipt_items.map((item, j) => ({
      purchase_order_item_id: item.purchase_order_item_id,
      quantity_received: item.quantity_received,
      quantity_faulty: item.quantity_faulty ?? 0,
      quantity_invoiced: item.quantity_invoiced ?? item.quantity_received,
      buy_price_ex: item.buy_price_ex ?? lines[j]!.supplier_buy_ex ?? 0,
      bin: item.bin ?? null,
      include_tax: item.include_tax ?? false,
      notes: item.notes ?? null,
    })),
  };
}

export const createSupplierInvoice: Handler<'createSupplierInvoice'> = (ctx) => {
  const { state, body } = ctx;
  const plans = planReceipts(state, body.purchase_order_receipts);
  rejectDuplicateNumber(
    state,
    body.supplier_invoice_number,
    plans.map((plan) => plan.po.id),
  );
  const stamp = stampOf(ctx);
  applyReceipts(state, plans, stamp);
  const invoice: SupplierInvoice = {
    id: nextId(state, 'supplierInvoices'),
    supplier_invoice_number: body.supplier_invoice_number,
    status: 'In Progress',
    notes: body.notes ?? null,
    international_order: false,
    landed_costs_calculation: null,
    currency_conversion: null,
    rounding_adjustment: body.rounding_adjustment ?? 0,
    distribute_costs_by: body.distribute_costs_by ?? null,
    direct_costs: directCostsOf(body.direct_costs),
    purchase_order_receipts: plans.map((plan) => receiptOf(state, plan)),
    total_buy_price_ex: 0,
    total_tax: 0,
    total_buy_price_inc: 0,
    total_applied_buy_price_ex: 0,
    ...createdFields(stamp),
    finalised_on: null,
    supplier_invoiced_on: dateTimeOfDate(body.supplier_invoiced_on),
    finalised_by: null,
  };
  recomputeInvoiceTotals(invoice);
  if (body.status === 'Finalised') finalise(state, invoice, stamp);
  state.supplierInvoices.set(invoice.id, invoice);
  return ok(invoice);
};
