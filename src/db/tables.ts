/**
 * The cached-resource tables, by name: what pull cursors and cache writes refer to. Dexie-free, so the store
 * port's schemas (and through them the bridge contract and the preload) never load Dexie.
 */
export const CACHE_TABLES = [
  'purchaseOrders',
  'purchaseOrderItems',
  'products',
  'suppliers',
  'outlets',
  'supplierInvoices',
  'supplierReturns',
  'supplierReturnItems',
  'creditNotes',
  'creditNoteItems',
  'customers',
  'returnReasons',
  'shippingPorts',
  'shipmentTypes',
  'productSuppliers',
  'fixedPriceGroups',
  'standardPriceGroups',
  'surveySegments',
] as const;
export type CacheTable = (typeof CACHE_TABLES)[number];
