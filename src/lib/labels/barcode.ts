/**
 * The barcode on a shelf or carton label (issue #28 part 3): which symbology a product's code is printed in,
 * and the barcode drawn as SVG by bwip-js (MIT, no dependencies, a port of Barcode Writer in Pure PostScript).
 *
 * - A valid EAN-13 (13 digits whose last is the GS1 check digit, ../../db/receiving/gtin.ts) prints as
 *   EAN-13, what a retail scanner expects of a product's barcode.
 * - Any other code (a SKU, a supplier code, an 8/12/14-digit GTIN) prints as Code 128, which carries every
 *   printable ASCII character as it is, so the scan reads back exactly the code the cache matches on
 *   (../../db/receiving/scan.ts matches codes exactly; an UPC-A drawn as EAN-13 would gain a leading 0).
 * - A code the dock's scanner would refuse is refused here too: a GTIN-shaped code with a wrong check digit
 *   (the scanner says "scan again" to it), letters outside plain ASCII (keyboard-wedge scanners type them
 *   wrong), or a code too long to stay readable on a 50 mm label.
 *
 * The per-symbology renderers (`ean13`, `code128`) draw through bwip-js's SVG drawing, the same output as its
 * `toSVG`, but import only the two encoders, so the app does not carry the other hundred symbologies. The
 * `generic` entry is bwip-js without a platform's canvas: the same module in the app, in Node tests and in
 * Chromium, and the one whose types resolve without a `browser` condition.
 */
import { code128, drawingSVG, ean13 } from 'bwip-js/generic';
import { z } from 'zod';
import { hasGtinShape, isValidGtin, passesCheckDigit } from '../../db/receiving/gtin';

export type Symbology = 'ean13' | 'code128';

/**
 * Longest code printed. Code 128 spends 11 modules a character (digits pair up, 5.5 each): 24 characters plus
 * start, check and stop are about 300 modules, 0.15 mm each on a 50 mm label, the thinnest bar a 203 dpi
 * thermal printer draws reliably.
 */
export const LABEL_CODE_MAX = 24;

/** Printable ASCII, space to tilde: what a keyboard-wedge scanner types back the same on every PC. */
const PRINTABLE = /^[\x20-\x7e]+$/;

export const LabelCodeSchema = z
  .string()
  .trim()
  .min(
    1,
    'This product has no barcode or SKU, so no barcode can be printed for it. Add one to the product first.',
  )
  .max(
    LABEL_CODE_MAX,
    `This code is longer than ${LABEL_CODE_MAX} characters, too long to scan from a label. Print a shorter SKU or barcode.`,
  )
  .regex(
    PRINTABLE,
    'This code has letters or signs a scanner cannot type back (accents, symbols). Use plain letters, digits and - . / for labels.',
  )
  .refine(
    passesCheckDigit,
    'This barcode’s last digit (its check digit) is wrong, so a scanner would refuse it. Check the barcode on the product and correct it.',
  );

/** EAN-13 for a valid EAN-13, Code 128 for anything else. Takes a code that passed LabelCodeSchema. */
export function chooseSymbology(code: string): Symbology {
  return code.length === 13 && hasGtinShape(code) && isValidGtin(code) ? 'ean13' : 'code128';
}

export type Barcode =
  { ok: true; code: string; symbology: Symbology; svg: string } | { ok: false; code: string; error: string };

/**
 * The product's code as an SVG barcode (no width or height: it fills the box it is put in, bars in
 * proportion), with the code in digits under it; or the reason, in a clerk's words, it cannot be printed.
 */
export function barcodeSvg(rawCode: string): Barcode {
  const parsed = LabelCodeSchema.safeParse(rawCode);
  if (!parsed.success)
    return {
      ok: false,
      code: rawCode,
      error: parsed.error.issues[0]?.message ?? 'This code cannot be printed as a barcode.',
    };
  const code = parsed.data;
  const symbology = chooseSymbology(code);
  // Quiet zones: 11 modules each side for EAN-13 (GS1's minimum; its first digit sits in the left one), 10
  // for Code 128. Padding is in the drawing's points; at scale 2 a module is 2 points.
  const common = { text: code, includetext: true, scale: 2, height: 12, textsize: 10 };
  try {
    const svg =
      symbology === 'ean13'
        ? ean13({ ...common, bcid: 'ean13', paddingleft: 4, paddingright: 11 }, drawingSVG())
        : code128({ ...common, bcid: 'code128', paddingleft: 10, paddingright: 10 }, drawingSVG());
    return { ok: true, code, symbology, svg };
  } catch (cause) {
    // The schema lets through only what both encoders take; this is a renderer fault, kept with its cause.
    return {
      ok: false,
      code,
      error: `This barcode could not be drawn (${cause instanceof Error ? cause.message : String(cause)}). Print the label again; if it keeps failing, tell the office.`,
    };
  }
}
