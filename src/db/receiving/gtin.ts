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

/**
 * What a GTIN names, read from its digits alone: a GTIN-14's first digit is its packaging indicator. 0 is the
 * trade item itself written in 14 digits; 1 to 8 make a case (a carton) of the item whose GTIN-13 or GTIN-12
 * is the next digits with a new check digit; 9 is a variable-measure item, nobody's carton. `unit` is the
 * item's digits without the check digit, left-padded to 12 (GTIN-8/12/13 and its GTIN-14 wrap share it), so a
 * carton and its unit meet on one key; null for a code that is not a valid GTIN.
 */
export type GtinRole = { pack: 'unit' | 'carton'; unit: string } | null;

export function gtinRole(code: string): GtinRole {
  if (!isValidGtin(code)) return null;
  const unit = code.slice(code.length === 14 ? 1 : 0, -1).padStart(12, '0');
  if (code.length < 14 || code[0] === '0') return { pack: 'unit', unit };
  return code[0] === '9' ? null : { pack: 'carton', unit };
}

/**
 * The unit's own barcode for a unit key (`gtinRole().unit`), as printed on the unit: its GTIN-13, its
 * GTIN-12 (UPC-A) when that starts with 0, its GTIN-8 when it starts with five (GS1 pads an EAN-8 so).
 */
export function unitBarcode(unit: string): string {
  const code = `${unit}${gtinCheckDigit(unit)}`;
  if (code.startsWith('00000')) return code.slice(5);
  return code.startsWith('0') ? code.slice(1) : code;
}
