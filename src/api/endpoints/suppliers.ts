/** Suppliers, return reasons, shipping ports, shipment types, product suppliers. */
import { z } from 'zod';
import { pageOf } from '../primitives';
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
import { operations, paging, since } from './define';

const suppliers = operations('Suppliers');
const reasons = operations('Supplier return reasons');
const ports = operations('Shipping ports', 'v2');
const shipmentTypes = operations('Shipment types', 'v2');
const productSuppliers = operations('Product suppliers');

const supplier = suppliers.records('/suppliers', 'a supplier', SupplierSchema);
const reason = reasons.records(
  '/supplierreturnreasons',
  'a supplier return reason',
  SupplierReturnReasonSchema,
);
const port = ports.records('/shippingports', 'a shipping port', ShippingPortSchema);
const shipmentType = shipmentTypes.records('/shipmenttypes', 'a shipment type', ShipmentTypeSchema);

export const supplierEndpoints = {
  getSupplier: supplier.read(),
  updateSupplier: supplier.update(SupplierUpdateSchema),
  deleteSupplier: supplier.remove(),

  createSupplierReturnReason: reason.create(SupplierReturnReasonBodySchema),
  searchSupplierReturnReasons: reasons.search('/supplierreturnreasons', 'searchSupplierReturnReasons', {
    summary: 'Search supplier return reasons',
    // Tri-state: true → deleted only, false → live only, empty (null) or absent → both.
    query: { is_deleted: z.boolean().nullable().optional(), ...since },
    grammar: ['select', 'order_by'],
    record: SupplierReturnReasonSchema,
  }),
  getSupplierReturnReason: reason.read(),
  updateSupplierReturnReason: reason.update(
    SupplierReturnReasonBodySchema,
    'Rename a supplier return reason',
  ),
  deleteSupplierReturnReason: reason.remove('Soft-delete a supplier return reason'),

  createShippingPort: port.create(ShippingPortBodySchema),
  getShippingPort: port.read(),
  updateShippingPort: port.update(ShippingPortBodySchema, 'Rename a shipping port'),
  deleteShippingPort: port.remove(),

  searchShipmentTypes: shipmentTypes('GET', '/shipmenttypes', {
    summary: 'Search shipment types',
    query: z.strictObject({ name: z.string().max(50).optional(), ...paging }),
    response: pageOf(ShipmentTypeSchema),
  }),
  createShipmentType: shipmentType.create(ShipmentTypeBodySchema),
  getShipmentType: shipmentType.read(),
  updateShipmentType: shipmentType.update(ShipmentTypeBodySchema, 'Rename a shipment type'),

  // A product's suppliers are written as one list, at the list's own path.
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
