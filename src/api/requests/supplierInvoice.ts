/**
 * Supplier invoice create and update bodies (POST and PUT /supplierinvoices).
 */
import { z } from 'zod';
import { calendarDate, double, int32 } from '../primitives';
import { LANDED_COSTS_CALCULATIONS, SUPPLIER_INVOICE_STATUSES } from '../enums';
import { nonNegativeAmount, optionalRef, quantity, rejectDuplicates } from './shared';

/**
 * One received line. purchase_order_item_id and quantity_received are required: a receipt line says how
 * many of which ordered line arrived. Quantities are never negative, and the faulty units are among the
 * received ones (quantity_faulty <= quantity_received, issue on quantity_faulty). buy_price_ex is an amount
 * and not negative. The rest is optional.
 */
export const PurchaseOrderReceiptItemSchema = z
  .strictObject({
    purchase_order_item_id: int32(),
    quantity_received: quantity(),
    quantity_faulty: quantity().optional(),
    quantity_invoiced: quantity().optional(),
    buy_price_ex: nonNegativeAmount().optional(),
    bin: z.string().optional(),
    include_tax: z.boolean().optional(),
    notes: z.string().optional(),
  })
  .refine((item) => (item.quantity_faulty ?? 0) <= item.quantity_received, {
    message: 'quantity_faulty cannot exceed quantity_received',
    path: ['quantity_faulty'],
  });
export type PurchaseOrderReceiptItem = z.infer<typeof PurchaseOrderReceiptItemSchema>;

/**
 * One receipt against one purchase order. purchase_order_id is required (the sync engine also uses it with
 * supplier_invoice_number to find an invoice whose response was lost). id is optional: it names an existing
 * receipt, absent for a new one. At least one item, each ordered line at most once.
 */
export const PurchaseOrderReceiptSchema = z.strictObject({
  id: int32().optional(),
  purchase_order_id: int32(),
  purchase_order_receipt_items: z
    .array(PurchaseOrderReceiptItemSchema)
    .min(1)
    .superRefine((items, ctx) => rejectDuplicates(items, 'purchase_order_item_id', ctx)),
});
export type PurchaseOrderReceipt = z.infer<typeof PurchaseOrderReceiptSchema>;

/** One direct cost line; total_ex is required when the line is sent, and a cost is not negative. */
export const DirectCostSchema = z.strictObject({
  includes_tax: z.boolean().optional(),
  total_ex: nonNegativeAmount(),
});
export type DirectCost = z.infer<typeof DirectCostSchema>;

/** Duty has no tax flag. */
export const DutyCostSchema = DirectCostSchema.omit({ includes_tax: true });
export type DutyCost = z.infer<typeof DutyCostSchema>;

/** direct_costs: every line optional (an invoice may carry only freight, say). */
export const DirectCostsSchema = z.strictObject({
  freight: DirectCostSchema.optional(),
  misc: DirectCostSchema.optional(),
  duty: DutyCostSchema.optional(),
});
export type DirectCosts = z.infer<typeof DirectCostsSchema>;

/**
 * The header fields create and update share. supplier_invoice_number is non-empty whenever it is sent: it is
 * the invoice's natural key. status is 'In Progress' or 'Finalised'. distribute_costs_by is a free string
 * (the API does not show its values). rounding_adjustment may be negative.
 */
const headerShape = {
  supplier_invoice_number: z.string().min(1),
  supplier_invoiced_on: calendarDate().optional(),
  status: z.enum(SUPPLIER_INVOICE_STATUSES).optional(),
  notes: z.string().optional(),
  distribute_costs_by: z.string().optional(),
  rounding_adjustment: double().optional(),
};

/**
 * Create: supplier_invoice_number and at least one purchase order receipt are required. The number is what
 * the user keys from the paper invoice and, with purchase_order_id, the key the sync engine looks an
 * uncertain create up by; an invoice without receipts would have nothing to invoice and no purchase order
 * to find it by. One purchase order may appear in several receipts (one invoice can cover two
 * deliveries of it). status defaults server-side to 'In Progress'.
 */
export const SupplierInvoiceCreateSchema = z.strictObject({
  ...headerShape,
  purchase_order_receipts: z.array(PurchaseOrderReceiptSchema).min(1),
  direct_costs: DirectCostsSchema.optional(),
});
export type SupplierInvoiceCreate = z.infer<typeof SupplierInvoiceCreateSchema>;

/**
 * direct_costs on update. The API's update body (PUT /supplierinvoices/{id}) does not list direct_costs, but
 * the back office enters freight, misc and duty from the supplier's paper invoice after the delivery was
 * received (issue #10, "Supplier invoices"), and the API offers no other call to change them; so Dockhand
 * sends them on PUT and the simulator applies them (server/domain/purchasing/supplierInvoices.ts). Partial
 * like the rest of the PUT: nested objects merge key by key, so each line and each of its fields is optional.
 */
export const DirectCostsUpdateSchema = z.strictObject({
  freight: DirectCostSchema.partial().optional(),
  misc: DirectCostSchema.partial().optional(),
  duty: DutyCostSchema.partial().optional(),
});
export type DirectCostsUpdate = z.infer<typeof DirectCostsUpdateSchema>;

/**
 * Update (PUT): partial. Every field optional, omitted fields unchanged. currency_conversion is a multiplier
 * and must be greater than zero. Whether 'Currency Conversion' needs a currency_conversion cannot be judged
 * from a partial body (the stored value may already be set), so that is left to the server.
 */
export const SupplierInvoiceUpdateSchema = z.strictObject({
  ...headerShape,
  supplier_invoice_number: headerShape.supplier_invoice_number.optional(),
  international_order: z.boolean().optional(),
  landed_costs_calculation: z.enum(LANDED_COSTS_CALCULATIONS).optional(),
  origin_country: optionalRef(),
  currency_conversion: double().positive().optional(),
  direct_costs: DirectCostsUpdateSchema.optional(),
});
export type SupplierInvoiceUpdate = z.infer<typeof SupplierInvoiceUpdateSchema>;
