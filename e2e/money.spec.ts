/**
 * Money by one rule against the demo (issue 26): the business's outlets trade in its own currency, and a
 * supplier's orders in the supplier's. A foreign supplier's order, its page and a new order to it name the
 * currency's code on every figure, never a bare "$"; the new order says it is raised in the supplier's
 * currency and the server keeps it so once it syncs. An order in the business's own currency reads plainly.
 */
import type { CachedPurchaseOrder } from '../src/db/schema';
import type { Outlet, Product } from '../src/api/resources';
import { expect, test } from './fixtures';
import { queuedOrder, startSyncedDemo } from './support/journeys';
import { tableRows } from './support/pageData';

const figure = (code: string) => new RegExp(`${code}\\s[\\d,]+\\.\\d{2}`);

test('a foreign supplier’s figures name its currency, and a new order to it is raised in it', async ({
  app,
}) => {
  const { page } = app;
  await startSyncedDemo(app);

  await expect.poll(async () => (await tableRows<Outlet>(page, 'outlets')).length).toBeGreaterThan(0);
  const own = (await tableRows<Outlet>(page, 'outlets'))[0]!.fob_currency.currency_code;
  const orders = await tableRows<CachedPurchaseOrder>(page, 'purchaseOrders');
  const foreign = orders.find(
    (order) => order.fob_currency.currency_code !== own && order.total_supplier_buy_ex,
  )!;
  expect(foreign, `an order in a currency other than ${own}`).toBeDefined();
  const { currency_code: code, currency_name: name } = foreign.fob_currency;

  // The order: its currency among its facts, and every figure with its code.
  await page.evaluate((hash) => (location.hash = hash), `#/purchase-orders/${foreign.id}`);
  await expect(page.getByRole('heading', { name: `PO ${foreign.id}` })).toBeVisible();
  await expect(page.getByText(`${name} (${code})`)).toBeVisible();
  const items = page.getByRole('table').first();
  await expect(items.getByRole('cell', { name: figure(code) }).first()).toBeVisible();
  await expect(items).not.toContainText(/(^|[^A-Z])\$\d/);

  // An order in the business's own currency reads plainly, with its symbol and no code.
  const home = orders.find(
    (order) => order.fob_currency.currency_code === own && order.total_supplier_buy_ex,
  )!;
  await page.evaluate((hash) => (location.hash = hash), `#/purchase-orders/${home.id}`);
  await expect(page.getByRole('heading', { name: `PO ${home.id}` })).toBeVisible();
  await expect(
    page
      .getByRole('table')
      .first()
      .getByRole('cell', { name: /^\$[\d,]+\.\d{2}$/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('table').first()).not.toContainText(`${own} `);

  // The supplier's page: its currency, and its orders in it.
  await page.evaluate((hash) => (location.hash = hash), `#/suppliers/${foreign.supplier.id}`);
  await expect(page.getByText(`${name} (${code}), the currency of its orders`)).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('cell', { name: figure(code) }).first()).toBeVisible();

  // A new order to that supplier is raised in its currency, and said so before it is created.
  await page.evaluate((hash) => (location.hash = hash), '#/purchase-orders/new');
  await expect(page.getByRole('heading', { name: 'New purchase order' })).toBeVisible();
  const supplierChoice = page.getByRole('combobox', { name: 'Supplier' });
  const label = await supplierChoice.locator(`option[value="${foreign.supplier.id}"]`).textContent();
  await supplierChoice.selectOption({ label: label! });
  await page.getByRole('combobox', { name: 'Outlet' }).selectOption({ index: 1 });
  await expect(
    page.getByText(`Raised in ${name} (${code}), the currency of this supplier’s orders.`),
  ).toBeVisible();
  await page.getByLabel('ETA').fill(new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10));
  const products = await tableRows<Product>(page, 'products');
  const theirs = products.find((row) => row.supplier.id === foreign.supplier.id && row.supplier_sku2)!;
  await page.getByLabel('Scan barcode').fill(theirs.supplier_sku2!);
  await page.getByLabel('Scan barcode').press('Enter');
  await expect(page.getByRole('table', { name: 'Lines' }).getByRole('row').last()).toContainText(
    figure(code),
  );
  await page.getByRole('button', { name: 'Create purchase order' }).click();

  const { externalId } = await queuedOrder(page);

  // Synced, the server's order is in the supplier's currency.
  await expect(page.getByText('Pending', { exact: true })).toHaveCount(0, { timeout: 60_000 });
  await expect
    .poll(async () =>
      (await tableRows<CachedPurchaseOrder>(page, 'purchaseOrders'))
        .filter((order) => order.external_purchase_order_id === externalId && order.id > 0)
        .map((order) => order.fob_currency.currency_code),
    )
    .toEqual([code]);
});
