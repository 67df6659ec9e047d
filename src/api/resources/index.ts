/** Every v2.1 response resource schema, its inferred type and its closed value lists. */
export * from './product';
export * from './purchaseOrder';
export * from './customer';
export * from './customerDefaults';
export * from './returnTotals';
export * from './supplier';
export * from './returnReason';
export * from './shipping';
export * from './productSupplier';
export * from './supplierInvoice';
export * from './supplierReturn';
export * from './creditNote';
export * from './outlet';
export * from './priceGroup';
export * from './token';
export * from './problem';
