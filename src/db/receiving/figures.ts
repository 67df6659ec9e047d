/**
 * Receiving arithmetic, the one home for it: a line's ordered / already received / remaining / received now,
 * and the running totals of a delivery. Pure. "Remaining" is the server's rule (server/README.md,
 * "Purchasing"): ordered − received − cancelled, never below zero; an over-delivery is a variance, not a
 * negative remainder.
 */
import type { CachedPurchaseOrderItem, ReceiptDraftLine } from '../schema';

export interface LineFigures {
  ordered: number;
  /** Received by earlier deliveries (the cached line, which includes queued receipts of this PC). */
  receivedBefore: number;
  cancelled: number;
  /** What this delivery brings so far. */
  receivedNow: number;
  faultyNow: number;
  /** Still expected before this delivery. */
  remainingBefore: number;
  /** Still expected after this delivery. */
  remainingAfter: number;
  /** Units of this delivery beyond what was still expected. */
  over: number;
  /** Every unit of the line beyond ordered − cancelled, earlier deliveries and this one. */
  overAll: number;
  complete: boolean;
}

export function remainingOf(item: {
  quantity_ordered: number;
  quantity_received: number;
  quantity_cancelled: number | null;
}): number {
  return Math.max(0, item.quantity_ordered - item.quantity_received - (item.quantity_cancelled ?? 0));
}

export const EMPTY_LINE: ReceiptDraftLine = { received: 0, faulty: 0, bin: '', notes: '' };

export function lineFigures(item: CachedPurchaseOrderItem, draft: ReceiptDraftLine | undefined): LineFigures {
  const now = draft ?? EMPTY_LINE;
  const remainingBefore = remainingOf(item);
  const remainingAfter = Math.max(0, remainingBefore - now.received);
  const expected = item.quantity_ordered - (item.quantity_cancelled ?? 0);
  return {
    ordered: item.quantity_ordered,
    receivedBefore: item.quantity_received,
    cancelled: item.quantity_cancelled ?? 0,
    receivedNow: now.received,
    faultyNow: now.faulty,
    remainingBefore,
    remainingAfter,
    over: Math.max(0, now.received - remainingBefore),
    overAll: Math.max(0, item.quantity_received + now.received - Math.max(0, expected)),
    complete: remainingAfter === 0,
  };
}

/**
 * A delivery's running totals. Shortages and over-deliveries are counted apart, never netted: 5 tents still
 * to come and 4 mugs too many are "49 of 54 in, 5 outstanding, 4 over", not "53 of 54". So
 * unitsIn + unitsOutstanding = unitsExpected, and unitsIn + unitsOver = unitsReceived.
 */
export interface DeliveryTotals {
  lines: number;
  linesComplete: number;
  unitsOrdered: number;
  unitsCancelled: number;
  /** Ordered − cancelled: what the order still asks for in all. */
  unitsExpected: number;
  /** Received against the order: no line counts more than it expects. */
  unitsIn: number;
  /** Still to come after this delivery: every line's remaining. */
  unitsOutstanding: number;
  /** Received beyond their lines' orders, earlier deliveries and this one. */
  unitsOver: number;
  /** Every unit received, earlier deliveries and this one. */
  unitsReceived: number;
  unitsNow: number;
  /** Lines this delivery touches. */
  linesNow: number;
}

export function deliveryTotals(figures: Iterable<LineFigures>): DeliveryTotals {
  const totals: DeliveryTotals = {
    lines: 0,
    linesComplete: 0,
    unitsOrdered: 0,
    unitsCancelled: 0,
    unitsExpected: 0,
    unitsIn: 0,
    unitsOutstanding: 0,
    unitsOver: 0,
    unitsReceived: 0,
    unitsNow: 0,
    linesNow: 0,
  };
  for (const line of figures) {
    totals.lines++;
    if (line.complete) totals.linesComplete++;
    const received = line.receivedBefore + line.receivedNow;
    totals.unitsOrdered += line.ordered;
    totals.unitsCancelled += line.cancelled;
    totals.unitsExpected += Math.max(0, line.ordered - line.cancelled);
    totals.unitsIn += received - line.overAll;
    totals.unitsOutstanding += line.remainingAfter;
    totals.unitsOver += line.overAll;
    totals.unitsReceived += received;
    totals.unitsNow += line.receivedNow;
    if (line.receivedNow > 0 || line.faultyNow > 0) totals.linesNow++;
  }
  return totals;
}
