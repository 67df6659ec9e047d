/**
 * The purchase order list in Chromium over a real IndexedDB: unfiltered, it reads the keys in view from the
 * primary key (./listWindow.svelte.ts), so its rows, count, scrolling to the end, opening a row and live
 * updates are checked here as a clerk sees them; a filter in the URL lists the matching orders instead.
 * "Export CSV" of the whole list streams every order from the cache, in the list's order.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { PURCHASE_ORDER_STATUSES } from '../../api/resources';
import { samplePurchaseOrder } from '../../api/resources/fixtures';
import { DockhandDb, type CachedPurchaseOrder } from '../../db/schema';
import { csvRecords, keepDownloads } from '../../lib/csv/testing/keptDownloads';
import { router } from '../../lib/router.svelte';
import { rowTurns } from '../../components/list/afterYield.svelte';
import { mountInPage } from '../../components/testing/mountInPage';
import { listPosition } from './listState.svelte';
import PurchaseOrderList from './PurchaseOrderList.svelte';

const ORDERS = 1_000;
const opened: DockhandDb[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  // The active row is kept for the page's life (Back returns to it); each test opens the list afresh.
  listPosition.activeIndex = 0;
  for (const db of opened.splice(0)) await db.delete();
});

function order(id: number): CachedPurchaseOrder {
  const { purchase_order_items: _items, ...row } = samplePurchaseOrder({ id });
  return {
    ...row,
    id,
    status: { id: 1, name: PURCHASE_ORDER_STATUSES[Math.abs(id) % PURCHASE_ORDER_STATUSES.length]! },
    supplier: { id: 1 + (Math.abs(id) % 5), name: `Supplier ${1 + (Math.abs(id) % 5)}` },
  };
}

async function seeded(): Promise<DockhandDb> {
  const db = new DockhandDb(`po-list-${crypto.randomUUID()}`);
  opened.push(db);
  await db.purchaseOrders.bulkPut([
    ...Array.from({ length: ORDERS }, (_, i) => order(i + 1)),
    order(-1),
    order(-2),
  ]);
  return db;
}

const list = () => page.getByRole('listbox', { name: 'Purchase orders' });
const option = (index: number) => list().element().querySelectorAll('[role="option"]')[index]!;
const numbers = () =>
  [...list().element().querySelectorAll('[role="option"] .number')].map((cell) => cell.textContent);

describe('PurchaseOrderList', () => {
  it('lists orders raised here, then the newest, counts them all, and scrolls to the oldest', async () => {
    const db = await seeded();
    mountInPage(PurchaseOrderList, { db, query: {} });
    await expect.element(page.getByText(`${(ORDERS + 2).toLocaleString()} purchase orders`)).toBeVisible();
    await expect
      .poll(() => numbers().slice(0, 4))
      .toEqual(['New PO 2', 'New PO 1', `PO ${ORDERS}`, `PO ${ORDERS - 1}`]);
    const first = list().element().querySelector('[role="option"]')!;
    expect(first.getAttribute('aria-setsize')).toBe(String(ORDERS + 2));
    await expect.element(list().getByRole('option').first()).toHaveTextContent(/Supplier \d/);

    list().element().focus();
    await userEvent.keyboard('{End}');
    await expect.poll(() => numbers().at(-1)).toBe('PO 1');
    await userEvent.keyboard('{Enter}');
    expect(router.route).toMatchObject({ section: 'purchase-orders', parts: ['1'] });
  });

  it('follows the cache: a new order shows on top and in the count', async () => {
    const db = await seeded();
    mountInPage(PurchaseOrderList, { db, query: {} });
    await expect.element(page.getByText(`${(ORDERS + 2).toLocaleString()} purchase orders`)).toBeVisible();
    await db.purchaseOrders.put(order(ORDERS + 1));
    await expect.element(page.getByText(`${(ORDERS + 3).toLocaleString()} purchase orders`)).toBeVisible();
    await expect.poll(() => numbers().slice(0, 3)).toEqual(['New PO 2', 'New PO 1', `PO ${ORDERS + 1}`]);
  });

  it('moves the rows in view down when a newer order lands on top (a sync mid-way), drawing only the new one', async () => {
    const db = await seeded();
    mountInPage(PurchaseOrderList, { db, query: {} });
    await expect.poll(() => numbers()[2]).toBe(`PO ${ORDERS}`);
    await expect.poll(() => option(2).textContent).toContain('Supplier 1');
    await expect.poll(() => rowTurns.size).toBe(0);
    const drawnBefore = rowTurns.drawn;
    const supplierCell = option(2).querySelector('.po-columns > span:nth-child(3)')!;
    await db.purchaseOrders.put(order(ORDERS + 1));
    await expect.poll(() => numbers().slice(2, 4)).toEqual([`PO ${ORDERS + 1}`, `PO ${ORDERS}`]);
    await expect.poll(() => option(2).textContent).toContain('Supplier 2');
    await expect.poll(() => rowTurns.size).toBe(0);
    // PO 1000's row is the same element, one place down, its cells untouched: rows are keyed by order.
    expect(supplierCell.isConnected).toBe(true);
    expect(supplierCell.closest('[role="option"]')).toBe(option(3));
    expect(supplierCell.textContent).toBe('Supplier 1');
    // Only the new order's row drew its cells: the others' data did not change, so they kept their objects.
    expect(rowTurns.drawn - drawnBefore).toBe(1);
  });

  it('redraws only the row whose order changed when a pulled page rewrites the orders in view', async () => {
    const db = await seeded();
    mountInPage(PurchaseOrderList, { db, query: {} });
    await expect.poll(() => option(3).textContent).toContain('Supplier');
    await expect.poll(() => rowTurns.size).toBe(0);
    const drawnBefore = rowTurns.drawn;
    const changed = { ...order(ORDERS - 1), status: { id: 9, name: 'Cancelled' as const } };
    // The same data for every order in view but one, as a page of the first sync writes it again.
    await db.purchaseOrders.bulkPut([
      ...Array.from({ length: 40 }, (_, i) => order(ORDERS - i)).filter((po) => po.id !== changed.id),
      changed,
    ]);
    await expect.poll(() => option(3).textContent).toContain('Cancelled');
    await expect.poll(() => rowTurns.size).toBe(0);
    expect(rowTurns.drawn - drawnBefore).toBe(1);
  });

  it('reads the suppliers only once the clerk opens the supplier box', async () => {
    const db = new DockhandDb(`po-list-${crypto.randomUUID()}`);
    opened.push(db);
    // Every request to the suppliers table, counted below Dexie (its DBCore), however the choices read it.
    let supplierReads = 0;
    db.use({
      stack: 'dbcore',
      name: 'countSupplierReads',
      create: (down) => ({
        ...down,
        table(name) {
          const table = down.table(name);
          if (name !== 'suppliers') return table;
          const counted =
            <A extends unknown[], R>(read: (...args: A) => R) =>
            (...args: A) => {
              supplierReads += 1;
              return read(...args);
            };
          return {
            ...table,
            get: counted(table.get.bind(table)),
            getMany: counted(table.getMany.bind(table)),
            query: counted(table.query.bind(table)),
            openCursor: counted(table.openCursor.bind(table)),
            count: counted(table.count.bind(table)),
          };
        },
      }),
    });
    await db.purchaseOrders.bulkPut(Array.from({ length: 50 }, (_, i) => order(i + 1)));
    await db.suppliers.put({ id: 1, name: 'Acme Foods', supplier_code: 'ACME', is_enabled: true } as never);
    supplierReads = 0;
    mountInPage(PurchaseOrderList, { db, query: {} });
    await expect.element(page.getByText('50 purchase orders')).toBeVisible();
    await expect.poll(() => option(3).textContent).toContain('Supplier');
    await expect.poll(() => rowTurns.size).toBe(0);
    expect(supplierReads).toBe(0);

    await userEvent.click(page.getByRole('combobox', { name: 'Supplier' }));
    await expect.element(page.getByRole('option', { name: 'Acme Foods (ACME)' })).toBeVisible();
    expect(supplierReads).toBeGreaterThan(0);
  });

  it('exports every order it counts, in its order, read from the cache page by page', async () => {
    const db = await seeded();
    const { files } = keepDownloads();
    mountInPage(PurchaseOrderList, { db, query: {} });
    await expect.element(page.getByText(`${(ORDERS + 2).toLocaleString()} purchase orders`)).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Export CSV' }));
    await expect.element(page.getByText(/^Exported 1,002 rows to purchase-orders-/)).toBeVisible();
    const numbers = (await csvRecords(files[0]!)).slice(1).map((row) => row[0]);
    expect(numbers).toHaveLength(ORDERS + 2);
    expect(numbers.slice(0, 3)).toEqual(['New PO 2', 'New PO 1', `PO ${ORDERS}`]);
    expect(numbers.at(-1)).toBe('PO 1');
  });

  it('lists only the matching orders while a filter is set', async () => {
    const db = await seeded();
    mountInPage(PurchaseOrderList, { db, query: { supplier: '3' } });
    // Supplier 3: every fifth order from PO 2 up, and New PO 2.
    const matching = Array.from({ length: ORDERS }, (_, i) => i + 1).filter((id) => id % 5 === 2);
    await expect
      .element(
        page.getByText(`${matching.length + 1} purchase orders match, of ${(ORDERS + 2).toLocaleString()}`),
      )
      .toBeVisible();
    await expect
      .poll(() => numbers().slice(0, 3))
      .toEqual(['New PO 2', `PO ${matching.at(-1)}`, `PO ${matching.at(-2)}`]);
  });
});
