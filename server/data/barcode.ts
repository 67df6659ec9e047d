/**
 * EAN-13 barcodes. A product's `supplier_sku2` is its EAN-13 (the number printed under the barcode on the
 * carton), so the receiving dock's scanner finds the product by it; `supplier_sku` and `manufacturer_sku` are
 * alphanumeric codes and carry no check digit.
 */
import { scatter } from './random';

/** The GS1 check digit of the first 12 digits: weights 1,3,1,3,… from the left; 10 − (sum mod 10), mod 10. */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code) === Number(code[12]);
}

/**
 * The barcode of the `index`-th generated product: GS1 prefix 93 (Australia), ten digits that are a bijection
 * of the index (so no two products share one, for up to 10^10 products), and the check digit.
 */
export function productEan13(index: number, offset: number): string {
  const first12 = `93${scatter(index, 10, 3_141_592_653, offset)}`;
  return `${first12}${ean13CheckDigit(first12)}`;
}
