/** Suppliers, return reasons, shipping ports, shipment types, product suppliers. */
import { z } from 'zod';
import { dateTime, pageOf } from '../primitives';
import {
  ProductSupplierItemsSchema,
  ShipmentTypeBodySchema,
  ShippingPortBodySchema,
  SupplierReturnReasonBodySchema,
  SupplierUpdateSchema,
} from '../requests';
import {
  ProductSupplierSchema,
  ShipmentTypeSchema,
  ShippingPortSchema,
  SupplierReturnReasonSchema,
  SupplierSchema,
} from '../resources';
import { operations, orderBy, paging, select } from './define';

const suppliers = operations('Suppliers');
const reasons = operations('Supplier return reasons');
const ports = operations('Shipping ports', 'v2');
const shipmentTypes = operations('Shipment types', 'v2');
const productSuppliers = operations('Product suppliers');

export const supplierEndpoints = {
  getSupplier: suppliers('GET', '/suppliers/{id}', { summary: 'Read a supplier', response: SupplierSchema }),
  updateSupplier: suppliers('PUT', '/suppliers/{id}', {
    summary: 'Update a supplier',
    body: SupplierUpdateSchema,
    response: SupplierSchema,
  }),
  deleteSupplier: suppliers('DELETE', '/suppliers/{id}', { summary: 'Delete a supplier', response: null }),

  createSupplierReturnReason: reasons('POST', '/supplierreturnreasons', {
    summary: 'Create a supplier return reason',
    body: SupplierReturnReasonBodySchema,
    response: SupplierReturnReasonSchema,
  }),
  searchSupplierReturnReasons: reasons('GET', '/supplierreturnreasons', {
    summary: 'Search supplier return reasons',
    query: z.strictObject({
      // Tri-state: true → deleted only, false → live only, empty (null) or absent → both.
      is_deleted: z.boolean().nullable().optional(),
      created_since: dateTime().optional(),
      modified_since: dateTime().optional(),
      select: select('searchSupplierReturnReasons'),
      order_by: orderBy('searchSupplierReturnReasons'),
      ...paging,
    }),
    response: pageOf(SupplierReturnReasonSchema),
    search: 'searchSupplierReturnReasons',
  }),
  getSupplierReturnReason: reasons('GET', '/supplierreturnreasons/{id}', {
    summary: 'Read a supplier return reason',
    response: SupplierReturnReasonSchema,
  }),
  updateSupplierReturnReason: reasons('PUT', '/supplierreturnreasons/{id}', {
    summary: 'Rename a supplier return reason',
    body: SupplierReturnReasonBodySchema,
    response: SupplierReturnReasonSchema,
  }),
  deleteSupplierReturnReason: reasons('DELETE', '/supplierreturnreasons/{id}', {
    summary: 'Soft-delete a supplier return reason',
    response: null,
  }),

  createShippingPort: ports('POST', '/shippingports', {
    summary: 'Create a shipping port',
    body: ShippingPortBodySchema,
    response: ShippingPortSchema,
  }),
  getShippingPort: ports('GET', '/shippingports/{id}', {
    summary: 'Read a shipping port',
    response: ShippingPortSchema,
  }),
  updateShippingPort: ports('PUT', '/shippingports/{id}', {
    summary: 'Rename a shipping port',
    body: ShippingPortBodySchema,
    response: ShippingPortSchema,
  }),
  deleteShippingPort: ports('DELETE', '/shippingports/{id}', {
    summary: 'Delete a shipping port',
    response: null,
  }),

  searchShipmentTypes: shipmentTypes('GET', '/shipmenttypes', {
    summary: 'Search shipment types',
    query: z.strictObject({ name: z.string().max(50).optional(), ...paging }),
    response: pageOf(ShipmentTypeSchema),
  }),
  createShipmentType: shipmentTypes('POST', '/shipmenttypes', {
    summary: 'Create a shipment type',
    body: ShipmentTypeBodySchema,
    response: ShipmentTypeSchema,
  }),
  getShipmentType: shipmentTypes('GET', '/shipmenttypes/{id}', {
    summary: 'Read a shipment type',
    response: ShipmentTypeSchema,
  }),
  updateShipmentType: shipmentTypes('PUT', '/shipmenttypes/{id}', {
    summary: 'Rename a shipment type',
    body: ShipmentTypeBodySchema,
    response: ShipmentTypeSchema,
  }),

  createProductSuppliers: productSuppliers('POST', '/products/{product_id}/suppliers', {
    summary: 'Attach suppliers to a product',
    body: ProductSupplierItemsSchema,
    response: z.array(ProductSupplierSchema),
  }),
  listProductSuppliers: productSuppliers('GET', '/products/{product_id}/suppliers', {
    summary: 'List the suppliers of a product',
    response: z.array(ProductSupplierSchema),
  }),
  updateProductSuppliers: productSuppliers('PUT', '/products/{product_id}/suppliers', {
    summary: 'Bulk-update the suppliers of a product',
    body: ProductSupplierItemsSchema,
    response: z.array(ProductSupplierSchema),
  }),
  deleteProductSuppliers: productSuppliers('DELETE', '/products/{product_id}/suppliers', {
    summary: 'Delete every supplier of a product',
    response: null,
  }),
  getProductSupplier: productSuppliers('GET', '/products/{product_id}/suppliers/{supplier_code}', {
    summary: 'Read one supplier of a product',
    response: ProductSupplierSchema,
  }),
};
