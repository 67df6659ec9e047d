/**
 * GS1 check digits. A barcode of GTIN length (EAN-8, UPC-A, EAN-13, GTIN-14: 8, 12, 13 or 14 digits) ends
 * in a check digit computed from the others, so a scan that lost, gained or garbled a digit almost always
 * fails it. The scanner layer refuses such a scan ("scan again") instead of looking up a wrong code.
 * Other codes (SKUs, PO numbers, codes of other lengths) carry no check digit and are not judged here.
 */

/** Lengths of the GTIN family; all-digit codes of these lengths must carry a valid check digit. */
export const GTIN_LENGTHS: readonly number[] = [8, 12, 13, 14];

export function hasGtinShape(code: string): boolean {
  return /^\d+$/.test(code) && GTIN_LENGTHS.includes(code.length);
}

/**
 * The check digit of a GTIN's other digits: weights 3,1,3,1,… from the right (the digit next to the
 * check digit weighs 3), then 10 − (sum mod 10), mod 10. The same rule for every length.
 */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const fromRight = body.length - 1 - i;
    sum += Number(body[i]) * (fromRight % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** True for an all-digit code of GTIN length whose last digit is its check digit. */
export function isValidGtin(code: string): boolean {
  return hasGtinShape(code) && gtinCheckDigit(code.slice(0, -1)) === Number(code.at(-1));
}

/** A scanned code may be used: it is not GTIN-shaped, or its check digit is right. */
export function passesCheckDigit(code: string): boolean {
  return !hasGtinShape(code) || isValidGtin(code);
}
