/**
 * Reorder suggestions (issue #29): a buyer with the network down opens the outlet's suggestions, changes one
 * quantity and raises the first supplier's group as a draft PO in one step. The group leaves the list at once
 * (its lines now count as on order), and when the network is back exactly one order lands on the simulator,
 * with the group's lines at the quantities the buyer settled on.
 */
import { expect, test } from './fixtures';
import { queuedOrder, startSyncedDemo } from './support/journeys';

test('suggestions become one draft purchase order, raised offline, with the adjusted quantity', async ({
  app,
}) => {
  const { page } = app;
  const simulator = await startSyncedDemo(app);
  const status = page.getByRole('status', { name: 'Sync status' });
  const networkDown = page.getByRole('switch', { name: 'Simulate network down' });
  await networkDown.click();
  await expect(status).toContainText('Offline');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reorder' }).click();
  await expect(page.getByRole('heading', { name: 'Reorder suggestions' })).toBeVisible();
  const outlet = page.getByRole('combobox', { name: 'Outlet' });
  // The first outlet with anything below its minimum (the demo's data decides which).
  const outlets = await outlet.locator('option:not([value=""])').count();
  let summary = page.locator('.summary');
  for (let index = 1; index <= outlets; index++) {
    const [value] = await outlet.selectOption({ index });
    summary = page.locator(`.summary[data-outlet="${value}"]`);
    await expect(summary).toContainText('The minimum is known for');
    if (!(await summary.textContent())?.trim().startsWith('Nothing')) break;
  }
  await expect(summary).toContainText(/below (its|their) minimum/);

  const group = page.locator('section.group').first();
  const supplier = (await group.getByRole('heading', { level: 3 }).textContent())!.trim();
  const rows = group.locator('[data-product-id]');
  const lines = await rows.evaluateAll((elements) =>
    elements.map((element) => ({
      id: Number(element.getAttribute('data-product-id')),
      quantity: Number(element.querySelector<HTMLInputElement>('[aria-label^="Quantity for"]')!.value),
    })),
  );
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(line.quantity).toBeGreaterThan(0);
  // The buyer orders one more of the first product than suggested.
  lines[0]!.quantity += 1;
  await rows
    .first()
    .getByRole('spinbutton', { name: /^Quantity for / })
    .fill(String(lines[0]!.quantity));
  const eta = group.getByLabel('ETA');
  if ((await eta.inputValue()) === '')
    await eta.fill(new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10));

  await group.getByRole('button', { name: `Raise draft PO for ${supplier}` }).click();
  await expect(page.getByText(`Draft purchase order raised for ${supplier}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: supplier, exact: true })).toHaveCount(0);
  const { externalId } = await queuedOrder(page);
  await expect(status).toContainText('1 pending');

  await networkDown.click();
  await expect(status).toContainText('Online', { timeout: 60_000 });
  await expect(status).toContainText(' 0 pending', { timeout: 60_000 });
  const landed = (await simulator.snapshot()).purchaseOrders[externalId];
  expect(landed).toHaveLength(1);
  expect(landed![0]!.status).toBe('Incomplete');
  const byId = (a: { product_id: number }, b: { product_id: number }) => a.product_id - b.product_id;
  expect(landed![0]!.items.sort(byId)).toEqual(
    lines.map((line) => ({ product_id: line.id, quantity_ordered: line.quantity })).sort(byId),
  );
});
