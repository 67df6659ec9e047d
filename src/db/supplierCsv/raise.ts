/**
 * The ready rows of a supplier's CSV become lines of a draft purchase order of that supplier: a NEW one,
 * through the New PO form's own edit (../edits/purchaseOrders.ts queueNewPurchaseOrder: its rules, its op,
 * its offline rows), as reorder suggestions do (../reorder/raise.ts), or one raised on this PC whose create
 * is still WAITING to be sent (../edits/queuedOrderLines.ts: the queued create amended in one transaction; a
 * product already on it has its quantity raised). Lines keep the file's order.
 *
 * Never an order the back office holds: the API v2.1 has no call that adds a line to one
 * (../opCatalog.ts: createPurchaseOrder, deletePurchaseOrderItem only). docs/supplier-csv.md says so.
 */
import { localDate, queueNewPurchaseOrder, type FormErrors } from '../edits/purchaseOrders';
import { addLinesToWaitingDraft, type WaitingDraft } from '../edits/queuedOrderLines';
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

const linesOf = (rows: readonly ReadyRow[]) =>
  rows.map((row) => ({ productId: row.productId, quantity: row.quantity, buyPrice: row.price }));

/** A refusal about one line names the file's row, so the clerk can find it in the file. */
function messagesOf(
  errors: FormErrors,
  rows: readonly ReadyRow[],
  rowOfLine: (line: number) => ReadyRow | undefined = (line) => rows[line],
): string[] {
  return Object.entries(errors).flatMap(([field, texts]) => {
    const at = /^lines\.(\d+)\./.exec(field);
    const row = at ? rowOfLine(Number(at[1])) : undefined;
    return texts.map((text) => (row ? `Row ${row.row} (${row.description}): ${text}` : text));
  });
}

const NOTHING_READY = { ok: false as const, messages: ['No row of the file is ready to order.'] };

export async function raiseFromCsv(
  db: DockhandDb,
  request: { supplierId: number; outletId: number | null; eta: string; rows: readonly ReadyRow[] },
  options: { now?: Date } = {},
): Promise<RaiseFromCsvResult> {
  const { rows } = request;
  if (rows.length === 0) return NOTHING_READY;
  const result = await queueNewPurchaseOrder(
    db,
    { supplierId: request.supplierId, outletId: request.outletId, eta: request.eta, lines: linesOf(rows) },
    options,
  );
  if (result.ok) return { ok: true, orderId: result.id, lines: rows.length };
  return { ok: false, messages: messagesOf(result.errors, rows) };
}

/** The ready rows added to the waiting draft `opId` (../edits/queuedOrderLines.ts). */
export async function addFromCsvToDraft(
  db: DockhandDb,
  request: { draft: Pick<WaitingDraft, 'opId' | 'productIds'>; rows: readonly ReadyRow[] },
  options: { now?: Date } = {},
): Promise<RaiseFromCsvResult> {
  const { rows } = request;
  if (rows.length === 0) return NOTHING_READY;
  const { draft } = request;
  const result = await addLinesToWaitingDraft(db, draft.opId, linesOf(rows), options);
  if (result.ok) return { ok: true, orderId: result.orderId, lines: rows.length };
  // Errors are keyed by the order's lines: its own first, then the file's new products (mergedLines).
  const added = rows.filter((row) => !draft.productIds.includes(row.productId));
  const products = [...draft.productIds, ...added.map((row) => row.productId)];
  const rowOfLine = (line: number) => rows.find((row) => row.productId === products[line]);
  return { ok: false, messages: messagesOf(result.errors, rows, rowOfLine) };
}
