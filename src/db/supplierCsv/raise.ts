/**
 * The ready rows of a supplier's CSV become ONE new draft purchase order of that supplier, through the New
 * PO form's own edit (../edits/purchaseOrders.ts queueNewPurchaseOrder: its rules, its op, its offline rows),
 * as reorder suggestions do (../reorder/raise.ts). Lines keep the file's order.
 *
 * Why never an existing order: the API v2.1 has no call that adds a line to an order the server holds
 * (../opCatalog.ts: createPurchaseOrder, deletePurchaseOrderItem only). An order raised on this PC and still
 * waiting in the outbox could in principle take the lines into its queued create, but the engine may have
 * read that create to send it already (electron/core/sync/push.ts sends the body it read before marking it
 * sending), so lines added then would show here and never reach the back office: docs/supplier-csv.md.
 */
import { localDate, queueNewPurchaseOrder } from '../edits/purchaseOrders';
import type { DockhandDb } from '../schema';
import type { ReadyRow } from './match';

export type RaiseFromCsvResult =
  { ok: true; orderId: number; lines: number } | { ok: false; messages: string[] };

/** The ETA a file's order starts with: today plus the longest lead time of its rows, else today. */
export function etaFor(rows: readonly Pick<ReadyRow, 'leadTimeDays'>[], now: Date): string {
  const longest = Math.max(0, ...rows.map((row) => row.leadTimeDays ?? 0));
  const at = new Date(now);
  at.setDate(at.getDate() + longest);
  return localDate(at);
}

export async function raiseFromCsv(
  db: DockhandDb,
  request: { supplierId: number; outletId: number | null; eta: string; rows: readonly ReadyRow[] },
  options: { now?: Date } = {},
): Promise<RaiseFromCsvResult> {
  const { rows } = request;
  if (rows.length === 0) return { ok: false, messages: ['No row of the file is ready to order.'] };
  const result = await queueNewPurchaseOrder(
    db,
    {
      supplierId: request.supplierId,
      outletId: request.outletId,
      eta: request.eta,
      lines: rows.map((row) => ({ productId: row.productId, quantity: row.quantity, buyPrice: row.price })),
    },
    options,
  );
  if (result.ok) return { ok: true, orderId: result.id, lines: rows.length };
  // A refusal about one line names the file's row, so the clerk can find it in the file.
  const messages = Object.entries(result.errors).flatMap(([field, texts]) => {
    const at = /^lines\.(\d+)\./.exec(field);
    const row = at ? rows[Number(at[1])] : undefined;
    return texts.map((text) => (row ? `Row ${row.row} (${row.description}): ${text}` : text));
  });
  return { ok: false, messages };
}
