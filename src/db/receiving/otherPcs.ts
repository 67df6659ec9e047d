/**
 * Two dock PCs, one purchase order (issue #28, part 5): what another PC received into an order this PC is
 * receiving, worked out from figures this PC holds. Pure; the reads and writes are in ./otherPcsStore.ts.
 *
 * When this PC's first delivery of an order begins, each line's `quantity_received` in the cache is kept
 * (the watch: `ReceiptWatch` in ../schema.ts). The cache shows the server's figure plus this PC's receipts
 * still queued (a queued receipt's lines are rebased over pulled ones, ../pendingRows.ts), so whatever a line
 * holds later beyond that figure and this PC's own receipts since came from another PC. This PC's receipts
 * are read from its outbox (every `createSupplierInvoice` not discarded since the watch began), which keeps
 * finished ops for 7 days (`pruneAfterMs`, electron/core/sync/engine.ts): a watch is trusted for 6.
 */
import { z } from 'zod';
import type { OpRecord } from '../ops';
import type { CachedPurchaseOrderItem, ReceiptWatch } from '../schema';

export const WATCH_DAYS = 6;
const DAY_MS = 86_400_000;

/** What these figures read of an order line. */
export type WatchedLine = Pick<
  CachedPurchaseOrderItem,
  'po_item_id' | 'quantity_ordered' | 'quantity_received' | 'quantity_cancelled' | '_pendingOps'
>;

/** What this PC's own receipts read of an op. */
export type ReceiptOp = Pick<OpRecord, 'kind' | 'state' | 'createdAt' | 'body'>;

/** The part of a queued receipt's body these figures need (the contract's SupplierInvoiceCreate). */
const ReceiptBodySchema = z.object({
  purchase_order_receipts: z.array(
    z.object({
      purchase_order_id: z.number(),
      purchase_order_receipt_items: z.array(
        z.object({ purchase_order_item_id: z.number(), quantity_received: z.number() }),
      ),
    }),
  ),
});

/** What the order asks for on a line: ordered − cancelled, never below zero. */
const expectedOf = (line: WatchedLine) => Math.max(0, line.quantity_ordered - (line.quantity_cancelled ?? 0));

export function startWatch(poId: number, lines: readonly WatchedLine[], now: Date): ReceiptWatch {
  const base: Record<string, number> = {};
  for (const line of lines) base[line.po_item_id] = line.quantity_received;
  return { poId, startedAt: now.toISOString(), base };
}

export function watchExpired(watch: ReceiptWatch, now: Date): boolean {
  return now.getTime() - Date.parse(watch.startedAt) > WATCH_DAYS * DAY_MS;
}

/**
 * Whether a new delivery keeps the watch it finds, rather than starting afresh: only while it is trusted
 * and a line is over-received, which may be a line to check; otherwise "since you started" would count the
 * receipts of an earlier delivery long finished.
 */
export function keepsWatch(watch: ReceiptWatch, lines: readonly WatchedLine[], now: Date): boolean {
  return !watchExpired(watch, now) && lines.some((line) => line.quantity_received > expectedOf(line));
}

/** Units per line (po_item_id) that this PC's receipts brought into the order since the watch began. */
export function ownReceipts(ops: readonly ReceiptOp[], watch: ReceiptWatch): Map<number, number> {
  const own = new Map<number, number>();
  for (const op of ops) {
    if (op.kind !== 'createSupplierInvoice' || op.state === 'discarded' || op.createdAt < watch.startedAt)
      continue;
    const body = ReceiptBodySchema.safeParse(op.body);
    if (!body.success) continue;
    for (const receipt of body.data.purchase_order_receipts) {
      if (receipt.purchase_order_id !== watch.poId) continue;
      for (const item of receipt.purchase_order_receipt_items)
        own.set(
          item.purchase_order_item_id,
          (own.get(item.purchase_order_item_id) ?? 0) + item.quantity_received,
        );
    }
  }
  return own;
}

/** Units another PC received into a line since the watch began (0 for a line the watch does not know). */
export function receivedElsewhere(line: WatchedLine, watch: ReceiptWatch, own: ReadonlyMap<number, number>) {
  const base = watch.base[line.po_item_id];
  if (base === undefined) return 0;
  return Math.max(0, line.quantity_received - base - (own.get(line.po_item_id) ?? 0));
}

/** Per line (po_item_id), units another PC received since the watch began: lines with none are absent. */
export function fromOtherPcs(
  lines: readonly WatchedLine[],
  watch: ReceiptWatch,
  own: ReadonlyMap<number, number>,
): Map<number, number> {
  const more = new Map<number, number>();
  for (const line of lines) {
    const units = receivedElsewhere(line, watch, own);
    if (units > 0) more.set(line.po_item_id, units);
  }
  return more;
}

/** A line received on this PC and another, now over what the order asks for: someone should check it. */
export interface LineToCheck {
  poItemId: number;
  expected: number;
  /** The server's quantity_received. */
  received: number;
  over: number;
  /** Units this PC's receipts brought since the watch began. */
  here: number;
  /** Units other PCs brought since then. */
  elsewhere: number;
}

/**
 * The lines to check once both PCs have synced: received here and on another PC, and over. A line with a
 * receipt of this PC still queued shows this PC's figure, not the server's, so it waits until that is sent.
 */
export function linesToCheck(
  lines: readonly WatchedLine[],
  watch: ReceiptWatch,
  own: ReadonlyMap<number, number>,
): LineToCheck[] {
  const out: LineToCheck[] = [];
  for (const line of lines) {
    if (line._pendingOps?.length) continue;
    const here = own.get(line.po_item_id) ?? 0;
    const elsewhere = receivedElsewhere(line, watch, own);
    const expected = expectedOf(line);
    const over = line.quantity_received - expected;
    if (here > 0 && elsewhere > 0 && over > 0)
      out.push({
        poItemId: line.po_item_id,
        expected,
        received: line.quantity_received,
        over,
        here,
        elsewhere,
      });
  }
  return out;
}

/** The notice on a line: "12 more received on another PC since you started — 4 over what was ordered". */
export function otherPcsNotice(more: number, over: number): string {
  const head = `${more.toLocaleString()} more received on another PC since you started`;
  return over > 0 ? `${head} — ${over.toLocaleString()} over what was ordered` : head;
}

/** A line to check, in words: "22 received of 20 ordered, 2 over: 12 on this PC, 10 on another". */
export function lineToCheckText(line: LineToCheck): string {
  return (
    `${line.received.toLocaleString()} received of ${line.expected.toLocaleString()} ordered, ` +
    `${line.over.toLocaleString()} over: ${line.here.toLocaleString()} on this PC, ` +
    `${line.elsewhere.toLocaleString()} on another`
  );
}
