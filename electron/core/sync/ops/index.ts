/**
 * Every op kind's spec (the engine is generic over them): `OP_SPECS[kind]` or `specFor(kind)`. Built from the
 * factories of ./factories and ./named; each area file says only what is particular to its kinds.
 */
import type { OpKind } from '../../../../src/db/ops';
import { createCustomer, updateCustomer, updateDeliveryAddress } from './customers';
import { createProductSuppliers, deleteProductSuppliers, updateProductSuppliers } from './productSuppliers';
import { createPurchaseOrder, deletePurchaseOrderItem } from './purchaseOrders';
import {
  createFixedPriceGroup,
  createShipmentType,
  createShippingPort,
  createSupplierReturnReason,
  deleteShippingPort,
  deleteSupplierReturnReason,
  updateShipmentType,
  updateShippingPort,
  updateSupplierReturnReason,
} from './referenceData';
import type { OpSpec } from './spec';
import { createSupplierInvoice, updateSupplierInvoice } from './supplierInvoices';
import { createSupplierReturnItem, updateSupplierReturn } from './supplierReturns';
import { deleteSupplier, updateSupplier } from './suppliers';

export const OP_SPECS: { readonly [K in OpKind]: OpSpec<K> } = {
  createPurchaseOrder,
  deletePurchaseOrderItem,
  createSupplierInvoice,
  updateSupplierInvoice,
  updateSupplierReturn,
  createSupplierReturnItem,
  updateSupplier,
  deleteSupplier,
  createProductSuppliers,
  updateProductSuppliers,
  deleteProductSuppliers,
  createCustomer,
  updateCustomer,
  updateDeliveryAddress,
  createSupplierReturnReason,
  updateSupplierReturnReason,
  deleteSupplierReturnReason,
  createShippingPort,
  updateShippingPort,
  deleteShippingPort,
  createShipmentType,
  updateShipmentType,
  createFixedPriceGroup,
};

export function specFor<K extends OpKind>(kind: K): OpSpec<K> {
  return OP_SPECS[kind] as OpSpec<K>;
}

export { RECONCILE_SKEW_MS } from './reconcile';
export { tempIdsIn, type OpShape, type OpSpec } from './spec';
