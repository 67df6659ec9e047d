/**
 * The party and reference-data handlers: customers and their addresses, loyalty and survey segments,
 * suppliers and product suppliers, return reasons, shipping ports, shipment types, outlets and price groups.
 * Each file holds one resource's rules; this table is what server/domain routes to.
 */
import type { HandlerTable } from '../context';
import { customerHandlers } from './customers';
import { deliveryAddressHandlers } from './deliveryAddresses';
import { loyaltyHandlers } from './loyalty';
import { outletHandlers } from './outlets';
import { productSupplierHandlers } from './productSuppliers';
import { referenceDataHandlers } from './referenceData';
import { supplierHandlers } from './suppliers';

export type PartyOperationId =
  | 'searchCustomers'
  | 'createCustomer'
  | 'getCustomer'
  | 'updateCustomer'
  | 'updateDeliveryAddress'
  | 'searchLoyaltyHistory'
  | 'getLoyaltyHistoryEntry'
  | 'searchSurveySegments'
  | 'getSupplier'
  | 'updateSupplier'
  | 'deleteSupplier'
  | 'createSupplierReturnReason'
  | 'searchSupplierReturnReasons'
  | 'getSupplierReturnReason'
  | 'updateSupplierReturnReason'
  | 'deleteSupplierReturnReason'
  | 'createShippingPort'
  | 'getShippingPort'
  | 'updateShippingPort'
  | 'deleteShippingPort'
  | 'searchShipmentTypes'
  | 'createShipmentType'
  | 'getShipmentType'
  | 'updateShipmentType'
  | 'createProductSuppliers'
  | 'listProductSuppliers'
  | 'updateProductSuppliers'
  | 'deleteProductSuppliers'
  | 'getProductSupplier'
  | 'getOutlet'
  | 'searchStandardPriceGroups'
  | 'searchFixedPriceGroups'
  | 'createFixedPriceGroup';

export const partyHandlers: Pick<HandlerTable, PartyOperationId> = {
  ...customerHandlers,
  ...deliveryAddressHandlers,
  ...loyaltyHandlers,
  ...supplierHandlers,
  ...referenceDataHandlers,
  ...productSupplierHandlers,
  ...outletHandlers,
};
