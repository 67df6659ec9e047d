/**
 * GS1 element strings, as a keyboard wedge types them: the (01) GTIN of a carton label with its count
 * ((30) or (37)), lot (10) and expiry (17), read from a GS1-128 or GS1 DataMatrix label.
 *
 * The elements themselves are read by gs1-barcode-parser-mod (a maintained fork of Peter Brockfeld's
 * BarcodeParser: every application identifier, the printed "(01)…" form, dates read as the label says them);
 * its answer is checked here with zod before anything uses it. It sits beside the other rules the scanner
 * service (src/lib/scanner/scannerService.ts) and the receiving decision (./scan.ts) share, such as
 * ./typedQuantity.ts. This module does what a wedge makes necessary around it:
 *  - the AIM symbology identifier a scanner may send first ("]C1" GS1-128, "]d2" GS1 DataMatrix, "]Q3"
 *    GS1 QR, "]e0" DataBar, "]J1" DotCode) says an element string follows; any other ("]E0" EAN-13,
 *    "]C0" plain Code 128) is only taken off the code;
 *  - FNC1, the end of a variable-length element, arrives as ASCII 29 (GS: Ctrl+] on most wedges, which the
 *    detector turns into GS, src/lib/scanner/wedge.ts) or as a substitute the scanner was set to send (~, |, ^…). No
 *    element may hold a character outside GS1's character set 82, so inside an element string any such
 *    character can only be a separator;
 *  - a wedge that sends no symbology identifier and no separator still sends "01" and the 14 digits first:
 *    such a code is tried as an element string, and left as a plain code when it does not read as one.
 * A GTIN whose check digit is wrong is refused, never looked up (the parser checks no plausibility).
 */
import { z } from 'zod';
// @ts-expect-error -- the package ships no types: its answer is taken as unknown and checked with zod below.
import gs1Parser from 'gs1-barcode-parser-mod';
import { GROUP_SEPARATOR } from './fnc1';
import { isValidGtin } from './gtin';

export { GROUP_SEPARATOR };

const parseBarcode = (gs1Parser as { parseBarcode: (barcode: string) => unknown }).parseBarcode;

const GS1_SYMBOLOGIES: readonly string[] = [']C1', ']e0', ']e1', ']e2', ']d2', ']Q3', ']J1'];
const AIM_IDENTIFIER = /^\][A-Za-z][0-9A-Za-z]/;
/** The printed form: an application identifier in parentheses first. */
const PRINTED_FORM = /^\(\d{2,4}\)/;
/** GTIN first, as a wedge without symbology identifiers sends a GS1-128 label. */
const BARE_ELEMENT_STRING = /^01\d{14}/;
/** Anything outside GS1's character set 82 (and GS itself). */
const NOT_IN_CS82 = /[^!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]/g;

export interface ElementString {
  /** The 14-digit GTIN of (01), or of (02) (the trade items inside a logistic unit). */
  gtin: string;
  /** Units in the carton: (30) variable count or (37) count of contained items; null when absent. */
  count: number | null;
  /** (10) batch or lot. */
  lot: string | null;
  /** (17) use-by or expiry date as the label says it, YYYY-MM-DD (day 00 is the month's last day). */
  expiry: string | null;
  /** The elements in the printed form, "(01)09312345678901(30)24(10)L7": what the scan hands on. */
  text: string;
}

export type ScannedCode =
  | { kind: 'plain'; code: string }
  | { kind: 'gs1'; elements: ElementString }
  /** An element string that did not read, or whose GTIN fails its check digit; `code` without identifier. */
  | { kind: 'refused'; reason: 'check-digit' | 'unreadable'; code: string };

const ParsedSchema = z.object({
  parsedCodeItems: z.array(z.object({ ai: z.string(), raw: z.string(), isoDate: z.string() })),
});
type Element = z.infer<typeof ParsedSchema>['parsedCodeItems'][number];

function parse(text: string): Element[] | null {
  try {
    return ParsedSchema.parse(parseBarcode(text)).parsedCodeItems;
  } catch {
    // The parser throws a bare string ("invalid AI after '1'"…): the label did not read, whatever the cause.
    return null;
  }
}

const printed = (items: readonly Element[]) => items.map((item) => `(${item.ai})${item.raw}`).join('');

function elementsOf(items: readonly Element[]): ElementString | null {
  const value = (...ais: string[]) => items.find((item) => ais.includes(item.ai));
  const gtin = value('01', '02')?.raw;
  if (gtin === undefined) return null;
  const count = value('30', '37');
  const units = count ? Number.parseInt(count.raw, 10) : NaN;
  return {
    gtin,
    count: units >= 1 ? units : null,
    lot: value('10')?.raw ?? null,
    expiry: value('17')?.isoDate || null,
    text: printed(items),
  };
}

/** The code without any symbology identifier, and whether that identifier announced GS1 data. */
function withoutIdentifier(raw: string): { code: string; gs1: boolean } {
  const identifier = AIM_IDENTIFIER.exec(raw)?.[0];
  if (!identifier) return { code: raw, gs1: false };
  return { code: raw.slice(identifier.length), gs1: GS1_SYMBOLOGIES.includes(identifier) };
}

/** Separators, whatever the wedge sent for them, as GS; none at either end. */
function withSeparators(code: string): string {
  const separated = code.startsWith('(') ? code : code.replace(NOT_IN_CS82, GROUP_SEPARATOR);
  let [start, end] = [0, separated.length];
  while (separated[start] === GROUP_SEPARATOR) start++;
  while (end > start && separated[end - 1] === GROUP_SEPARATOR) end--;
  return separated.slice(start, end);
}

/**
 * What a scanned (or typed) code is: a GS1 element string with its GTIN, count, lot and expiry; a code it
 * would be wrong to look up (refused); or a plain code, without any symbology identifier.
 */
export function readScannedCode(raw: string): ScannedCode {
  const { code, gs1 } = withoutIdentifier(raw);
  const announced = gs1 || code.includes(GROUP_SEPARATOR) || PRINTED_FORM.test(code);
  if (!announced && !BARE_ELEMENT_STRING.test(code)) return { kind: 'plain', code };
  const items = parse(announced ? withSeparators(code) : code);
  if (!items) return announced ? { kind: 'refused', reason: 'unreadable', code } : { kind: 'plain', code };
  const elements = elementsOf(items);
  // A label that names no trade item (a pallet's SSCC): no product has it, and the screen says so.
  if (!elements) return { kind: 'plain', code: announced ? printed(items) : code };
  if (!isValidGtin(elements.gtin))
    return announced ? { kind: 'refused', reason: 'check-digit', code } : { kind: 'plain', code };
  return { kind: 'gs1', elements };
}
