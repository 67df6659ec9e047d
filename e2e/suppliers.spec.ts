/**
 * The back office keeps a supplier up to date in Dockhand: found through the list (search by code, kept in
 * the URL across a reload), its phone and comments edited offline, pending at once, and sent exactly once
 * when the API returns (the simulator then holds exactly that change); payment terms the office changed on
 * the server meanwhile are a conflict named in words and resolved on the supplier's page; deleting it, which
 * its orders forbid, disables it instead; a supplier opened
 * by id offline is looked up once the API is back. A product's
 * supplier links: a bulk edit offline sent once, and a lead time changed on both sides resolved link by link.
 */
import type { ProductSupplier, Supplier } from '../src/api/resources';
import type { OpRecord } from '../src/db/ops';
import { expect, test } from './fixtures';
import { keepMineInConflict } from './support/conflict';
import { BackOffice } from './support/invoices';
import { startSyncedDemo } from './support/journeys';
import { tableRows } from './support/pageData';

/** The record without what the server sets on every write. */
const content = ({ modified_on: _modified, ...rest }: Supplier) => rest;

test('a supplier edited offline, then in conflict with the server', async ({ app }) => {
  const { page } = app;
  const simulator = await startSyncedDemo(app);
  const office = await BackOffice.of(page);
  const status = page.getByRole('status', { name: 'Sync status' });

  // The list: the suppliers the orders named, fetched by id; a search by code, kept in the URL.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Suppliers' }).click();
  await expect(page.getByText(/^\d+ suppliers?$/)).toBeVisible({ timeout: 60_000 });
  const cached = await tableRows<Supplier & { id: number }>(page, 'suppliers');
  const target = cached.find((supplier) => supplier.supplier_code && supplier.is_enabled)!;
  await page.getByRole('searchbox', { name: 'Search suppliers' }).fill(target.supplier_code!);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(target.supplier_code!)}`));
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search suppliers' })).toHaveValue(target.supplier_code!);
  await expect(page.getByText(/^1 supplier match, of \d+$/)).toBeVisible();

  // Keyboard: the only match opens with Enter.
  await page.getByRole('listbox', { name: 'Suppliers' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/suppliers/${target.id}$`));
  const before = await office.supplier(target.id);

  // Offline: the edit shows at once, pending, and waits.
  await simulator.setOffline(true);
  await page.getByRole('link', { name: 'Edit supplier' }).click();
  const form = page.getByRole('form', { name: 'Edit supplier' });
  await form.getByLabel('Phone').fill('03 9555 0100');
  await form.getByLabel('Comments').fill('Ring before 10 @ the depot');
  await form.getByRole('button', { name: 'Save supplier' }).click();
  // The comments rule, in words: the symbol to take out is named.
  await expect(
    form.getByText('Take out @: comments cannot contain this symbol.', { exact: true }),
  ).toBeVisible();
  await form.getByLabel('Comments').fill('Ring before 10, ask for the depot');
  await form.getByRole('button', { name: 'Save supplier' }).click();
  await expect(page).toHaveURL(new RegExp(`#/suppliers/${target.id}$`));
  await expect(page.getByText('Pending', { exact: true })).toBeVisible();
  await expect(page.getByText('03 9555 0100')).toBeVisible();
  await expect(status).toContainText('Offline', { timeout: 30_000 });

  await simulator.setOffline(false);
  await expect(page.getByText('Pending', { exact: true })).toHaveCount(0, { timeout: 60_000 });
  const edited = await office.supplier(target.id);
  // Exactly that change on the server: phone and comments, nothing else.
  expect(content(edited)).toEqual({
    ...content(before),
    phone: '03 9555 0100',
    comments: 'Ring before 10, ask for the depot',
  });
  expect(edited.modified_on).not.toBe(before.modified_on);
  const updates = (await tableRows<OpRecord>(page, 'outbox')).filter((op) => op.kind === 'updateSupplier');
  expect(updates.map((op) => [op.state, op.body])).toEqual([
    ['done', { phone: '03 9555 0100', comments: 'Ring before 10, ask for the depot' }],
  ]);

  // The office changes the payment terms on the server while they are being typed here.
  await page.getByRole('link', { name: 'Edit supplier' }).click();
  await form.getByLabel('Payment terms').fill('14 days');
  await office.updateSupplier(target.id, { payment_terms: '60 days' });
  await form.getByRole('button', { name: 'Save supplier' }).click();
  await keepMineInConflict(page, {
    label: 'Payment terms',
    key: 'payment_terms',
    mine: '14 days',
    theirs: '60 days',
  });
  await expect(page.getByText('Pending', { exact: true })).toHaveCount(0, { timeout: 60_000 });
  await expect.poll(async () => (await office.supplier(target.id)).payment_terms).toBe('14 days');
  await expect(page.getByText('14 days')).toBeVisible();

  // Delete: the orders that name it would make the server refuse, so the dialog says so and disables it.
  await page.getByRole('button', { name: 'Delete supplier…' }).click();
  const dialog = page.getByRole('dialog', { name: /cannot be deleted$/ });
  await expect(dialog).toContainText(/knows of \d+ purchase orders?/);
  await expect(dialog).toContainText('its orders would stay exactly as they are');
  await dialog.getByRole('button', { name: 'Disable instead' }).click();
  await expect(page.getByText('Disabled', { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await office.supplier(target.id)).is_enabled, { timeout: 60_000 })
    .toBe(false);
  expect((await office.supplier(target.id)).payment_terms).toBe('14 days');

  // Open supplier by id: asked offline, the lookup waits for the API; one the server lacks is said so.
  await page.getByRole('link', { name: 'Back to suppliers' }).click();
  await simulator.setOffline(true);
  const byId = page.getByRole('form', { name: 'Open supplier by id' });
  await byId.getByLabel('Open supplier by id').fill('98765');
  await byId.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(/#\/suppliers\/98765$/);
  await expect(
    page.getByText(/Supplier 98765 is not on this computer, and Dockhand is offline/),
  ).toBeVisible();
  await simulator.setOffline(false);
  await expect(page.getByText('The server has no supplier 98765.')).toBeVisible({ timeout: 60_000 });
});

