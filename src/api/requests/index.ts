/** Request bodies of the v2.1 contract. Sample bodies for tests live in `./fixtures` (not re-exported). */

export * from './purchaseOrder';
export * from './customer';
export * from './supplier';
export * from './referenceData';
export * from './productSupplier';
export * from './supplierInvoice';
export * from './supplierReturn';
