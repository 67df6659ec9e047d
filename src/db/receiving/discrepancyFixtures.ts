/**
 * A delivery with one of each discrepancy, for the report's tests (./discrepancy.test.ts and the printed
 * page's, src/screens/receiving/report): 5 of 10 tents came, 24 mugs against 20, 2 of 6 lanterns faulty,
 * every sock, and none of the stoves, whose line has no buy price. `seedDelivery` puts it on a database, ready
 * to complete (./completeReport.test.ts, ./faultyReturn.test.ts).
 */
import type { Product } from '../../api/resources';
import { samplePurchaseOrder, samplePurchaseOrderItem, sampleProduct } from '../../api/resources/fixtures';
import type {
  CachedPurchaseOrder,
  CachedPurchaseOrderItem,
  DockhandDb,
  ReceiptDraft,
  ReceiptDraftLine,
} from '../schema';

export const PO_ID = 1001;
/** The lines' ids (po_item_id). */
export const [TENTS, MUGS, LANTERNS, SOCKS, STOVES] = [1, 2, 3, 4, 5] as const;

export function orderLine(
  poItemId: number,
  name: string,
  sku: string,
  ordered: number,
  options: { before?: number; buyEx?: number | null } = {},
): CachedPurchaseOrderItem {
  const buyEx = options.buyEx === undefined ? 10 : options.buyEx;
  return samplePurchaseOrderItem({
    po_id: PO_ID,
    po_item_id: poItemId,
    product: sampleProduct({
      id: 100 + poItemId,
      short_description: name,
      supplier_sku: sku,
      supplier_buy_ex: buyEx ?? undefined,
    }),
    quantity_ordered: ordered,
    quantity_received: options.before ?? 0,
    quantity_cancelled: 0,
    supplier_buy_ex: buyEx,
  }) as CachedPurchaseOrderItem;
}

export const deliveryItems = (): CachedPurchaseOrderItem[] => [
  orderLine(TENTS, 'Ember dome tent', 'TENT-1', 10, { buyEx: 120 }),
  orderLine(MUGS, 'Enamel mug', 'MUG-1', 20, { buyEx: 4.5 }),
  orderLine(LANTERNS, 'Camp lantern', 'LAMP-1', 6, { buyEx: 25.25 }),
  orderLine(SOCKS, 'Wool socks', 'SOCK-1', 12),
  orderLine(STOVES, 'Trail stove', '', 4, { buyEx: null }),
];

const line = (received: number, faulty = 0): ReceiptDraftLine => ({ received, faulty, bin: '', notes: '' });

export function draftOf(lines: Record<number, ReceiptDraftLine>): ReceiptDraft {
  const at = '2026-11-27T09:00:00.000Z';
  return { poId: PO_ID, startedAt: at, updatedAt: at, lines };
}

export const deliveryDraft = (): ReceiptDraft =>
  draftOf({ [TENTS]: line(5), [MUGS]: line(24), [LANTERNS]: line(6, 2), [SOCKS]: line(12) });

export { line as draftLine };

/**
 * The order (PO 1001 of Acme Apparel, supplier 41, On order), its lines, their products (whole: the lines'
 * products are sample products) and `draft` (the delivery above by default) on `db`.
 */
export async function seedDelivery(db: DockhandDb, draft: ReceiptDraft = deliveryDraft()): Promise<void> {
  const items = deliveryItems();
  const { purchase_order_items: _lines, ...order } = samplePurchaseOrder({
    id: PO_ID,
    status: { id: 2, name: 'OnOrder' },
  });
  await db.purchaseOrders.put(order as CachedPurchaseOrder);
  await db.purchaseOrderItems.bulkPut(items);
  await db.products.bulkPut(items.map((item) => item.product as unknown as Product));
  await db.receiptDrafts.put(draft);
}
