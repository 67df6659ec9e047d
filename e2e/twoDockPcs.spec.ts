/**
 * Two dock PCs, one purchase order (issue #28, part 5): two app instances, each with its own data dir and
 * IndexedDB, on ONE simulator. With the network down, both receive the same line: the first PC all that was
 * ordered, the second two more. Back online, the first PC's receipt reaches the server, and the second PC,
 * its delivery still open, is told on the line; once its own receipt is on the server too, the line is
 * flagged on its PO page and listed in "Check these receipts".
 */
import type { Page } from '@playwright/test';
import { expect, openPcsOnOneSimulator, test } from './fixtures';
import { startDemo, waitForInitialSync } from './support/journeys';
import { tableRows } from './support/pageData';
import { expectReceivedNow, orderToReceive } from './support/receiving';
import { scan } from './support/scanner';
import type { OpRecord } from '../src/db/ops';

/** To a route as a link would (the first URL's fragment is the bridge token, not a route). */
const go = (page: Page, route: string) =>
  page.evaluate((hash) => {
    location.hash = hash;
  }, route);

/** `units` of the line's product, typed as a quantity and scanned once. */
async function receive(page: Page, barcode: string, units: number): Promise<void> {
  await page.getByLabel('Scan or type a code').click();
  await page.keyboard.type(`${units}x`, { delay: 100 });
  await scan(page, barcode);
}

/** The states of the PC's receipts in its outbox. */
const receipts = async (page: Page) =>
  (await tableRows<OpRecord>(page, 'outbox'))
    .filter((op) => op.kind === 'createSupplierInvoice')
    .map((op) => op.state);

/** Complete receipt, with the docket's number: queued on this PC (the one receipt it makes). */
async function completeReceipt(page: Page, docket: string): Promise<void> {
  await page.getByRole('button', { name: 'Complete receipt…' }).click();
  await page.getByLabel('Invoice number (from the docket)').fill(docket);
  await page.getByRole('button', { name: 'Save receipt' }).click();
  await expect.poll(() => receipts(page)).toHaveLength(1);
}

/** The PC's receipt has reached the server. */
async function receiptSent(page: Page): Promise<void> {
  await expect.poll(() => receipts(page), { timeout: 60_000 }).toEqual(['done']);
}

/** "Sync now" until `seen` holds: the engine may be mid-run, or not yet know the network is back. */
async function syncUntil(page: Page, seen: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.getByRole('contentinfo').getByRole('button', { name: 'Sync now' }).click({ timeout: 5_000 });
    await seen();
  }).toPass({ timeout: 90_000 });
}

test('a line received on two PCs: the second is told on the line, then both see it to check', async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const pcs = await openPcsOnOneSimulator(browser, 2);
  try {
    const [first, second] = pcs.pages as [Page, Page];
    await startDemo(first);
    await startDemo(second);
    const simulator = await pcs.simulator();
    const orders = (await simulator.snapshot()).counts.purchaseOrders;
    await Promise.all([waitForInitialSync(first, orders), waitForInitialSync(second, orders)]);
    const { order, lines } = await orderToReceive(first);
    const line = lines[0]!;
    const ordered = line.quantity_ordered;

    // Offline, both receive the line: the first PC what was ordered (and completes), the second two more.
    await simulator.setOffline(true);
    await go(first, `#/receiving/${order.id}`);
    await receive(first, line.product.supplier_sku2, ordered);
    await expectReceivedNow(first, line.po_item_id, ordered);
    await completeReceipt(first, `PC1-${order.id}`);
    await go(second, `#/receiving/${order.id}`);
    await receive(second, line.product.supplier_sku2, 2);
    await expectReceivedNow(second, line.po_item_id, 2);
    const notice = second.locator(`[data-po-item-id="${line.po_item_id}"] [data-testid="other-pcs"]`);
    await expect(notice).toHaveCount(0);

    // Online: the first PC's receipt reaches the server; the second, its delivery open, is told on the line.
    await simulator.setOffline(false);
    await receiptSent(first);
    await syncUntil(second, () =>
      expect(notice).toHaveText(
        `${ordered} more received on another PC since you started — 2 over what was ordered`,
        { timeout: 5_000 },
      ),
    );
    await expect(
      second.getByRole('status').filter({ hasText: 'Another PC received into 1 line' }),
    ).toBeVisible();

    // The second PC completes; once its receipt is on the server, the line is flagged on the PO page.
    await completeReceipt(second, `PC2-${order.id}`);
    await receiptSent(second);
    const server = (await simulator.orderView(order.id))!;
    expect(server.items.find((item) => item.po_item_id === line.po_item_id)?.quantity_received).toBe(
      ordered + 2,
    );
    await go(second, `#/purchase-orders/${order.id}`);
    const flag = second.getByRole('region', { name: 'Lines to check' });
    await syncUntil(second, () => expect(flag).toBeVisible({ timeout: 5_000 }));
    const row = flag.locator(`tr[data-po-item-id="${line.po_item_id}"]`);
    await expect(row.getByRole('cell')).toHaveText([
      String(ordered),
      String(ordered + 2),
      '+2',
      '2',
      String(ordered),
    ]);

    // ...and listed in "Check these receipts", until marked checked.
    await flag.getByRole('link', { name: 'Check these receipts' }).click();
    await expect(second.getByRole('heading', { name: 'Check these receipts' })).toBeVisible();
    await expect(
      second.getByRole('heading', { name: `PO ${order.id} · ${order.supplier.name}` }),
    ).toBeVisible();
    await second.getByRole('button', { name: `Checked: take PO ${order.id} off this list` }).click();
    await expect(second.getByText('Nothing to check')).toBeVisible();
  } finally {
    await pcs.close();
  }
});
