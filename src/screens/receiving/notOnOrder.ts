/** Why a scanned code matched no line of the order being received: unknown, or on other open orders. */
import { matchCode } from '../../db/receiving/openOrders';
import type { DockhandDb } from '../../db/schema';
import { poNumber } from '../../lib/recordFormat';

export async function notOnOrder(
  db: DockhandDb,
  code: string,
  poId: number,
  outletId: number | null,
): Promise<string> {
  const match = await matchCode(db, code, outletId);
  if (match.kind === 'product') {
    const name = match.product.short_description || match.product.supplier_sku || code;
    const others = match.orders.filter((other) => other.id !== poId).map((other) => poNumber(other.id));
    return others.length > 0
      ? `${name} (${code}) is not on this order. Open orders that have it: ${others.join(', ')}.`
      : `${name} (${code}) is not on this order, nor on any other open order for this outlet.`;
  }
  if (match.kind === 'order' || match.kind === 'closed-order')
    return `${code} is a purchase order number, not a product. Finish this receipt first, or go back to choose another order.`;
  return `Unknown code ${code}: no product in Dockhand has it. Check the label, or type the SKU.`;
}