test("a product's suppliers edited offline, then a lead time in conflict with the server", async ({
  app,
}) => {
  const { page } = app;
  const simulator = await startSyncedDemo(app);
  const office = await BackOffice.of(page);

  // A product whose supplier links the first sync's sweep brought, on its suppliers page.
  await expect
    .poll(async () => (await tableRows<ProductSupplier>(page, 'productSuppliers')).length, {
      timeout: 60_000,
    })
    .toBeGreaterThan(0);
  const [first] = await tableRows<ProductSupplier>(page, 'productSuppliers');
  const productId = first!.product_id;
  const code = first!.supplier_code;
  await page.evaluate((hash) => (location.hash = hash), `#/suppliers/products/${productId}`);
  const panel = page.getByRole('region', { name: 'Suppliers of this product' });
  await expect(panel.getByRole('rowheader', { name: new RegExp(`^${code}`) })).toBeVisible();

  // Offline: a bulk edit is pending at once, and sent once online with exactly that change.
  await simulator.setOffline(true);
  await panel.getByRole('button', { name: 'Edit suppliers' }).click();
  await panel.getByLabel(`Notes, ${code}`).fill('Cartons of 12 only');
  await panel.getByRole('button', { name: 'Save suppliers' }).click();
  await expect(panel.getByText('Pending', { exact: true })).toBeVisible();
  await expect(panel.getByRole('cell', { name: 'Cartons of 12 only' })).toBeVisible();
  await simulator.setOffline(false);
  await expect(panel.getByText('Pending', { exact: true })).toHaveCount(0, { timeout: 60_000 });
  const before = await office.productSuppliers(productId);
  expect(before.find((link) => link.supplier_code === code)?.notes).toBe('Cartons of 12 only');

  // The office changes the lead time while it is typed here: a conflict named by link and field.
  await panel.getByRole('button', { name: 'Edit suppliers' }).click();
  await panel.getByLabel(`Lead time (days), ${code}`).fill('9');
  await office.updateProductSuppliers(productId, [{ supplier_code: code, lead_time: 30 }]);
  await panel.getByRole('button', { name: 'Save suppliers' }).click();
  await keepMineInConflict(panel, { label: `Lead time (days), supplier ${code}` });
  await expect
    .poll(
      async () => (await office.productSuppliers(productId)).find((l) => l.supplier_code === code)?.lead_time,
      {
        timeout: 60_000,
      },
    )
    .toBe(9);
  // Only that link's lead time moved: every other link and field is as it was.
  expect(await office.productSuppliers(productId)).toEqual(
    before.map((link) => (link.supplier_code === code ? { ...link, lead_time: 9 } : link)),
  );
});
