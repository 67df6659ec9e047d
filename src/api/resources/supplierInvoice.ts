/**
 * The supplier invoice. The API lists its response fields in prose only; the names below are the request
 * names where one exists and otherwise the names of the invoice's filter/order fields.
 */
import { z } from 'zod';
import { dateTime, double, int32 } from '../primitives';
import { auditUser } from './shared';
import { LANDED_COSTS_CALCULATIONS, SUPPLIER_INVOICE_STATUSES } from '../enums';
export {
  LANDED_COSTS_CALCULATIONS,
  SUPPLIER_INVOICE_STATUSES,
  type LandedCostsCalculation,
  type SupplierInvoiceStatus,
} from '../enums';

/** A receipt item carries exactly the create-body fields; bin and notes are nullable as free text. */
export const PurchaseOrderReceiptItemSchema = z.strictObject({
  purchase_order_item_id: int32(),
  quantity_received: int32(),
  quantity_faulty: int32(),
  quantity_invoiced: int32(),
  buy_price_ex: double(),
  bin: z.string().nullable(),
  include_tax: z.boolean(),
  notes: z.string().nullable(),
});

/** A receipt: the create-body fields {id, purchase_order_id, purchase_order_receipt_items}, all present. */
export const PurchaseOrderReceiptSchema = z.strictObject({
  id: int32(),
  purchase_order_id: int32(),
  purchase_order_receipt_items: z.array(PurchaseOrderReceiptItemSchema),
});

/**
 * Direct costs: the create body's freight/misc {includes_tax, total_ex} and duty {total_ex}, plus the computed
 * _total_tax and _total_inc the filter fields name. Duty has no tax flag in the request, so none here either.
 */
const costTotals = { total_ex: double(), total_tax: double(), total_inc: double() };
const taxableCost = () => z.strictObject({ includes_tax: z.boolean(), ...costTotals });

export const DirectCostsSchema = z.strictObject({
  freight: taxableCost(),
  misc: taxableCost(),
  duty: z.strictObject(costTotals),
});

export const SupplierInvoiceSchema = z.strictObject({
  id: int32(),
  supplier_invoice_number: z.string().nullable(),
  status: z.enum(SUPPLIER_INVOICE_STATUSES),
  notes: z.string().nullable(),
  international_order: z.boolean(),
  // Nullable: a domestic invoice has no landed costs calculation and no multiplier.
  landed_costs_calculation: z.enum(LANDED_COSTS_CALCULATIONS).nullable(),
  // "currency multiplier" in the prose; the request calls it currency_conversion.
  currency_conversion: double().nullable(),
  rounding_adjustment: double(),
  // Values not shown, so any string.
  distribute_costs_by: z.string().nullable(),
  direct_costs: DirectCostsSchema,
  purchase_order_receipts: z.array(PurchaseOrderReceiptSchema),
  total_buy_price_ex: double(),
  total_tax: double(),
  total_buy_price_inc: double(),
  total_applied_buy_price_ex: double(),
  created_on: dateTime(),
  modified_on: dateTime(),
  // Null until the invoice is finalised.
  finalised_on: dateTime().nullable(),
  // Requests send a calendar date; the record returns a date-time, null until the supplier's date is entered.
  supplier_invoiced_on: dateTime().nullable(),
  created_by: auditUser(),
  modified_by: auditUser(),
  finalised_by: auditUser().nullable(),
});

export type PurchaseOrderReceiptItem = z.infer<typeof PurchaseOrderReceiptItemSchema>;
export type PurchaseOrderReceipt = z.infer<typeof PurchaseOrderReceiptSchema>;
export type DirectCosts = z.infer<typeof DirectCostsSchema>;
export type SupplierInvoice = z.infer<typeof SupplierInvoiceSchema>;
