/**
 * The receiving screen's lines: each cached order line with this delivery's draft figures, in the shape the
 * scan decision (src/db/receiving/scan.ts) and the rows read. A scan changes one line of the draft, so the
 * builder keeps the lines it made and makes again only those whose draft line changed (the draft keeps an
 * unchanged line's object: src/db/receiving/drafts.ts `withAdded`); an unchanged line stays the same object,
 * which is what lets the list redraw only the row that moved (bench/receiving).
 */
import { lineFigures } from '../../db/receiving/figures';
import type { ScanLine } from '../../db/receiving/scan';
import type { CachedPurchaseOrderItem, ReceiptDraft, ReceiptDraftLine } from '../../db/schema';

export interface ReceivingLine extends ScanLine {
  item: CachedPurchaseOrderItem;
  bin: string;
  notes: string;
}

export function lineName(item: CachedPurchaseOrderItem): string {
  const product = item.product;
  return (
    product.short_description || product.supplier_sku || product.supplier_sku2 || `Product ${product.id}`
  );
}

/** Barcode, supplier SKU, manufacturer SKU: whichever the carton's label shows, once each. */
export function lineCodes(line: Pick<ReceivingLine, 'product'>): string {
  const { supplier_sku2, supplier_sku, manufacturer_sku } = line.product;
  return [...new Set([supplier_sku2, supplier_sku, manufacturer_sku])].filter(Boolean).join(' · ');
}

/**
 * The line as a screen reader says it, one sentence: the row's cells are figures under column headings
 * that a listbox option cannot point to, so the option is named by this instead (VirtualList `itemLabel`).
 */
export function spokenLine(line: ReceivingLine): string {
  const f = line.figures;
  return [
    `${line.name}${f.complete ? ', complete' : ''}`,
    lineCodes(line),
    `ordered ${f.ordered}`,
    `received before ${f.receivedBefore}`,
    `remaining ${f.remainingAfter}`,
    `received now ${f.receivedNow}${f.over > 0 ? `, ${f.over} over` : ''}`,
    `faulty ${f.faultyNow}`,
    line.bin && `bin ${line.bin}`,
    line.notes && 'has a note',
  ]
    .filter(Boolean)
    .join('; ');
}

function receivingLine(item: CachedPurchaseOrderItem, line: ReceiptDraftLine | undefined): ReceivingLine {
  return {
    poItemId: item.po_item_id,
    product: item.product,
    name: lineName(item),
    figures: lineFigures(item, line),
    item,
    bin: line?.bin ?? '',
    notes: line?.notes ?? '',
  };
}

/**
 * Builds the lines of `items` with `draft`, remembering the last result: a line object is made again only
 * when the items or its draft line are a different object. A new array is returned whenever any line
 * changed, and the very same array when none did.
 */
export function receivingLinesBuilder(): (
  items: readonly CachedPurchaseOrderItem[],
  draft: ReceiptDraft | null,
) => ReceivingLine[] {
  let lastItems: readonly CachedPurchaseOrderItem[] | null = null;
  let lastDraftLines: (ReceiptDraftLine | undefined)[] = [];
  let lines: ReceivingLine[] = [];
  return (items, draft) => {
    if (items !== lastItems) {
      lastItems = items;
      lastDraftLines = items.map((item) => draft?.lines[item.po_item_id]);
      lines = items.map((item, at) => receivingLine(item, lastDraftLines[at]));
      return lines;
    }
    let next: ReceivingLine[] | null = null;
    items.forEach((item, at) => {
      const draftLine = draft?.lines[item.po_item_id];
      if (draftLine === lastDraftLines[at]) return;
      lastDraftLines[at] = draftLine;
      next ??= lines.slice();
      next[at] = receivingLine(item, draftLine);
    });
    if (next) lines = next;
    return lines;
  };
}
