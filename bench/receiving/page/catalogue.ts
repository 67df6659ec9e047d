/**
 * The benchmark's data set, as pure functions of an index: 100,000 cached products and one purchase order of
 * 1,000 lines. Both sides use it: the harness page seeds Dexie from it (./seed.ts), the runner
 * (../run.ts) knows from it which code to scan for which line, and the lookup bench draws codes that exist and
 * codes that do not. Nothing is random here, so every run scans the same codes on the same lines.
 */

export const PRODUCT_COUNT = 100_000;
export const LINE_COUNT = 1_000;
export const ORDER_ID = 7001;
/** Every line orders this many units, so no scan of a run is ever an over-receipt (that would ask first). */
export const QUANTITY_ORDERED = 1_000;

/** The product of line `line` (0-based): spread over the whole catalogue, never the same twice. */
export function productIdOfLine(line: number): number {
  return 1 + line * (PRODUCT_COUNT / LINE_COUNT);
}

export function poItemIdOfLine(line: number): number {
  return ORDER_ID * 1_000 + line;
}

/** The GS1 check digit of the first 12 digits of an EAN-13. */
function withCheckDigit(twelve: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return twelve + String((10 - (sum % 10)) % 10);
}

/** The product's EAN-13 (`supplier_sku2`, what a carton's label carries): prefix 93 (GS1 Australia). */
export function barcodeOf(productId: number): string {
  return withCheckDigit(`93${String(productId).padStart(10, '0')}`);
}

export function skuOf(productId: number): string {
  return `SKU-${String(productId).padStart(6, '0')}`;
}

export function manufacturerSkuOf(productId: number): string {
  return `MFR${String(productId).padStart(7, '0')}`;
}

/** A valid EAN-13 no cached product has: prefix 20 is for in-store codes, never a supplier's. */
export function unknownBarcode(n: number): string {
  return withCheckDigit(`20${String(n).padStart(10, '0')}`);
}

/** A SKU-shaped code no cached product has (numbered past the catalogue). */
export function unknownSku(n: number): string {
  return `SKU-${String(PRODUCT_COUNT + 1 + n).padStart(6, '0')}`;
}

/**
 * The line the `i`th scan of a run lands on: a stride coprime with 1,000 walks every line once before any
 * repeats, jumping far down and back up the list, so most scans must scroll the list to their row.
 */
export function lineOfScan(i: number): number {
  return (i * 397 + 11) % LINE_COUNT;
}
