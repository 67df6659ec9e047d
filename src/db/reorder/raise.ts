/**
 * A supplier group of suggestions becomes a draft purchase order in one step: the New PO form's own edit
 * (../edits/purchaseOrders.ts queueNewPurchaseOrder: its rules, its op, its offline rows), fed the group's
 * lines at the quantities the buyer settled on. Lines set to 0 are left out. The order is Incomplete (a
 * draft) until the buyer sends it; its lines count as on order for the outlet at once (./read.ts).
 */
import { localDate, queueNewPurchaseOrder, type NewPurchaseOrderForm } from '../edits/purchaseOrders';
import type { DockhandDb } from '../schema';
import type { SupplierGroup } from './suggest';

export type RaiseResult = { ok: true; orderId: number } | { ok: false; messages: string[] };

/** The ETA the group's form starts with: today plus its slowest line's lead time, or '' when none is known. */
export function defaultEta(group: Pick<SupplierGroup, 'leadTimeDays'>, now: Date): string {
  if (group.leadTimeDays === null) return '';
  const at = new Date(now);
  at.setDate(at.getDate() + group.leadTimeDays);
  return localDate(at);
}

/** The form a group makes, and the line each form line came from. */
export function draftOrderForm(
  outletId: number,
  group: SupplierGroup,
  quantities: ReadonlyMap<number, number | null>,
  eta: string,
): { form: NewPurchaseOrderForm; lines: SupplierGroup['lines'] } {
  const lines = group.lines.filter((line) => (quantities.get(line.productId) ?? line.quantity) !== 0);
  return {
    form: {
      supplierId: group.supplierId,
      outletId,
      eta,
      lines: lines.map((line) => ({
        productId: line.productId,
        quantity: quantities.has(line.productId) ? (quantities.get(line.productId) ?? null) : line.quantity,
        // A price read from the product itself is left to the server, which prices such a line the same way.
        buyPrice: line.priceFrom === 'link' ? line.buyPrice : null,
      })),
    },
    lines,
  };
}

/** Queues the group as a draft order; when the form refuses it, the reasons in the buyer's words, by product. */
export async function raiseDraftOrder(
  db: DockhandDb,
  request: {
    outletId: number;
    group: SupplierGroup;
    quantities: ReadonlyMap<number, number | null>;
    eta: string;
  },
  options: { now?: Date } = {},
): Promise<RaiseResult> {
  const { form, lines } = draftOrderForm(request.outletId, request.group, request.quantities, request.eta);
  if (lines.length === 0) return { ok: false, messages: ['Every quantity is 0: there is nothing to order.'] };
  const result = await queueNewPurchaseOrder(db, form, options);
  if (result.ok) return { ok: true, orderId: result.id };
  const messages = Object.entries(result.errors).flatMap(([field, texts]) => {
    const line = /^lines\.(\d+)\./.exec(field);
    const name = line ? lines[Number(line[1])]?.description : undefined;
    return texts.map((text) => (name ? `${name}: ${text}` : text));
  });
  return { ok: false, messages };
}
