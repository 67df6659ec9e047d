/**
 * POST /purchaseorders. Every reference in the body is resolved before anything is written; all
 * unknown ones are reported together, each at its own field (`supplier.id`,
 * `purchase_order_items[2].product.id`).
 *
 * Decided here (the API is silent):
 *  - status defaults to Incomplete; any status the reference data knows is accepted and stored as given, as
 *    are quantity_received on lines: the create body is also how orders raised elsewhere are imported, and
 *    stock received before the order reached us is already in the inventory, so it is not added again;
 *  - fob_currency defaults to the outlet's currency (then to the first known currency);
 *  - external_purchase_order_id is unique: a second order with the same one is a 409 naming the first, so the
 *    sync engine's lookup of an uncertain create by that id finds exactly one order.
 */
import { canChangeLinkedTransferUpdate } from '../../../src/api/enums';
import type { PurchaseOrderCreate } from '../../../src/api/requests';
import type { Currency, NamedValue, PurchaseOrderRow, SimState } from '../../state';
import { nextId } from '../../state';
import { conflict } from '../../errors';
import { ok, type Handler } from '../context';
import { createdFields, stampOf } from './audit';
import { FieldCheck, fieldPath } from '../checks';
import { dateTimeOfDate } from './dates';
import { newLine, recomputeOrderTotals } from './orderLines';
import { purchaseOrderStatus } from './orderStatus';
import { references } from './references';
import { settleOnOrder } from './stock';
import { purchaseOrderView } from '../views/purchaseOrder';

function defaultCurrency(state: SimState, outlet: NamedValue): Currency {
  const currency = state.outlets.get(outlet.id)?.fob_currency ?? state.reference.currencies[0];
  if (!currency) throw new Error('The reference data has no currencies');
  return { ...currency };
}

function rejectDuplicateExternalId(state: SimState, externalId: string | null | undefined) {
  if (!externalId) return;
  for (const po of state.purchaseOrders.values()) {
    if (po.external_purchase_order_id === externalId) {
      throw conflict(`Purchase order ${po.id} already has external_purchase_order_id ${externalId}`);
    }
  }
}

/** Resolves the body's references, or throws one 400 naming every unknown one. */
function resolve(state: SimState, body: PurchaseOrderCreate) {
  const refs = references(state);
  const check = new FieldCheck();
  const resolved = {
    outlet: check.ref('outlet', body.outlet, refs.outlet),
    supplier: check.ref('supplier', body.supplier, refs.supplier),
    status: body.status
      ? check.ref('status', body.status, refs.purchaseOrderStatus)
      : purchaseOrderStatus(state, 'Incomplete'),
    shipping_status: check.ref('shipping_status', body.shipping_status, refs.shippingStatus) ?? null,
    shipping_type: check.ref('shipping_type', body.shipping_type, refs.shipmentType) ?? null,
    shipping_port: check.ref('shipping_port', body.shipping_port, refs.shippingPort) ?? null,
    country_of_origin: check.ref('country_of_origin', body.country_of_origin, refs.country) ?? null,
    fob_currency: check.ref('fob_currency', body.fob_currency, refs.currency),
    products: (body.purchase_order_items ?? []).map((line, i) =>
      check.ref(fieldPath('purchase_order_items', i, 'product'), line.product, refs.product),
    ),
  };
  const linked = body.update_linked_transfers_on_receipt_to;
  if (linked && resolved.status && !canChangeLinkedTransferUpdate(resolved.status.name)) {
    check.fail(
      'update_linked_transfers_on_receipt_to',
      `update_linked_transfers_on_receipt_to can be set only while the status is Incomplete, OnOrder or ` +
        `ReceivingInProgress, not ${resolved.status.name}`,
    );
  }
  check.throwIfAny();
  return resolved;
}

export const createPurchaseOrder: Handler<'createPurchaseOrder'> = (ctx) => {
  const { state, body } = ctx;
  const refs = resolve(state, body);
  rejectDuplicateExternalId(state, body.external_purchase_order_id);
  const stamp = stampOf(ctx);
  // resolve() threw if a required reference was unknown, so these are present.
  const outlet = refs.outlet!;
  const id = nextId(state, 'purchaseOrders');
  const po: PurchaseOrderRow = {
    id,
    external_purchase_order_id: body.external_purchase_order_id ?? null,
    reference_purchase_order_id: body.reference_purchase_order_id ?? null,
    status: refs.status!,
    outlet,
    supplier: refs.supplier!,
    sailed: dateTimeOfDate(body.sailed),
    deposit_due: dateTimeOfDate(body.deposit_due),
    balance_due: dateTimeOfDate(body.balance_due),
    original_departure: dateTimeOfDate(body.original_departure),
    eta: dateTimeOfDate(body.eta),
    sent_on: dateTimeOfDate(body.sent_on),
    received_on: dateTimeOfDate(body.received_on),
    ...createdFields(stamp),
    supplier_comments: body.supplier_comments ?? null,
    purchase_order_template: body.purchase_order_template ?? null,
    autoreplenishment_invoice_number: body.autoreplenishment_invoice_number ?? null,
    autoreplenishment_invoice_reference: body.autoreplenishment_invoice_reference ?? null,
    container_number: body.container_number ?? null,
    deliver_to: body.deliver_to ?? null,
    shipping_terms: body.shipping_terms ?? null,
    payment_terms: body.payment_terms ?? null,
    invoice_documents: body.invoice_documents ?? null,
    packing_list_documents: body.packing_list_documents ?? null,
    packing_declaration_documents: body.packing_declaration_documents ?? null,
    fumes_documents: body.fumes_documents ?? null,
    certificate_of_original_documents: body.certificate_of_original_documents ?? null,
    bill_of_lading_documents: body.bill_of_lading_documents ?? null,
    internal_comments: body.internal_comments ?? null,
    supplier_invoice_number: body.supplier_invoice_number ?? null,
    update_linked_transfers_on_receipt_to: body.update_linked_transfers_on_receipt_to ?? null,
    shipping_status: refs.shipping_status,
    shipping_type: refs.shipping_type,
    shipping_port: refs.shipping_port,
    country_of_origin: refs.country_of_origin,
    fob_currency: refs.fob_currency ?? defaultCurrency(state, outlet),
    deposit: body.deposit ?? null,
    total_weight: 0,
    total_cubic: 0,
    total_supplier_buy_ex: 0,
    total_quantity_special_order: 0,
    total_quantity_received: 0,
    total_quantity_remaining: 0,
    total_quantity_cancelled: 0,
    total_quantity_ordered: 0,
    total_quantity_linked_transfers: 0,
    items: [],
  };
  po.items = (body.purchase_order_items ?? []).map((line, i) =>
    newLine(state, id, { ...line, product: refs.products[i]! }, stamp.at),
  );
  recomputeOrderTotals(po);
  settleOnOrder(state, po, new Map(), stamp.at);
  state.purchaseOrders.set(id, po);
  return ok(purchaseOrderView(state, po, true));
};
