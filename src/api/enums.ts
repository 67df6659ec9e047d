/**
 * The closed value lists of the contract, defined once and used by response schemas, request schemas,
 * the simulator and the UI.
 */

/**
 * Purchase order status names: the API names the first three; the rest are ours, as the simulator serves them
 * (server/README.md, Purchasing).
 */
export const PURCHASE_ORDER_STATUSES = [
  'Incomplete',
  'OnOrder',
  'ReceivingInProgress',
  'BackOrder',
  'Received',
  'Cancelled',
] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/** update_linked_transfers_on_receipt_to: each step has a field-style and a verb-style spelling. */
export const LINKED_TRANSFER_UPDATE_VALUES = [
  'qty_allocated',
  'Allocate',
  'qty_picked',
  'Pick',
  'qty_dispatched',
  'Dispatch',
] as const;
export type LinkedTransferUpdate = (typeof LINKED_TRANSFER_UPDATE_VALUES)[number];

/** The statuses in which update_linked_transfers_on_receipt_to may still change, as the API says. */
export const LINKED_TRANSFER_EDITABLE_STATUSES = [
  'Incomplete',
  'OnOrder',
  'ReceivingInProgress',
] as const satisfies readonly PurchaseOrderStatus[];

/**
 * A rule about edits, not records: a Received order may still carry the value set earlier, so response
 * schemas do not enforce it, and a request names its status by id only, so request schemas cannot;
 * the simulator and the UI call this.
 */
export function canChangeLinkedTransferUpdate(statusName: string): boolean {
  return (LINKED_TRANSFER_EDITABLE_STATUSES as readonly string[]).includes(statusName);
}

/**
 * Supplier invoice status values, as the API shows them in requests (In Progress → Finalised;
 * server/README.md).
 */
export const SUPPLIER_INVOICE_STATUSES = ['In Progress', 'Finalised'] as const;
export type SupplierInvoiceStatus = (typeof SUPPLIER_INVOICE_STATUSES)[number];

/** landed_costs_calculation of the supplier invoice (./resources/supplierInvoice.ts). */
export const LANDED_COSTS_CALCULATIONS = ['Manual', 'Currency Conversion'] as const;
export type LandedCostsCalculation = (typeof LANDED_COSTS_CALCULATIONS)[number];

/**
 * Supplier return and return item statuses: the API does not show them; ours (server/README.md, Purchasing):
 * Incomplete → In Progress → Finalised.
 */
export const SUPPLIER_RETURN_STATUSES = ['Incomplete', 'In Progress', 'Finalised'] as const;
export type SupplierReturnStatus = (typeof SUPPLIER_RETURN_STATUSES)[number];
