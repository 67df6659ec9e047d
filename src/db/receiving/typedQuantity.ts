/**
 * The one way a clerk types a quantity before a scan: a number, then `x` or `*` for units (`12x`), or `c`
 * for cartons (`2c`). The mark matters: a bare number typed before a scan could just as well be the
 * scan's own first digits, cut off by a busy computer (the wedge detector refuses such a scan), so it is
 * never taken as a quantity. No code we scan starts with digits and one of these marks, nor with a sign. The
 * scanner's wedge detector (src/lib/scanner/fragments.ts, wedge.ts) reads the same rule, so both agree on
 * what a quantity is, and typing that runs straight into a scan is never taken as part of its code.
 */

/** Most units or cartons one scan may add, so a slip (`1200x` for `12x`) is caught. */
export const MAX_TYPED_QUANTITY = 9_999;

const TYPED_QUANTITY = /^\s*(\d{1,4})\s*([x*c])\s*$/i;

export type TypedQuantity = { units: number } | { cartons: number };

/** `12x` / `12*` → 12 units, `2c` → 2 cartons; null when the text is not a typed quantity. */
export function readTypedQuantity(text: string): TypedQuantity | null {
  const match = TYPED_QUANTITY.exec(text);
  if (!match) return null;
  const count = Number(match[1]);
  if (count < 1 || count > MAX_TYPED_QUANTITY) return null;
  return match[2]!.toLowerCase() === 'c' ? { cartons: count } : { units: count };
}

export function isTypedQuantity(text: string): boolean {
  return readTypedQuantity(text) !== null;
}

const STARTS_WITH_TYPING = /^\s*(?:[-+]|\d{1,4}\s*[x*c])/i;

/**
 * The text starts with what only a person types before a scan: a sign ("-5") or a typed quantity ("12x").
 * A burst like "-59300000000019" is typing run into a scan, never a code.
 */
export function startsWithTyping(text: string): boolean {
  return STARTS_WITH_TYPING.test(text);
}

/**
 * What to tell the clerk when typing ran straight into a scan (the scanner refused it as typed-before), or
 * null when the refused text does not start with typing. Which digits were typed and which were scanned
 * cannot be told apart after a sign, so the words say what a quantity looks like instead.
 */
export function typedIntoScan(text: string): string | null {
  const quantity = /^\s*(\d{1,4}\s*[x*c])/i.exec(text);
  if (quantity)
    return `“${quantity[1]}” was typed just as the scan began and ran into it, so nothing was added. Type the quantity, wait a moment, then scan again.`;
  const sign = /^\s*([-+])/.exec(text);
  if (sign)
    return `“${sign[1]}” was typed just before the scan and ran into it, so nothing was added. A quantity has no sign: type it as a number then x, such as 5x, then scan again.`;
  return null;
}
