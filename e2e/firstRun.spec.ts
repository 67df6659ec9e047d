/** First run → demo data → the initial sync completes and the list shows the simulator's purchase orders. */
import { expect, test } from './fixtures';
import { startDemo, waitForInitialSync } from './support/journeys';

test('first run on demo data syncs and lists every purchase order of the simulator', async ({ app }) => {
  const { page } = app;
  await startDemo(page);
  const simulator = await app.simulator();
  const { counts } = await simulator.snapshot();
  expect(counts.purchaseOrders).toBeGreaterThan(0);

  await waitForInitialSync(page, counts.purchaseOrders);
  const list = page.getByRole('listbox', { name: 'Purchase orders' });
  await expect(list.getByRole('option').first()).toBeVisible();

  const status = page.getByRole('status', { name: 'Sync status' });
  await expect(status).toContainText('Online');
  await expect(status).toContainText('Last sync');
});
