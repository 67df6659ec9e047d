/**
 * What still points at a supplier or a shipping port. A hard delete of a record that other records embed
 * would leave those records naming something the API then answers 404 for, so such deletes are refused (409)
 * and the problem says which record is in the way.
 */
import type { SimState } from '../../state';

/** Which record first references the supplier, e.g. "purchase order 12", or undefined when none does. */
export function supplierReferencedBy(state: SimState, supplierId: number): string | undefined {
  for (const order of state.purchaseOrders.values())
    if (order.supplier.id === supplierId) return `purchase order ${order.id}`;
  for (const supplierReturn of state.supplierReturns.values())
    if (supplierReturn.supplier.id === supplierId) return `supplier return ${String(supplierReturn.id)}`;
  for (const note of state.creditNotes.values())
    if (note.supplier.id === supplierId) return `credit note ${String(note.id)}`;
  for (const product of state.products.values())
    if (product.supplier.id === supplierId) return `product ${product.id}`;
  return undefined;
}

/** Which record first references the shipping port, or undefined when none does. */
export function shippingPortReferencedBy(state: SimState, portId: number): string | undefined {
  for (const supplier of state.suppliers.values())
    if (supplier.shipping_port.id === portId) return `supplier ${String(supplier.id)}`;
  for (const order of state.purchaseOrders.values())
    if (order.shipping_port?.id === portId) return `purchase order ${order.id}`;
  return undefined;
}
