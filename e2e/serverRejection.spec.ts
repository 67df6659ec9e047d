/**
 * The server refuses an order the client's contract accepts (a maximum order quantity this back office
 * enforces): the toast, the order's page and the sync centre say it in a clerk's words ("Line 1 — <product>: quantity ordered
 * must be at most 10"), the server's path and request id stay one click away under "Technical details",
 * and correcting the quantity in the form (labelled in words, no JSON) and retrying lands it.
 */
import { expect, test } from './fixtures';
import { fillOrderHeader, queuedOrder, scan, startSyncedDemo, twoBarcodes } from './support/journeys';

test('a rejected order is said in words, and correcting it in the form lands it', async ({ app }) => {
  const { page } = app;
  const simulator = await startSyncedDemo(app);
  const [product] = await twoBarcodes(page);
  await simulator.setRules([
    {
      operation: 'createPurchaseOrder',
      field: 'purchase_order_items[].quantity_ordered',
      max: 10,
    },
  ]);

  await page.getByRole('link', { name: 'New purchase order' }).click();
  await fillOrderHeader(page);
  await page.getByLabel('Scan barcode').focus();
  await scan(page, product!.barcode);
  await page.getByLabel(`Quantity for ${product!.name}`).fill('24');
  await page.getByRole('button', { name: 'Create purchase order' }).click();
  const { externalId, op } = await queuedOrder(page);

  const inWords = `Line 1 — ${product!.name}: quantity ordered must be at most 10`;
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    `“${op.label}” was refused: ${inWords}`,
    { timeout: 30_000 },
  );
  const status = page.getByRole('status', { name: 'Sync status' });
  await expect(status).toContainText('1 needs attention', { timeout: 30_000 });
  // The order's own page says which rule, not only that one was broken.
  await expect(page.getByRole('alert').filter({ hasText: 'The server refused this order.' })).toContainText(
    `It breaks a rule of this back office. ${inWords}.`,
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sync centre' }).click();
  const entry = page.getByRole('article', { name: op.label });
  const problem = entry.getByRole('region', { name: 'Problem detail' });
  await expect(problem).toContainText('It breaks a rule of this back office.');
  await expect(problem.getByRole('listitem').first()).toHaveText(inWords);
  // The server's own terms are for support, one click away.
  const path = problem.getByText('purchase_order_items[0].quantity_ordered');
  await expect(path).toBeHidden();
  await problem.getByText('Technical details (for support)').click();
  await expect(path).toBeVisible();
  await expect(problem).toContainText('Request id');
  expect((await simulator.snapshot()).purchaseOrders[externalId]).toBeUndefined();

  await entry.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('form', { name: `Edit ${op.label}` });
  const quantity = editor.getByLabel(`Line 1 — ${product!.name}: quantity ordered`);
  await expect(quantity).toBeFocused();
  await expect(quantity).toHaveAccessibleDescription('Must be at most 10');
  await quantity.fill('8');
  await editor.getByRole('button', { name: 'Save and retry' }).click();

  await expect(status).not.toContainText('needs attention', { timeout: 30_000 });
  await expect.poll(async () => (await simulator.snapshot()).purchaseOrders[externalId]?.length).toBe(1);
  const [order] = (await simulator.snapshot()).purchaseOrders[externalId]!;
  expect(order!.items).toEqual([{ product_id: product!.id, quantity_ordered: 8 }]);
});
