/**
 * The discrepancy report of a delivery (issue #28 part 2): before a receipt is queued, and printed after, each
 * order line that is short, over or faulty, what is still on order, and what happens to a shortfall. Pure: it
 * reads the order's lines and the draft being completed, and does its line arithmetic through ./figures.ts.
 *
 * A shortfall stays on order by default. The clerk may note it as not coming instead; the API has no purchase
 * order update, so that is said in the invoice's notes (`notComingNote`) and on the report, and the order
 * itself keeps showing those units until the office cancels them there.
 */
import type { CachedPurchaseOrderItem, ReceiptDraft } from '../schema';
import { lineFigures, type LineFigures } from './figures';

/** What happens to a line's shortfall. */
export type ShortfallFate = 'onOrder' | 'notComing';

export type DiscrepancyKind = 'short' | 'over' | 'faulty';

export interface DiscrepancyLine {
  poItemId: number;
  /** The line's product (a faulty unit goes back to the supplier as this product, ./faultyReturn.ts). */
  productId: number;
  name: string;
  sku: string;
  kinds: DiscrepancyKind[];
  figures: LineFigures;
  /** Units still expected after this delivery (0 when the line is not short). */
  short: number;
  /** Units of this delivery beyond what was still expected. */
  over: number;
  /** Units of this delivery the clerk marked faulty (they are among the received ones). */
  faulty: number;
  /** Only for a short line: whether the rest stays on order or is not coming. */
  fate: ShortfallFate | null;
  /** Units the clerk still expects on this line after this delivery: 0 when its shortfall is not coming. */
  stillOnOrder: number;
  /** The order line's buy price ex tax, or null when neither the line nor its product has one. */
  buyPriceEx: number | null;
  /** In the clerk's words: "5 short – still on order; 2 faulty". */
  summary: string;
}

export interface DiscrepancyTotals {
  linesShort: number;
  linesOver: number;
  linesFaulty: number;
  unitsNow: number;
  unitsShort: number;
  unitsOver: number;
  unitsFaulty: number;
  /** Short units that stay on order. */
  unitsOnOrder: number;
  /** Short units noted as not coming. */
  unitsNotComing: number;
  /** Value at buy price ex tax; lines without a buy price add nothing (`unpricedLines` counts them). */
  valueShortEx: number;
  valueOverEx: number;
  valueFaultyEx: number;
  unpricedLines: number;
}

export interface DiscrepancyReport {
  /** Only the lines with something wrong, in the order's line order. */
  lines: DiscrepancyLine[];
  totals: DiscrepancyTotals;
  /** Nothing short, over or faulty: the delivery matches the order. */
  clean: boolean;
}

export interface DiscrepancyInput {
  /** The order's lines, in order (ReceivingOrder.items, ./order.ts). */
  items: readonly CachedPurchaseOrderItem[];
  /** The delivery being completed; lines it does not name received nothing. */
  draft: ReceiptDraft | null | undefined;
  /** Lines (po_item_id) whose shortfall the clerk noted as not coming; every other shortfall stays on order. */
  notComing?: Iterable<number>;
}

// db code may not load the renderer's ../../lib/recordFormat.ts, so the plural rule is said here.
const counted = (n: number, noun: string) => `${n.toLocaleString()} ${noun}${n === 1 ? '' : 's'}`;
const cents = (value: number) => Math.round(value * 100) / 100;

/** The buy price a receipt line carries (the same rule as ./complete.ts): the line's own, else the product's. */
export function buyPriceOf(item: CachedPurchaseOrderItem): number | null {
  return item.supplier_buy_ex ?? item.product.supplier_buy_ex ?? null;
}

function lineSummary(line: Omit<DiscrepancyLine, 'summary'>): string {
  const parts: string[] = [];
  if (line.short > 0) {
    parts.push(
      line.fate === 'notComing'
        ? `${line.short.toLocaleString()} short – not coming`
        : `${line.short.toLocaleString()} short – still on order`,
    );
  }
  if (line.over > 0) parts.push(`${line.over.toLocaleString()} over what was ordered`);
  if (line.faulty > 0) parts.push(`${line.faulty.toLocaleString()} faulty`);
  return parts.join('; ');
}

