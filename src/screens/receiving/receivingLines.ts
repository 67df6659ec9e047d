/**
 * The receiving screen's lines: each cached order line with this delivery's draft figures, in the shape the
 * scan decision (src/db/receiving/scan.ts) and the rows read. Pure; rebuilt per scan, which for 1,000 lines
 * is a pass of plain arithmetic (the list draws only the rows in view).
 */
import { lineFigures } from '../../db/receiving/figures';
import type { ScanLine } from '../../db/receiving/scan';
import type { CachedPurchaseOrderItem, ReceiptDraft } from '../../db/schema';

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

export function receivingLines(
  items: readonly CachedPurchaseOrderItem[],
  draft: ReceiptDraft | null,
): ReceivingLine[] {
  return items.map((item) => {
    const line = draft?.lines[item.po_item_id];
    return {
      poItemId: item.po_item_id,
      product: item.product,
      name: lineName(item),
      figures: lineFigures(item, line),
      item,
      bin: line?.bin ?? '',
      notes: line?.notes ?? '',
    };
  });
}
