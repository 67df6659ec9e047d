/**
 * What a scan on the receiving screen means, as a pure decision: which line it adds to and how many, or why
 * it must not be applied. The screen shows every outcome at once, with a tone; nothing that is not `apply`
 * changes a line unless the clerk confirms it (`confirm`), so a scan never lands silently on a wrong line.
 *
 * Quantities: a scan adds one unit. A number typed before it with its mark adds that many units (`12x` or
 * `12*`, then scan) or cartons of the product's `carton_quantity` (`2c`). A bare number is refused, never
 * guessed: it may be a scan's first digit cut off by a busy computer (./typedQuantity.ts).
 * A carton's code (a GTIN-14 of the product, or a GS1 carton label with its count: ./cartons.ts) adds one
 * carton, and its answer says "1 carton = 24"; a number typed before it counts cartons.
 * Twelve cartons scanned one after another add twelve: the clerk is asked only when a scan would take a
 * line past what was ordered; a double scan is undone with one key on the screen instead.
 */
import type { Product } from '../../api/resources';
import { gtinRole } from './gtin';
import { packOf, readScan, receiptNote, type Pack, type ScanRead } from './cartons';
import { MAX_TYPED_QUANTITY, readTypedQuantity } from './typedQuantity';
import type { LineFigures } from './figures';
import type { ReceivingSettings } from './settings';

export interface ScanLine {
  poItemId: number;
  product: Pick<Product, 'id' | 'supplier_sku' | 'supplier_sku2' | 'manufacturer_sku' | 'carton_quantity'>;
  figures: LineFigures;
  /** What the clerk calls the line: its description or a code. */
  name: string;
}

export type ScanDecision =
  | { kind: 'apply'; poItemId: number; quantity: number; message: string }
  | {
      kind: 'confirm';
      reason: 'over' | 'complete';
      poItemId: number;
      quantity: number;
      question: string;
    }
  | { kind: 'refuse'; reason: 'over' | 'complete' | 'quantity'; poItemId?: number; message: string }
  /** No line of this order has the code: the screen looks the code up among all products next. */
  | { kind: 'not-on-order'; code: string };

/** Most units one scan may add, so a mistyped quantity (`1200x` for `12x`) is caught. */
export const MAX_SCAN_QUANTITY = MAX_TYPED_QUANTITY;

type Quantity = { units: number } | { cartons: number } | { error: string };

/** The text typed before a scan → units or cartons. */
export function parseTypedQuantity(typed: string): Quantity {
  const text = typed.trim();
  if (text === '') return { units: 1 };
  const quantity = readTypedQuantity(text);
  if (quantity) return quantity;
  const negative = /^-\s*(\d+)$/.exec(text);
  if (negative && Number(negative[1]) >= 1 && Number(negative[1]) <= MAX_SCAN_QUANTITY)
    return {
      error: `“${text}” is not a quantity, so nothing was added: type ${Number(negative[1])}x before scanning to receive ${Number(negative[1])}. To take units off a line, press Enter on it and correct it.`,
    };
  const bare = /^\d+$/.exec(text);
  if (bare && Number(text) >= 1 && Number(text) <= MAX_SCAN_QUANTITY)
    return {
      error: `“${text}” was in the scan field without an x, so nothing was added. To receive ${Number(text)}, type ${Number(text)}x and scan again.`,
    };
  return {
    error: `“${text}” is not a quantity (1 to ${MAX_SCAN_QUANTITY.toLocaleString()}), so nothing was added. Type units as 12x or cartons as 2c, then scan again.`,
  };
}

const CODE_FIELDS = ['supplier_sku2', 'supplier_sku', 'manufacturer_sku'] as const;

/**
 * The order's lines by code, built once per order (not per scan): every exact code, and the SKUs lower-cased
 * (people type SKUs in any case; a scanner never varies). Values are positions in the lines, in line
 * order, so a scan costs a map read whatever the order's size. `units` keys the codes that are a unit's
 * GTIN by the digits a carton's GTIN-14 wraps (./gtin.ts gtinRole), so a carton finds its unit.
 */
export interface CodeIndex {
  exact: Map<string, number[]>;
  loose: Map<string, number[]>;
  units: Map<string, number[]>;
}

export function indexCodes(
  lines: readonly { poItemId: number; product: Pick<ScanLine['product'], (typeof CODE_FIELDS)[number]> }[],
): CodeIndex {
  const index: CodeIndex = { exact: new Map(), loose: new Map(), units: new Map() };
  const add = (map: Map<string, number[]>, code: string, at: number) => {
    if (!code) return;
    const positions = map.get(code);
    if (!positions) map.set(code, [at]);
    else if (!positions.includes(at)) positions.push(at);
  };
  lines.forEach((line, at) => {
    for (const field of CODE_FIELDS) add(index.exact, line.product[field], at);
    for (const field of CODE_FIELDS.slice(1)) add(index.loose, line.product[field].toLowerCase(), at);
    for (const field of CODE_FIELDS) {
      const role = gtinRole(line.product[field]);
      if (role?.pack === 'unit') add(index.units, role.unit, at);
    }
  });
  return index;
}

/**
 * The lines whose product has this code: exact matches on the barcode and SKUs first, then SKUs in any
 * case. Several lines can hold one product; the first that still expects units wins (decideScan).
 */
