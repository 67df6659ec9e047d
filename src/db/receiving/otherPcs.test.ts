/** What another PC received into an order this PC receives: the pure figures of ./otherPcs.ts. */
import { describe, expect, it } from 'vitest';
import { sampleOp } from '../testing/sampleOp';
import type { ReceiptWatch } from '../schema';
import {
  fromOtherPcs,
  keepsWatch,
  lineToCheckText,
  linesToCheck,
  otherPcsNotice,
  ownReceipts,
  startWatch,
  watchExpired,
  type WatchedLine,
} from './otherPcs';

const started = new Date('2026-11-23T09:00:00.000Z');
const line = (po_item_id: number, ordered: number, received: number, more: Partial<WatchedLine> = {}) => ({
  po_item_id,
  quantity_ordered: ordered,
  quantity_received: received,
  quantity_cancelled: 0,
  ...more,
});
const receipt = (id: string, poId: number, items: [number, number][], more = {}) =>
  sampleOp(id, {
    kind: 'createSupplierInvoice',
    createdAt: '2026-11-23T10:00:00.000Z',
    body: {
      supplier_invoice_number: id,
      purchase_order_receipts: [
        {
          purchase_order_id: poId,
          purchase_order_receipt_items: items.map(([purchase_order_item_id, quantity_received]) => ({
            purchase_order_item_id,
            quantity_received,
          })),
        },
      ],
    },
    ...more,
  });

describe('a watched order', () => {
  const watch: ReceiptWatch = startWatch(7, [line(1, 20, 0), line(2, 10, 4)], started);

  it('keeps each line’s received figure from when the first delivery began', () => {
    expect(watch).toEqual({ poId: 7, startedAt: started.toISOString(), base: { 1: 0, 2: 4 } });
  });

  it('counts this PC’s own receipts since then: of this order, not discarded, not older', () => {
    const own = ownReceipts(
      [
        receipt('a', 7, [[1, 12]], { state: 'done' }),
        receipt('b', 7, [
          [1, 1],
          [2, 3],
        ]),
        receipt('other-order', 8, [[1, 5]]),
        receipt('discarded', 7, [[1, 5]], { state: 'discarded' }),
        receipt('before', 7, [[1, 5]], { createdAt: '2026-11-23T08:59:59.000Z' }),
        sampleOp('not-a-receipt'),
        receipt('unreadable', 7, [], { body: { purchase_order_receipts: 'x' } }),
      ],
      watch,
    );
    expect([...own]).toEqual([
      [1, 13],
      [2, 3],
    ]);
  });

  it('says what another PC received: what the line holds beyond the start and this PC’s own', () => {
    // 12 here, and the line now holds 24: 12 came from another PC. Line 2: 4 at the start, 3 here, 7 now.
    const own = new Map([
      [1, 12],
      [2, 3],
    ]);
    const lines = [line(1, 20, 24), line(2, 10, 7), line(3, 5, 5)];
    expect([...fromOtherPcs(lines, watch, own)]).toEqual([[1, 12]]);
    // A line added to the order after the start is not known to the watch: nothing is claimed for it.
    expect(fromOtherPcs([line(3, 5, 5)], watch, own).size).toBe(0);
  });

  it('lists a line to check only when both PCs received into it, it is over, and the server’s figure shows', () => {
    const own = new Map([[1, 12]]);
    const toCheck = linesToCheck([line(1, 20, 24), line(2, 10, 12)], watch, own);
    // Line 2 is over (12 of 10) but only another PC received into it since: not this PC's to check.
    expect(toCheck).toEqual([{ poItemId: 1, expected: 20, received: 24, over: 4, here: 12, elsewhere: 12 }]);
    expect(lineToCheckText(toCheck[0]!)).toBe(
      '24 received of 20 ordered, 4 over: 12 on this PC, 12 on another',
    );
    // A receipt of this PC still queued: the line shows this PC's figure, so it waits.
    expect(linesToCheck([line(1, 20, 24, { _pendingOps: ['b'] })], watch, own)).toEqual([]);
    // Cancelled units are not expected: 18 of 20 with 4 cancelled is 2 over.
    const cancelled = linesToCheck([line(1, 20, 18, { quantity_cancelled: 4 })], watch, new Map([[1, 9]]));
    expect(cancelled).toMatchObject([{ expected: 16, over: 2, here: 9, elsewhere: 9 }]);
  });

  it('is kept by a new delivery only while trusted and a line is over', () => {
    const later = new Date('2026-11-25T09:00:00.000Z');
    expect(keepsWatch(watch, [line(1, 20, 24)], later)).toBe(true);
    expect(keepsWatch(watch, [line(1, 20, 20)], later)).toBe(false);
    const week = new Date('2026-11-29T09:00:01.000Z');
    expect(watchExpired(watch, week)).toBe(true);
    expect(keepsWatch(watch, [line(1, 20, 24)], week)).toBe(false);
  });
});

describe('the notice on a line', () => {
  it('says how many came from another PC, and how far over the order the line now is', () => {
    expect(otherPcsNotice(12, 4)).toBe(
      '12 more received on another PC since you started — 4 over what was ordered',
    );
    expect(otherPcsNotice(1_200, 0)).toBe('1,200 more received on another PC since you started');
  });
});
