/**
 * The server refuses an order the client's contract accepts (a maximum order quantity this back office
 * enforces): the sync centre shows the server's problem detail, and editing the field and retrying lands it.
 */
import { expect, test } from './fixtures';
import {
  fillOrderHeader,
  queuedOrder,
  scan,
  startDemo,
  twoBarcodes,
  waitForInitialSync,
} from './support/journeys';

test('a rejected order shows the problem detail, and edit and retry lands it', async ({ app }) => {
  const { page } = app;
  await startDemo(page);
  const simulator = await app.simulator();
  await waitForInitialSync(page, (await simulator.snapshot()).counts.purchaseOrders);
  const [product] = await twoBarcodes(page);
  await simulator.setRules([
    {
      operation: 'createPurchaseOrder',
      field: 'purchase_order_items[].quantity_ordered',
      max: 10,
      message: 'This back office takes at most 10 per line',
    },
  ]);

  await page.getByRole('link', { name: 'New purchase order' }).click();
  await fillOrderHeader(page);
  await page.getByLabel('Scan barcode').focus();
  await scan(page, product!.barcode);
  await page.getByLabel(`Quantity for ${product!.name}`).fill('24');
  await page.getByRole('button', { name: 'Create purchase order' }).click();
  const { externalId, op } = await queuedOrder(page);

  const status = page.getByRole('status', { name: 'Sync status' });
  await expect(status).toContainText('1 needs attention', { timeout: 30_000 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sync centre' }).click();
  const entry = page.getByRole('article', { name: op.label });
  const problem = entry.getByRole('region', { name: 'Problem detail' });
  await expect(problem).toContainText('400');
  await expect(problem).toContainText('purchase_order_items[0].quantity_ordered');
  await expect(problem).toContainText('This back office takes at most 10 per line');
  expect((await simulator.snapshot()).purchaseOrders[externalId]).toBeUndefined();

  await entry.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('form', { name: `Edit ${op.label}` });
  await editor.getByLabel('purchase_order_items[0].quantity_ordered').fill('8');
  await editor.getByRole('button', { name: 'Save and retry' }).click();

  await expect(status).not.toContainText('needs attention', { timeout: 30_000 });
  await expect.poll(async () => (await simulator.snapshot()).purchaseOrders[externalId]?.length).toBe(1);
  const [order] = (await simulator.snapshot()).purchaseOrders[externalId]!;
  expect(order!.items).toEqual([{ product_id: product!.id, quantity_ordered: 8 }]);
});
