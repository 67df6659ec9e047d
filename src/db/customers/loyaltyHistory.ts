/**
 * A customer's loyalty history as this computer knows it: the pages read from the API when someone opened
 * the customer (the bridge's `customer.loyaltyHistory`; the engine does not pull it), kept in
 * `loyaltyEntries` so the history and its chart still show offline. What was read, and how much the server
 * said there is, is kept in `meta` per customer.
 */
import Dexie from 'dexie';
import { z } from 'zod';
import type { LoyaltyHistoryEntry } from '../../api/resources';
import type { CachedLoyaltyEntry, DockhandDb } from '../schema';

const ReadStateSchema = z.strictObject({
  /** Pages read, newest first from page 1. */
  pages: z.number().int().min(0),
  /** Entries the server said the customer has, at the last read. */
  total: z.number().int().min(0),
  readAt: z.iso.datetime(),
});
export type LoyaltyReadState = z.infer<typeof ReadStateSchema>;

const metaKey = (customerId: number) => `loyaltyRead:${customerId}`;

export interface LoyaltyPage {
  data: LoyaltyHistoryEntry[] | null;
  page_number: number;
  total_records: number;
}

/**
 * Keeps a page read from the API. Page 1 replaces what was kept for the customer (entries can be corrected
 * on the server), later pages add to it.
 */
export function storeLoyaltyPage(
  db: DockhandDb,
  customerId: number,
  page: LoyaltyPage,
  now: Date = new Date(),
): Promise<void> {
  return db.transaction('rw', db.loyaltyEntries, db.meta, async () => {
    if (page.page_number === 1) await db.loyaltyEntries.where('customer_id').equals(customerId).delete();
    const rows: CachedLoyaltyEntry[] = (page.data ?? []).map((entry) => ({
      ...entry,
      customer_id: customerId,
    }));
    await db.loyaltyEntries.bulkPut(rows);
    const state: LoyaltyReadState = {
      pages: page.page_number,
      total: page.total_records,
      readAt: now.toISOString(),
    };
    await db.meta.put({ key: metaKey(customerId), value: state });
  });
}

export interface LoyaltyView {
  /** Newest first. */
  entries: CachedLoyaltyEntry[];
  /** What was read and when; null when the history was never read on this computer. */
  read: LoyaltyReadState | null;
  /** The server has more than was read. */
  more: boolean;
}

export function loyaltyView(db: DockhandDb, customerId: number): Promise<LoyaltyView> {
  return db.transaction('r', db.loyaltyEntries, db.meta, async () => {
    const entries = await db.loyaltyEntries
      .where('[customer_id+created_on]')
      .between([customerId, Dexie.minKey], [customerId, Dexie.maxKey])
      .reverse()
      .toArray();
    const stored = await db.meta.get(metaKey(customerId));
    const parsed = ReadStateSchema.safeParse(stored?.value);
    const read = parsed.success ? parsed.data : null;
    return { entries, read, more: read !== null && entries.length < read.total };
  });
}

/** The points balance over time, oldest first: what the chart draws. */
export function balanceSeries(entries: readonly CachedLoyaltyEntry[]): { at: number; points: number }[] {
  return entries
    .map((entry) => ({ at: Date.parse(entry.created_on), points: entry.loyalty_points_available }))
    .filter((point) => !Number.isNaN(point.at))
    .sort((a, b) => a.at - b.at);
}
