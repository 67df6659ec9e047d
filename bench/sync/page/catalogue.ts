/**
 * The sync benchmark's cached data, as pure functions of an index so the runner knows what to scan: products
 * for the New PO form (their codes are the receiving benchmark's, ../../receiving/page/catalogue.ts) and
 * 200,000 purchase orders for the list's cold start.
 */
export { barcodeOf, skuOf } from '../../receiving/page/catalogue';

/** Enough products for the largest form (1,000 lines) plus the new lines scanned at each size. */
export const PRODUCT_COUNT = 1_200;
export const ORDER_COUNT = 200_000;
/** The form sizes scan → line shown is measured at (issue #11). */
export const FORM_SIZES = [20, 200, 1_000] as const;

/** The product on line `line` of the form (0-based): products are added in id order. */
export function productOfLine(line: number): number {
  return line + 1;
}
