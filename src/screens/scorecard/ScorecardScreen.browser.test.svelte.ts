/**
 * The comparison list on the list shell, in Chromium over a real IndexedDB: 301 suppliers, of which only the
 * rows in view are drawn; the search finds a supplier by name and, with the period, stays in the address
 * ("Clear filters" leaves the period); a figure sorts highest first; Enter opens the supplier's page on the
 * same period; "Export CSV" writes the rows shown, as many as the count line says, as figures.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { samplePurchaseOrder, sampleSupplier } from '../../api/resources/fixtures';
import { mountInPage } from '../../components/testing/mountInPage';
import { DockhandDb } from '../../db/schema';
import { csvRecords, keepDownloads } from '../../lib/csv/testing/keptDownloads';
import { router } from '../../lib/router.svelte';
import ScorecardScreen from './ScorecardScreen.svelte';
import { FIGURE_HEADERS } from './testing';

const PERIOD = { period: 'custom', from: '2025-01-01', to: '2025-12-31' };
const HASH = '#/scorecard?period=custom&from=2025-01-01&to=2025-12-31';
const opened: DockhandDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

const name = (id: number) => `Supplier ${String(id).padStart(3, '0')}`;

/** 300 numbered suppliers and Bolt Hardware; Supplier 007 sent 3 orders in the period, 012 one. */
async function seeded(): Promise<DockhandDb> {
  const db = new DockhandDb(`scorecard-list-${crypto.randomUUID()}`);
  opened.push(db);
  const suppliers = Array.from({ length: 300 }, (_, i) =>
    sampleSupplier({ id: i + 1, supplier_code: `S${i + 1}`, name: name(i + 1) }),
  );
  await db.table('suppliers').bulkPut([...suppliers, sampleSupplier({ id: 500, name: 'Bolt Hardware' })]);
  const order = (id: number, supplierId: number) =>
    samplePurchaseOrder({
      id,
      supplier: { id: supplierId, name: name(supplierId) },
      status: { id: 2, name: 'OnOrder' },
      sent_on: '2025-06-01T00:00:00Z',
      eta: '2099-06-01T00:00:00Z',
    });
  await db.table('purchaseOrders').bulkPut([order(1, 7), order(2, 7), order(3, 7), order(4, 12)]);
  return db;
}

async function screen() {
  const db = await seeded();
  router.navigate(HASH);
  mountInPage(ScorecardScreen, {
    db,
    session: { syncStatus: null },
    get route() {
      return router.route;
    },
  });
}

const status = () => page.getByRole('status').first();
const list = () => page.getByRole('listbox', { name: 'Supplier scorecard' });

describe('the supplier scorecard list', () => {
  it('draws only the rows in view, finds a supplier by name, and keeps the period when cleared', async () => {
    await screen();
    await expect.element(status()).toHaveTextContent('301 suppliers');
    await expect
      .element(list().getByRole('option').first())
      .toHaveAccessibleName(/^Bolt Hardware\s*0\s*No order fully received/);
    expect(list().getByRole('option').elements().length).toBeLessThan(40);

    await userEvent.fill(page.getByRole('searchbox', { name: 'Search suppliers' }), 'hardware BOLT');
    await expect.element(status()).toHaveTextContent('1 supplier match, of 301');
    await expect.poll(() => router.route.query).toEqual({ ...PERIOD, q: 'hardware BOLT' });
    await userEvent.click(page.getByRole('button', { name: 'Clear filters' }));
    await expect.element(status()).toHaveTextContent('301 suppliers');
    await expect.poll(() => router.route.query).toEqual(PERIOD);
  });

  it('sorts a figure highest first and opens the active supplier with Enter, on the same period', async () => {
    await screen();
    await expect.element(status()).toHaveTextContent('301 suppliers');
    await userEvent.click(
      page.getByRole('group', { name: 'Sort suppliers' }).getByRole('button', { name: 'Orders' }),
    );
    await expect.poll(() => router.route.query).toEqual({ ...PERIOD, sort: 'orders', dir: 'desc' });
    const options = list().getByRole('option');
    await expect.element(options.nth(0)).toHaveAccessibleName(/^Supplier 007\s*3\s/);
    await expect.element(options.nth(1)).toHaveAccessibleName(/^Supplier 012\s*1\s/);
    (list().element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect.poll(() => router.route.section).toBe('suppliers');
    expect(router.route.parts).toEqual(['12']);
    expect(router.route.query).toEqual(PERIOD);
  });

  it('exports the rows shown, as many as it counts, with each figure as a number', async () => {
    await screen();
    // 001 to 009, 100, 200 and 300.
    await userEvent.fill(page.getByRole('searchbox', { name: 'Search suppliers' }), 'supplier 00');
    await expect.element(status()).toHaveTextContent('12 suppliers match, of 301');
    await userEvent.click(
      page.getByRole('group', { name: 'Sort suppliers' }).getByRole('button', { name: 'Orders' }),
    );
    const downloads = keepDownloads();
    try {
      await userEvent.click(page.getByRole('button', { name: 'Export CSV' }));
      await expect
        .element(
          page.getByText(/^Exported 12 rows to supplier-scorecard-2025-01-01-to-2025-12-31-[\d-]+\.csv\.$/),
        )
        .toBeVisible();
      const [headers, ...rows] = await csvRecords(downloads.files[0]!);
      // No invoice: no spend column.
      expect(headers).toEqual(FIGURE_HEADERS);
      expect(rows).toHaveLength(12);
      // Sent in June, due in 2099: not received, not late; nothing to rate yet, so the rates are empty.
      expect(rows[0]).toEqual(['Supplier 007', '3', '', '', '0', '0', '0', '0', '', '', '']);
      expect(rows.slice(1).map((row) => row[0])).toEqual([1, 2, 3, 4, 5, 6, 8, 9, 100, 200, 300].map(name));
    } finally {
      downloads.restore();
    }
  });
});
