/** The search engine and the accessor tables of every v2.1 search operation (grammar: src/api/query). */
export * from './engine';
export * from './helpers';
export { byName, isRef, type NamedRef } from './values';
export * from './accessors/customer';
export * from './accessors/purchaseOrder';
export * from './accessors/purchaseOrderItem';
export * from './accessors/reference';
export * from './accessors/returns';
export * from './accessors/supplierInvoice';
export type { CompleteAccessors, FieldName } from './accessors/shared';