export function linesWithCode(
  lines: readonly ScanLine[],
  code: string,
  index = indexCodes(lines),
): ScanLine[] {
  const wanted = code.trim();
  if (!wanted) return [];
  const positions = index.exact.get(wanted) ?? index.loose.get(wanted.toLowerCase()) ?? [];
  return positions.flatMap((at) => lines[at] ?? []);
}

/**
 * The lines a scan names: by its code (./cartons.ts readScan: a label's GTIN), else, for a GTIN-14, by the
 * unit's GTIN it wraps or spells in 14 digits.
 */
function linesForScan(lines: readonly ScanLine[], read: ScanRead, index: CodeIndex): ScanLine[] {
  const exact = linesWithCode(lines, read.code, index);
  const role = read.gtin === null ? null : gtinRole(read.gtin);
  if (exact.length > 0 || role === null) return exact;
  return (index.units.get(role.unit) ?? []).flatMap((at) => lines[at] ?? []);
}

type Counted = { units: number; carton?: { units: number; cartons: number } } | { error: string };

/** A carton scan: one carton, or as many as the number typed before it (12x or 12c alike). */
function cartonsOf(quantity: Quantity, pack: Extract<Pack, { kind: 'carton' }>, line: ScanLine): Counted {
  if ('error' in quantity) return quantity;
  const cartons = 'units' in quantity ? quantity.units : quantity.cartons;
  const perCarton = pack.units ?? Number.parseInt(line.product.carton_quantity, 10);
  if (!Number.isInteger(perCarton) || perCarton < 1)
    return {
      error: `That is a carton of ${line.name}, which has no carton quantity in Dockhand. Count the units, type the number with an x (24x), then scan one unit.`,
    };
  // A garbled or misprinted count (a label saying 240000 to a carton) is caught like a mistyped quantity.
  if (cartons * perCarton > MAX_SCAN_QUANTITY)
    return {
      error: `That is ${wholeNumber.format(cartons * perCarton)} units of ${line.name} in one scan, more than ${wholeNumber.format(MAX_SCAN_QUANTITY)}: check the carton label, or count the units and type them with an x.`,
    };
  return { units: cartons * perCarton, carton: { units: perCarton, cartons } };
}

function unitsOf(quantity: Quantity, line: ScanLine): { units: number } | { error: string } {
  if ('error' in quantity || 'units' in quantity) return quantity;
  const perCarton = Number.parseInt(line.product.carton_quantity, 10);
  if (!Number.isInteger(perCarton) || perCarton < 1)
    return {
      error: `${line.name} has no carton quantity. Scan each unit, or type the number of units first.`,
    };
  return { units: quantity.cartons * perCarton };
}

// One formatter for every answer: `toLocaleString` builds its own each call on some engines (bench/receiving).
const wholeNumber = new Intl.NumberFormat();
const units = (n: number) => `${wholeNumber.format(n)} unit${n === 1 ? '' : 's'}`;

export function decideScan(input: {
  code: string;
  typed: string;
  lines: readonly ScanLine[];
  settings: Pick<ReceivingSettings, 'overReceipt'>;
  /**
   * The order's code index (indexCodes over the same lines, in the same order), kept by the caller across
   * scans while the order's lines do not change; built here when absent.
   */
  index?: CodeIndex;
}): ScanDecision {
  const { code, lines, settings } = input;
  // What was typed is judged first: "-5" before an unknown code is still "not a quantity", never lost.
  const typed = parseTypedQuantity(input.typed);
  if ('error' in typed) return { kind: 'refuse', reason: 'quantity', message: typed.error };
  const read = readScan(code);
  const matches = linesForScan(lines, read, input.index ?? indexCodes(lines));
  if (matches.length === 0) return { kind: 'not-on-order', code: read.code };
  const line = matches.find((candidate) => !candidate.figures.complete) ?? matches[0]!;
  const pack = packOf(read);
  const quantity: Counted = pack.kind === 'carton' ? cartonsOf(typed, pack, line) : unitsOf(typed, line);
  if ('error' in quantity) return { kind: 'refuse', reason: 'quantity', message: quantity.error };
  const adding = quantity.units;
  const { figures } = line;
  // Said on every carton scan, so the clerk sees what one carton counted for.
  const carton = quantity.carton
    ? `${quantity.carton.cartons === 1 ? '' : `${wholeNumber.format(quantity.carton.cartons)} cartons, `}1 carton = ${wholeNumber.format(quantity.carton.units)}`
    : '';
  const note = receiptNote(code);

  const expected = figures.remainingAfter;
  if (adding <= expected) {
    return {
      kind: 'apply',
      poItemId: line.poItemId,
      quantity: adding,
      message: `+${units(adding)}: ${line.name}${carton && ` — ${carton}`}${note ? ` (${note})` : ''}`,
    };
  }
  const over = adding - expected;
  const reason = expected === 0 ? 'complete' : 'over';
  const what =
    (expected === 0
      ? `${line.name} is already complete (${figures.receivedBefore + figures.receivedNow} of ${figures.ordered} received).`
      : `${line.name} expects ${units(expected)} more; this adds ${units(adding)} (${units(over)} over).`) +
    (carton && ` ${carton}.`);
  if (settings.overReceipt === 'refuse') {
    return {
      kind: 'refuse',
      reason,
      poItemId: line.poItemId,
      message: `${what} Receiving more than ordered is turned off in Settings.`,
    };
  }
  return {
    kind: 'confirm',
    reason,
    poItemId: line.poItemId,
    quantity: adding,
    question: `${what} Receive ${units(over)} more than ordered?`,
  };
}
