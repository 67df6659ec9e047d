/**
 * The 52 operations the Back-Office Retail API v2.1 publishes, as (method, path) relative to their base:
 * the list the rest of src/api is held to. The coverage test checks the endpoint table and the OpenAPI
 * document against it, so neither can gain, lose or rename an operation without this list saying so.
 */
export interface SeedOperation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
}

export const SEED_OPERATIONS: readonly SeedOperation[] = [
  { method: 'GET', path: '/auth/token' },
  { method: 'GET', path: '/customers' },
  { method: 'POST', path: '/customers' },
  { method: 'GET', path: '/customers/{id}' },
  { method: 'PUT', path: '/customers/{id}' },
  { method: 'PUT', path: '/customers/{id}/deliveryaddresses/{address_id}' },
  { method: 'GET', path: '/customers/{id}/loyaltyhistory' },
  { method: 'GET', path: '/customers/{id}/loyaltyhistory/{loyalty_history_id}' },
  { method: 'GET', path: '/customersurveysegments' },
  { method: 'GET', path: '/suppliers/{id}' },
  { method: 'PUT', path: '/suppliers/{id}' },
  { method: 'DELETE', path: '/suppliers/{id}' },
  { method: 'POST', path: '/supplierreturnreasons' },
  { method: 'GET', path: '/supplierreturnreasons' },
  { method: 'GET', path: '/supplierreturnreasons/{id}' },
  { method: 'PUT', path: '/supplierreturnreasons/{id}' },
  { method: 'DELETE', path: '/supplierreturnreasons/{id}' },
  { method: 'POST', path: '/shippingports' },
  { method: 'GET', path: '/shippingports/{id}' },
  { method: 'PUT', path: '/shippingports/{id}' },
  { method: 'DELETE', path: '/shippingports/{id}' },
  { method: 'GET', path: '/shipmenttypes' },
  { method: 'POST', path: '/shipmenttypes' },
  { method: 'GET', path: '/shipmenttypes/{id}' },
  { method: 'PUT', path: '/shipmenttypes/{id}' },
  { method: 'POST', path: '/products/{product_id}/suppliers' },
  { method: 'GET', path: '/products/{product_id}/suppliers' },
  { method: 'PUT', path: '/products/{product_id}/suppliers' },
  { method: 'DELETE', path: '/products/{product_id}/suppliers' },
  { method: 'GET', path: '/products/{product_id}/suppliers/{supplier_code}' },
  { method: 'GET', path: '/purchaseorders/{id}' },
  { method: 'POST', path: '/purchaseorders' },
  { method: 'GET', path: '/purchaseorders' },
  { method: 'GET', path: '/purchaseorders/{id}/purchaseorderitems' },
  { method: 'DELETE', path: '/purchaseorders/{id}/purchaseorderitems/{item_id}' },
  { method: 'GET', path: '/supplierinvoices' },
  { method: 'POST', path: '/supplierinvoices' },
  { method: 'GET', path: '/supplierinvoices/{id}' },
  { method: 'PUT', path: '/supplierinvoices/{id}' },
  { method: 'GET', path: '/supplierreturns/{id}' },
  { method: 'PUT', path: '/supplierreturns/{id}' },
  { method: 'GET', path: '/supplierreturns/{id}/supplierreturnitems' },
  { method: 'POST', path: '/supplierreturns/{id}/supplierreturnitems' },
  { method: 'GET', path: '/supplierreturns/{id}/supplierreturnitems/{item_id}' },
  { method: 'GET', path: '/creditnotes' },
  { method: 'GET', path: '/creditnotes/{id}' },
  { method: 'GET', path: '/creditnotes/{id}/creditnoteitems' },
  { method: 'GET', path: '/creditnotes/{id}/creditnoteitems/{item_id}' },
  { method: 'GET', path: '/outlets/{id}' },
  { method: 'GET', path: '/pricegroups/standard' },
  { method: 'GET', path: '/pricegroups/fixed' },
  { method: 'POST', path: '/pricegroups/fixed' },
];

/** Resources the API publishes under the `/v2` address instead of `/v2.1` (same interface, older segment). */
export const SEED_V2_PREFIXES = ['/shippingports', '/shipmenttypes'] as const;

export const operationKey = (operation: { method: string; path: string }) =>
  `${operation.method} ${operation.path}`;
