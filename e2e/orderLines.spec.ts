/**
 * A line taken off a purchase order on the office PC, offline: the Remove button asks first, the removed
 * line leaves the page at once with the order pending, Undo puts it back, and once the API is back the
 * server's order has exactly that line removed. (What the server would refuse, a line with received stock
 * or of a closed order, is refused in words before anything is queued: src/db/edits/removeOrderLine.test.ts.)
 */
import type { PurchaseOrder } from '../src/api/resources';
import type { CachedPurchaseOrder, CachedPurchaseOrderItem } from '../src/db/schema';
import { expect, test } from './fixtures';
import { BackOffice } from './support/invoices';
import { startSyncedDemo } from './support/journeys';
import { tableRows } from './support/pageData';

const itemIds = (order: PurchaseOrder) =>
  (order.purchase_order_items ?? []).map((item) => item.po_item_id).sort();

test('remove a PO line offline, undo, remove again, and the server loses exactly that line', async ({
  app,
}) => {
  const { page } = app;
  const simulator = await startSyncedDemo(app);
  const orders = await tableRows<CachedPurchaseOrder>(page, 'purchaseOrders');
  const lines = await tableRows<CachedPurchaseOrderItem>(page, 'purchaseOrderItems');
  const linesOf = (poId: number) => lines.filter((line) => line.po_id === poId);
  // An order on order with two lines or more, none received yet.
  const order = orders.find(
    (o) =>
      o.status.name === 'OnOrder' &&
      linesOf(o.id).length >= 2 &&
      linesOf(o.id).every((line) => line.quantity_received === 0),
  )!;
  const [line] = linesOf(order.id);
  const name = line!.product.short_description;
  const office = await BackOffice.of(page);
  const before = itemIds(await office.purchaseOrder(order.id));

  await page.evaluate((id) => (location.hash = `#/purchase-orders/${id}`), order.id);
  const table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Ordered' }) });
  // The lines are the body's rows (the foot's rows are the totals).
  const items = table.locator('tbody');
  await expect(items.getByRole('rowheader', { name: new RegExp(name) }).first()).toBeVisible();
  await expect(items.getByRole('rowheader')).toHaveCount(before.length);

  /** Remove on the line, then the answer to its question. */
  const removeLine = async (answer: 'Keep' | 'Remove line') => {
    await items
      .getByRole('button', { name: `Remove ${name}` })
      .first()
      .click();
    await page
      .getByRole('group', { name: `Remove ${name}?` })
      .getByRole('button', { name: answer })
      .click();
  };

  await simulator.setOffline(true);
  // It asks first; Keep changes nothing.
  await removeLine('Keep');
  await expect(items.getByRole('button', { name: `Remove ${name}` }).first()).toBeVisible();
  await removeLine('Remove line');
  await expect(page.getByRole('status').filter({ hasText: `Removed ${name}` })).toBeVisible();
  await expect(items.getByRole('rowheader')).toHaveCount(before.length - 1);
  await expect(page.getByText('Pending', { exact: true })).toBeVisible();

  // Undo: the line is back and nothing waits.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(items.getByRole('rowheader')).toHaveCount(before.length);
  await expect(page.getByText('Pending', { exact: true })).toHaveCount(0);

  // Remove it for good; back online, the server's order has lost exactly that line.
  await removeLine('Remove line');
  await expect(items.getByRole('rowheader')).toHaveCount(before.length - 1);
  await simulator.setOffline(false);
  await expect(page.getByText('Pending', { exact: true })).toHaveCount(0, { timeout: 60_000 });
  expect(itemIds(await office.purchaseOrder(order.id))).toEqual(
    before.filter((id) => id !== line!.po_item_id),
  );
});