export function discrepancyReport(input: DiscrepancyInput): DiscrepancyReport {
  const notComing = new Set(input.notComing ?? []);
  const totals: DiscrepancyTotals = {
    linesShort: 0,
    linesOver: 0,
    linesFaulty: 0,
    unitsNow: 0,
    unitsShort: 0,
    unitsOver: 0,
    unitsFaulty: 0,
    unitsOnOrder: 0,
    unitsNotComing: 0,
    valueShortEx: 0,
    valueOverEx: 0,
    valueFaultyEx: 0,
    unpricedLines: 0,
  };
  const lines: DiscrepancyLine[] = [];
  for (const item of input.items) {
    const figures = lineFigures(item, input.draft?.lines[item.po_item_id]);
    totals.unitsNow += figures.receivedNow;
    const short = figures.remainingAfter;
    const kinds: DiscrepancyKind[] = [];
    if (short > 0) kinds.push('short');
    if (figures.over > 0) kinds.push('over');
    if (figures.faultyNow > 0) kinds.push('faulty');
    if (kinds.length === 0) continue;

    const fate: ShortfallFate | null =
      short > 0 ? (notComing.has(item.po_item_id) ? 'notComing' : 'onOrder') : null;
    const buyPriceEx = buyPriceOf(item);
    const line = {
      poItemId: item.po_item_id,
      productId: item.product.id,
      name: item.product.short_description,
      sku: item.product.supplier_sku ?? '',
      kinds,
      figures,
      short,
      over: figures.over,
      faulty: figures.faultyNow,
      fate,
      stillOnOrder: fate === 'notComing' ? 0 : short,
      buyPriceEx,
    };
    lines.push({ ...line, summary: lineSummary(line) });

    if (short > 0) totals.linesShort++;
    if (line.over > 0) totals.linesOver++;
    if (line.faulty > 0) totals.linesFaulty++;
    totals.unitsShort += short;
    totals.unitsOver += line.over;
    totals.unitsFaulty += line.faulty;
    if (fate === 'notComing') totals.unitsNotComing += short;
    else totals.unitsOnOrder += short;
    if (buyPriceEx === null) totals.unpricedLines++;
    else {
      totals.valueShortEx = cents(totals.valueShortEx + short * buyPriceEx);
      totals.valueOverEx = cents(totals.valueOverEx + line.over * buyPriceEx);
      totals.valueFaultyEx = cents(totals.valueFaultyEx + line.faulty * buyPriceEx);
    }
  }
  return { lines, totals, clean: lines.length === 0 };
}

/** The report's totals in one sentence: "2 lines short (7 units), 1 line over (4 units), 3 faulty units." */
export function totalsSentence(totals: DiscrepancyTotals): string {
  const parts: string[] = [];
  if (totals.linesShort > 0)
    parts.push(`${counted(totals.linesShort, 'line')} short (${counted(totals.unitsShort, 'unit')})`);
  if (totals.linesOver > 0)
    parts.push(`${counted(totals.linesOver, 'line')} over (${counted(totals.unitsOver, 'unit')})`);
  if (totals.unitsFaulty > 0) parts.push(`${counted(totals.unitsFaulty, 'faulty unit')}`);
  return parts.length === 0
    ? 'Everything on the order arrived, nothing over, nothing faulty.'
    : `${parts.join(', ')}.`;
}

/** What happens to the shortfall, for the foot of the report; '' when nothing is short. */
export function shortfallSentence(totals: DiscrepancyTotals): string {
  const parts: string[] = [];
  if (totals.unitsOnOrder > 0) parts.push(`${counted(totals.unitsOnOrder, 'unit')} still on order`);
  if (totals.unitsNotComing > 0)
    parts.push(
      `${counted(totals.unitsNotComing, 'unit')} noted as not coming (the office cancels them on the order)`,
    );
  return parts.length === 0 ? '' : `${parts.join('; ')}.`;
}

/**
 * The text for the invoice's notes when some shortfall is not coming ('' when none is): the API cannot change
 * the order, so the office reads it there. One line per product, SKU in brackets where there is one.
 */
export function notComingNote(report: DiscrepancyReport): string {
  const rows = report.lines
    .filter((line) => line.fate === 'notComing')
    .map((line) => `${line.short.toLocaleString()} × ${line.name}${line.sku ? ` (${line.sku})` : ''}`);
  if (rows.length === 0) return '';
  return `Not coming (supplier will not send the rest): ${rows.join('; ')}.`;
}
