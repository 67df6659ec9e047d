/**
 * What every list of purchase orders shows of one, in one shape: its number, external id, supplier, outlet,
 * status and ETA. The orders a dock receives into (./receiving/openOrders.ts) and the purchase order list
 * (src/screens/purchaseOrders/listQuery.ts) add their own columns to it. DOM-free.
 */
import type { PurchaseOrderStatus } from '../api/resources';
import type { CachedPurchaseOrder } from './schema';

export interface OrderSummary {
  id: number;
  externalId: string | null;
  supplierName: string;
  outletName: string;
  status: PurchaseOrderStatus;
  eta: string | null;
}

export const orderSummaryOf = (order: CachedPurchaseOrder): OrderSummary => ({
  id: order.id,
  externalId: order.external_purchase_order_id,
  supplierName: order.supplier.name,
  outletName: order.outlet.name,
  status: order.status.name,
  eta: order.eta,
});
