/**
 * The reason Dockhand exists: with the network down, a purchase order raised by scanning two cartons is
 * shown at once as pending, and lands on the server exactly once, with those lines, when it comes back.
 * The network is taken down as a newcomer trying the demo would: the status bar's "Simulate network down"
 * switch (issue #26; electron/core/demoNetwork/networkSwitch.ts), which the status bar answers with Offline
 * at once.
 * The cartons are scanned on a slow PC (CPU throttled 4×), and a scan the PC stalls half-way is refused
 * rather than read as a shorter, wrong code.
 */
import { expect, test } from './fixtures';
import { fillOrderHeader, queuedOrder, startSyncedDemo, twoBarcodes } from './support/journeys';
import { scan, throttleCpu } from './support/scanner';

const INTERRUPTED = 'The scan was interrupted because the computer was busy — scan again.';

test('a purchase order raised offline by scanning syncs exactly once when the network is back', async ({
  app,
}) => {
  const { page } = app;
  const simulator = await startSyncedDemo(app);
  const [first, second] = await twoBarcodes(page);

  const status = page.getByRole('status', { name: 'Sync status' });
  const networkDown = page.getByRole('switch', { name: 'Simulate network down' });
  await expect(networkDown).not.toBeChecked();
  await networkDown.click();
  await expect(networkDown).toBeChecked();
  await expect(status).toContainText('Offline');
  await page.getByRole('link', { name: 'New purchase order' }).click();
  await expect(page.getByRole('heading', { name: 'New purchase order' })).toBeVisible();
  await fillOrderHeader(page);
  await throttleCpu(page, 4);

  await page.getByLabel('Scan barcode').focus();
  await scan(page, first!.barcode);
  const firstQuantity = page.getByLabel(`Quantity for ${first!.name}`);
  await expect(firstQuantity).toHaveValue('1');

  // The second carton is scanned while the cursor sits in the first line's quantity: the scan must not be
  // typed into it.
  await firstQuantity.focus();
  await scan(page, second!.barcode);
  await expect(page.getByLabel(`Quantity for ${second!.name}`)).toHaveValue('1');
  await expect(firstQuantity).toHaveValue('1');

  // The PC stalls the scanner for 300 ms after six characters: the first part goes quiet and is typed into
  // the quantity, the rest would be a shorter code. It is refused, and the typed part taken back out.
  await scan(page, second!.barcode, { breakAfter: 6, pauseMs: 300 });
  await expect(page.getByText(INTERRUPTED)).toBeVisible();
  await expect(firstQuantity).toHaveValue('1');
  await expect(page.getByLabel(`Quantity for ${second!.name}`)).toHaveValue('1');
  await expect(page.getByLabel(/^Quantity for /)).toHaveCount(2);
  await throttleCpu(page, 1);

  await page.getByRole('button', { name: 'Create purchase order' }).click();
  await expect(page.getByText('Pending', { exact: true }).first()).toBeVisible();
  const { externalId } = await queuedOrder(page);
  await expect(status).toContainText('1 pending');
  await expect(status).toContainText('Offline');
  expect((await simulator.snapshot()).purchaseOrders[externalId]).toBeUndefined();

  await networkDown.click();
  await expect(networkDown).not.toBeChecked();
  await expect(status).toContainText('Online', { timeout: 60_000 });
  await expect(page.getByText('Pending', { exact: true })).toHaveCount(0, { timeout: 60_000 });

  const landed = (await simulator.snapshot()).purchaseOrders[externalId];
  expect(landed).toHaveLength(1);
  expect(landed![0]!.items.map((item) => [item.product_id, item.quantity_ordered]).sort()).toEqual(
    [
      [first!.id, 1],
      [second!.id, 1],
    ].sort(),
  );
});
