/**
 * Supplier invoices, one per delivery of a purchase order, each with one receipt for that order. Per order
 * item, the receipts' quantity_received add up exactly to the item's quantity_received, so the invoices
 * explain every unit the orders show as received. Status follows the order: a Received order's invoices are
 * all Finalised (the last one completed it: its finalised_on is the order's received_on and modified_on); an
 * order still receiving may have its latest invoice In Progress. Ids ascend with created_on.
 *
 * Amounts: total_buy_price_ex = Σ quantity_invoiced × buy_price_ex, in the supplier's currency; total_tax is
 * 10% GST on domestic invoices and 0 on imports (GST on imports is paid at the border, not to the supplier);
 * total_applied_buy_price_ex is the landed cost in dollars: ex × currency_conversion + freight + misc + duty.
 */
import type { PurchaseOrderReceiptItem, SupplierInvoice } from '../../src/api/resources';
import { DAY_MS, between, iso, isoDay } from './clock';
import { rngOf, staffUser, type GenContext } from './context';
import type { Delivery } from './purchaseOrderItems';
import type { GeneratedOrder } from './purchaseOrders';
import { money, round, type Rng } from './random';
import { audPerUnit } from './reference';

interface Draft {
  order: GeneratedOrder;
  delivery: Delivery;
  finalised: boolean;
}

const BINS = ['A-01', 'A-02', 'A-03', 'B-01', 'B-04', 'C-02', 'Dock 1', 'Dock 2'];
const PREFIXES = ['INV-', 'SI', 'TI-', 'A'];

export function generateInvoices(
  context: GenContext,
  orders: readonly GeneratedOrder[],
): Map<number, SupplierInvoice> {
  const rng = rngOf(context, 'invoices');
  const drafts: Draft[] = [];
  for (const order of orders) {
    order.deliveries.forEach((delivery, index) => {
      const last = index === order.deliveries.length - 1;
      const finalised = order.row.status.name === 'Received' || !last || rng.chance(0.5);
      drafts.push({ order, delivery, finalised });
    });
  }
  drafts.sort((a, b) => a.delivery.at - b.delivery.at || a.order.row.id - b.order.row.id);

  const invoices = new Map<number, SupplierInvoice>();
  for (const draft of drafts) {
    const invoice = buildInvoice(rng, context, draft);
    invoices.set(invoice.id, invoice);
    const { row } = draft.order;
    row.supplier_invoice_number = invoice.supplier_invoice_number;
    if (invoice.modified_on > row.modified_on) row.modified_on = invoice.modified_on;
    if (row.status.name === 'Received') row.received_on = row.modified_on;
  }
  return invoices;
}

function cost(includesTax: boolean, totalEx: number, taxRate: number) {
  const tax = money(totalEx * taxRate);
  return { includes_tax: includesTax, total_ex: totalEx, total_tax: tax, total_inc: money(totalEx + tax) };
}

function buildInvoice(rng: Rng, context: GenContext, draft: Draft): SupplierInvoice {
  const { order, delivery, finalised } = draft;
  const { supplier } = order;
  const id = context.ids.take('supplierInvoices');
  const international = supplier.international;
  const items: PurchaseOrderReceiptItem[] = delivery.lines.map(({ item, quantity }) => ({
    purchase_order_item_id: item.po_item_id,
    quantity_received: quantity,
    quantity_faulty:
      item.variance_reason.name === 'Damaged in transit' ? rng.int(0, Math.min(2, quantity)) : 0,
    quantity_invoiced: quantity,
    buy_price_ex: item.supplier_buy_ex ?? 0,
    bin: rng.pick(BINS),
    include_tax: false,
    notes: rng.chance(0.05) ? rng.pick(['One carton crushed', 'Cartons relabelled', 'Counted twice']) : null,
  }));
  const totalEx = money(items.reduce((sum, item) => sum + item.quantity_invoiced * item.buy_price_ex, 0));
  const totalTax = international ? 0 : money(totalEx * 0.1);
  const conversion = international ? round(audPerUnit(supplier.currency) * rng.float(0.97, 1.03), 4) : null;
  const freightEx = international
    ? money(rng.float(200, 2500))
    : rng.chance(0.6)
      ? money(rng.float(15, 120))
      : 0;
  const miscEx = rng.chance(0.15) ? money(rng.float(10, 90)) : 0;
  const dutyEx = international ? money(totalEx * (conversion ?? 1) * 0.05) : 0;
  const direct = {
    freight: cost(!international && rng.chance(0.5), freightEx, 0.1),
    misc: cost(rng.chance(0.5), miscEx, 0.1),
    duty: { total_ex: dutyEx, total_tax: 0, total_inc: dutyEx },
  };
  const created = delivery.at;
  const finalisedAt = finalised ? between(rng, created, created + 4 * 3_600_000) : null;
  const modified = finalisedAt ?? between(rng, created, created + 2 * DAY_MS);
  const clerk = staffUser(context, rng);
  const prefix = PREFIXES[(supplier.record.id ?? 0) % PREFIXES.length]!;

  return {
    id,
    supplier_invoice_number: `${prefix}${id}`,
    status: finalised ? 'Finalised' : 'In Progress',
    notes: rng.chance(0.1)
      ? rng.pick(['Freight split across two invoices', 'Credit to follow for damages'])
      : null,
    international_order: international,
    landed_costs_calculation: international ? (rng.chance(0.7) ? 'Currency Conversion' : 'Manual') : null,
    currency_conversion: conversion,
    rounding_adjustment: rng.chance(0.1) ? rng.pick([-0.02, -0.01, 0.01, 0.02]) : 0,
    distribute_costs_by: rng.pick(['Value', 'Value', 'Quantity', 'Weight']),
    direct_costs: direct,
    purchase_order_receipts: [
      {
        id: context.ids.take('receipts'),
        purchase_order_id: order.row.id,
        purchase_order_receipt_items: items,
      },
    ],
    total_buy_price_ex: totalEx,
    total_tax: totalTax,
    total_buy_price_inc: money(totalEx + totalTax),
    total_applied_buy_price_ex: money(totalEx * (conversion ?? 1) + freightEx + miscEx + dutyEx),
    created_on: iso(created),
    modified_on: iso(modified),
    finalised_on: finalisedAt !== null ? iso(finalisedAt) : null,
    // The supplier dated the invoice when the goods shipped: up to ten days before they arrived.
    supplier_invoiced_on: isoDay(created - rng.int(0, 10) * DAY_MS),
    created_by: clerk,
    modified_by: clerk,
    finalised_by: finalised ? clerk : null,
  };
}
