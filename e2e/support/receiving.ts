/** Steps of the receiving specs: choosing an order the demo data can receive, reading the draft. */
import { expect, type Page } from '@playwright/test';
import type { CachedPurchaseOrder, CachedPurchaseOrderItem, ReceiptDraft } from '../../src/db/schema';
import { tableRows } from './pageData';

export interface OrderToReceive {
  order: CachedPurchaseOrder;
  /** Three lines with distinct barcoded products, each expecting at least 3 more units. */
  lines: CachedPurchaseOrderItem[];
}

/** An open order (On order, and one `accept` takes) with three receivable lines of distinct barcodes. */
export async function orderToReceive(
  page: Page,
  accept: (order: CachedPurchaseOrder) => boolean = () => true,
): Promise<OrderToReceive> {
  const [orders, items] = await Promise.all([
    tableRows<CachedPurchaseOrder>(page, 'purchaseOrders'),
    tableRows<CachedPurchaseOrderItem>(page, 'purchaseOrderItems'),
  ]);
  const byOrder = new Map<number, CachedPurchaseOrderItem[]>();
  for (const item of items) byOrder.set(item.po_id, [...(byOrder.get(item.po_id) ?? []), item]);
  for (const order of orders) {
    if (order.status.name !== 'OnOrder' || !accept(order)) continue;
    const lines = (byOrder.get(order.id) ?? [])
      .filter((item) => item.quantity_received === 0 && item.quantity_ordered >= 3)
      .filter((item) => /^\d{8,}$/.test(item.product.supplier_sku2));
    const barcodes = new Set(lines.map((line) => line.product.supplier_sku2));
    const everyBarcodeOnce = (byOrder.get(order.id) ?? []).every(
      (item) => !barcodes.has(item.product.supplier_sku2) || lines.includes(item),
    );
    if (lines.length >= 3 && barcodes.size === lines.length && everyBarcodeOnce)
      return { order, lines: lines.slice(0, 3) };
  }
  throw new Error('The demo data has no On order purchase order with three receivable barcoded lines');
}

export async function draftOf(page: Page, poId: number): Promise<ReceiptDraft | undefined> {
  return (await tableRows<ReceiptDraft>(page, 'receiptDrafts')).find((draft) => draft.poId === poId);
}

/** The "Now" figure of a line, as the receiving list shows it. */
export async function expectReceivedNow(page: Page, poItemId: number, units: number): Promise<void> {
  await expect(page.locator(`[data-po-item-id="${poItemId}"] [data-testid="received-now"]`)).toContainText(
    String(units),
  );
}
