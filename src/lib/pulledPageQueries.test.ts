/**
 * Which live queries a pulled page wakes (issue #24): a first sync applies hundreds of pages, and every
 * live query a page's commit touches runs again on the main thread while the clerk works. Dexie's
 * liveQuery over fake-indexeddb with the store's own page writer (src/db/dexiePull.ts): the purchase order
 * list's rows in view, the outbox watchers and counts must sleep through pages that do not change them.
 * The list's window of newest keys is observed whole by Dexie (a range read with a limit), so any page of
 * orders wakes it: that is why it re-runs coalesced (src/screens/purchaseOrders/listWindow.svelte.ts).
 */
import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { createPullMethods } from '../db/dexiePull';
import { countOutbox } from '../db/outboxCounts';
import { DockhandDb } from '../db/schema';
import { listOrderWindow, readListRows } from '../screens/purchaseOrders/listQuery';

const AT = '2026-01-01T00:00:00.000Z';
const order = (id: number, modified = '2025-01-01T00:00:00Z') => ({
  id,
  modified_on: modified,
  supplier: { id: 1, name: 'Acme' },
  outlet: { id: 1, name: 'Dock 1' },
  status: { name: 'OPEN' },
});
const customer = (id: number) => ({ id, last_name: `Customer ${id}`, modified_on: '2025-01-01T00:00:00Z' });
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

async function pulling() {
  const db = new DockhandDb(`pulled-page-queries-${crypto.randomUUID()}`);
  const pull = createPullMethods(db, {});
  const page = (table: string, put: unknown[]): Promise<unknown> =>
    pull.applyPulledPage({ writes: [{ table, put }], at: AT } as never);
  await page(
    'purchaseOrders',
    Array.from({ length: 100 }, (_, i) => order(i + 1)),
  );
  const runs: Record<string, number> = {};
  const watch = (name: string, query: () => Promise<unknown>) => {
    runs[name] = 0;
    const subscription = liveQuery(() => {
      runs[name]!++;
      return query();
    }).subscribe({ next: () => {}, error: () => {} });
    stops.push(() => subscription.unsubscribe());
  };
  // The list as it opens: the 50 newest orders in view.
  watch('window', () => listOrderWindow(db, 0, 50));
  watch('rows in view', () =>
    readListRows(
      db,
      Array.from({ length: 50 }, (_, i) => 100 - i),
    ),
  );
  watch('outbox counts', () => countOutbox(db));
  watch('newest op', async () => db.outbox.orderBy('seq').lastKey());
  // Witnesses: one live query per table a test writes. Dexie tells every live query of a commit in one
  // go, and each starts its run at once, so once a witness has run again the others that would have, had.
  const witnesses = ['customers', 'purchaseOrderItems', 'purchaseOrders'];
  for (const table of witnesses) watch(`witness ${table}`, () => db.table(table).count());
  await expect.poll(() => Object.values(runs).every((n) => n === 1)).toBe(true);
  const watched = () =>
    Object.fromEntries(
      Object.entries(runs)
        .filter(([name]) => !name.startsWith('witness'))
        .map(([name, n]) => [name, n - 1]),
    );
  /** Writes a page, waits until its table's witness has seen it, and says what else ran again. */
  const pageAndWait = async (table: string, put: unknown[]) => {
    const before = runs[`witness ${table}`]!;
    await page(table, put);
    await expect.poll(() => runs[`witness ${table}`]).toBeGreaterThan(before);
    await tick();
  };
  return { page: pageAndWait, ranAgain: watched };
}

describe('live queries a pulled page wakes', () => {
  it('a page of another table wakes none of the order list’s queries, nor the outbox’s', async () => {
    const { page, ranAgain } = await pulling();
    await page('customers', [1, 2, 3].map(customer));
    await page('purchaseOrderItems', [{ po_item_id: 1, po_id: 5, product: { id: 5 }, modified_on: AT }]);
    expect(ranAgain()).toEqual({ window: 0, 'rows in view': 0, 'outbox counts': 0, 'newest op': 0 });
  });

  it('a page of orders out of view wakes only the window of newest keys (coalesced in the list)', async () => {
    const { page, ranAgain } = await pulling();
    await page(
      'purchaseOrders',
      [5, 6, 7].map((id) => order(id, '2025-02-01T00:00:00Z')),
    );
    expect(ranAgain()).toEqual({ window: 1, 'rows in view': 0, 'outbox counts': 0, 'newest op': 0 });
  });

  it('a page changing an order in view wakes its rows', async () => {
    const { page, ranAgain } = await pulling();
    await page('purchaseOrders', [order(99, '2025-02-01T00:00:00Z')]);
    expect(ranAgain()['rows in view']).toBe(1);
  });
});
