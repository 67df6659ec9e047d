/**
 * A customer's loyalty history kept as read: page 1 replaces, later pages add, the view is newest first
 * with what the server said there is, and the balance series is oldest first for the chart.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { LoyaltyHistoryEntry } from '../../api/resources';
import type { DockhandDb } from '../schema';
import { memoryDb } from '../testing/memoryStore';
import { balanceSeries, loyaltyView, storeLoyaltyPage } from './loyaltyHistory';

let db: DockhandDb;
beforeEach(() => {
  db = memoryDb('loyalty-test');
});

const entry = (id: number, day: number, delta: number, available: number): LoyaltyHistoryEntry => ({
  id,
  created_on: `2026-03-${String(day).padStart(2, '0')}T10:00:00Z`,
  order_item: null,
  adjustment_reason: { id: 1, name: 'Welcome bonus' },
  loyalty_points_delta: delta,
  loyalty_points_available: available,
  ratio: null,
});

describe('loyalty history', () => {
  it('keeps pages as read, newest first, and says when the server has more', async () => {
    expect(await loyaltyView(db, 7)).toEqual({ entries: [], read: null, more: false });
    const at = new Date('2026-03-20T00:00:00Z');
    await storeLoyaltyPage(
      db,
      7,
      { data: [entry(3, 12, 5, 35), entry(2, 8, 10, 30)], page_number: 1, total_records: 3 },
      at,
    );
    await storeLoyaltyPage(db, 8, { data: [entry(9, 9, 1, 1)], page_number: 1, total_records: 1 }, at);
    let view = await loyaltyView(db, 7);
    expect(view.entries.map((e) => e.id)).toEqual([3, 2]);
    expect(view).toMatchObject({ read: { pages: 1, total: 3, readAt: at.toISOString() }, more: true });

    await storeLoyaltyPage(db, 7, { data: [entry(1, 1, 20, 20)], page_number: 2, total_records: 3 }, at);
    view = await loyaltyView(db, 7);
    expect(view.entries.map((e) => e.id)).toEqual([3, 2, 1]);
    expect(view.more).toBe(false);
    expect(balanceSeries(view.entries).map((p) => p.points)).toEqual([20, 30, 35]);

    // Read again from page 1: what the server no longer has is gone, other customers are untouched.
    await storeLoyaltyPage(db, 7, { data: [entry(3, 12, 5, 35)], page_number: 1, total_records: 1 }, at);
    expect((await loyaltyView(db, 7)).entries.map((e) => e.id)).toEqual([3]);
    expect((await loyaltyView(db, 8)).entries.map((e) => e.id)).toEqual([9]);
  });
});
