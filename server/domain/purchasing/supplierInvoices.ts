/**
 * GET /supplierinvoices, GET and PUT /supplierinvoices/{id}.
 *
 * Update is partial: omitted fields are unchanged. Order of checks: 404, 409 when the invoice is finalised
 * (it rejects every update, even an empty one), 400 for an unknown origin_country or a 'Currency Conversion'
 * calculation without a currency_conversion (sent or already stored), 409 for a duplicate invoice number.
 * origin_country is checked but not stored: the invoice record has no field to return it in.
 * Setting status 'Finalised' finalises the invoice (invoiceRules.finalise); 'In Progress' leaves it open.
 *
 * direct_costs on update is ours: the API's PUT body does not list it, but the back office enters freight,
 * misc and duty from the supplier's invoice after the delivery was received (issue #10), so the contract
 * takes it (src/api/requests/supplierInvoice.ts DirectCostsUpdateSchema) and it is merged here line by line,
 * field by field, with the totals recomputed.
 */
import { searchPage, supplierInvoiceAccessors } from '../../search';
import { ok, type Handler } from '../context';
import { stampOf, touch } from './audit';
import { FieldCheck, found, intParam } from '../checks';
import { dateTimeOfDate } from './dates';
import { mergedDirectCosts, recomputeInvoiceTotals } from './invoiceTotals';
import { finalise, orderIdsOf, rejectDuplicateNumber, rejectIfFinalised } from './invoiceRules';
import { references } from './references';

export const getSupplierInvoice: Handler<'getSupplierInvoice'> = ({ state, params }) =>
  ok(found(state.supplierInvoices, intParam(params, 'id'), 'supplier invoice'));

export const searchSupplierInvoices: Handler<'searchSupplierInvoices'> = ({ state, query }) =>
  ok(
    searchPage(state.supplierInvoices.values(), query, {
      op: 'searchSupplierInvoices',
      accessors: supplierInvoiceAccessors(state),
      idOf: (invoice) => invoice.id,
      view: (invoice) => invoice,
    }),
  );

export const updateSupplierInvoice: Handler<'updateSupplierInvoice'> = (ctx) => {
  const { state, params, body } = ctx;
  const invoice = found(state.supplierInvoices, intParam(params, 'id'), 'supplier invoice');
  rejectIfFinalised(invoice);

  const check = new FieldCheck();
  check.ref('origin_country', body.origin_country, references(state).country);
  const calculation = body.landed_costs_calculation ?? invoice.landed_costs_calculation;
  const conversion = body.currency_conversion ?? invoice.currency_conversion;
  if (calculation === 'Currency Conversion' && conversion === null) {
    check.fail(
      'currency_conversion',
      "landed_costs_calculation 'Currency Conversion' needs a currency_conversion",
    );
  }
  check.throwIfAny();
  if (body.supplier_invoice_number !== undefined) {
    rejectDuplicateNumber(state, body.supplier_invoice_number, orderIdsOf(invoice), invoice.id);
    invoice.supplier_invoice_number = body.supplier_invoice_number;
  }

  if (body.supplier_invoiced_on !== undefined) {
    invoice.supplier_invoiced_on = dateTimeOfDate(body.supplier_invoiced_on);
  }
  if (body.notes !== undefined) invoice.notes = body.notes;
  if (body.distribute_costs_by !== undefined) invoice.distribute_costs_by = body.distribute_costs_by;
  if (body.rounding_adjustment !== undefined) invoice.rounding_adjustment = body.rounding_adjustment;
  if (body.international_order !== undefined) invoice.international_order = body.international_order;
  invoice.direct_costs = mergedDirectCosts(invoice.direct_costs, body.direct_costs);
  invoice.landed_costs_calculation = calculation;
  invoice.currency_conversion = conversion;
  recomputeInvoiceTotals(invoice);

  const stamp = stampOf(ctx);
  touch(invoice, stamp);
  if (body.status === 'Finalised') finalise(state, invoice, stamp);
  return ok(invoice);
};
