/** A delivery's totals keep what is still to come and what came beyond the order apart: never netted. */
import { describe, expect, it } from 'vitest';
import { samplePurchaseOrderItem } from '../../api/resources/fixtures';
import type { CachedPurchaseOrderItem } from '../schema';
import { deliveryTotals, lineFigures } from './figures';

function figures(ordered: number, before: number, now: number, cancelled = 0) {
  const item = samplePurchaseOrderItem({
    quantity_ordered: ordered,
    quantity_received: before,
    quantity_cancelled: cancelled,
  }) as CachedPurchaseOrderItem;
  return lineFigures(item, { received: now, faulty: 0, bin: '', notes: '' });
}

describe('deliveryTotals', () => {
  it('shows 5 tents outstanding and 4 mugs over, not "53 of 54 received"', () => {
    const tents = figures(20, 10, 5); // 5 still to come
    const mugs = figures(34, 30, 8); // 4 more than ordered
    const totals = deliveryTotals([tents, mugs]);
    expect(totals).toMatchObject({
      unitsOrdered: 54,
      unitsExpected: 54,
      unitsReceived: 53,
      unitsIn: 49,
      unitsOutstanding: 5,
      unitsOver: 4,
      linesComplete: 1,
    });
  });

  it('counts an earlier over-delivery as over, and cancelled units as not expected', () => {
    // 12 of 10 came last week; 2 of the other line's 8 were cancelled and 6 came now.
    const totals = deliveryTotals([figures(10, 12, 0), figures(8, 0, 6, 2)]);
    expect(totals).toMatchObject({
      unitsCancelled: 2,
      unitsExpected: 16,
      unitsIn: 16,
      unitsOutstanding: 0,
      unitsOver: 2,
      unitsReceived: 18,
    });
  });
});
