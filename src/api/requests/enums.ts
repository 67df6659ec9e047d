/**
 * Enumerations that request bodies are checked against. Requests stand on their own, so these are defined
 * here rather than imported from `../resources` (they name the same values).
 */

/** Purchase order status names (seed 3 names the first three; the rest are the simulator's, see design.md). */
export const PURCHASE_ORDER_STATUS_NAMES = [
  'Incomplete',
  'OnOrder',
  'ReceivingInProgress',
  'BackOrder',
  'Received',
  'Cancelled',
] as const;
export type PurchaseOrderStatusName = (typeof PURCHASE_ORDER_STATUS_NAMES)[number];

/**
 * Statuses in which update_linked_transfers_on_receipt_to may still change (seed 2.3). A request refers to
 * its status by id only, so the schema cannot check this; the server does.
 */
export const LINKED_TRANSFER_EDITABLE_STATUSES = [
  'Incomplete',
  'OnOrder',
  'ReceivingInProgress',
] as const satisfies readonly PurchaseOrderStatusName[];

/** update_linked_transfers_on_receipt_to: each step has a field-style and a verb-style spelling (seed 2.3). */
export const LINKED_TRANSFER_VALUES = [
  'qty_allocated',
  'Allocate',
  'qty_picked',
  'Pick',
  'qty_dispatched',
  'Dispatch',
] as const;
export type LinkedTransferValue = (typeof LINKED_TRANSFER_VALUES)[number];

/** Supplier invoice status values seen in requests (seed 3). */
export const SUPPLIER_INVOICE_STATUSES = ['In Progress', 'Finalised'] as const;
export type SupplierInvoiceStatus = (typeof SUPPLIER_INVOICE_STATUSES)[number];

/** landed_costs_calculation (seed 2.14). */
export const LANDED_COSTS_CALCULATIONS = ['Manual', 'Currency Conversion'] as const;
export type LandedCostsCalculation = (typeof LANDED_COSTS_CALCULATIONS)[number];
