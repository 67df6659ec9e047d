/**
 * Products, from the cache (the API has no product list): found by words of the description and by the
 * beginning of a code, the search kept in the URL across a reload; the product's page with its stock per
 * outlet, suppliers and the orders that order it; and a barcode scanned anywhere outside a form opens the
 * product, while a code no product has says so.
 */
import type { Product } from '../src/api/resources';
import type { CachedPurchaseOrderItem } from '../src/db/schema';
import { expect, test } from './fixtures';
import { scan, startSyncedDemo } from './support/journeys';
import { tableRows } from './support/pageData';

test('find a product by words and by code, read its page, and open one by scanning', async ({ app }) => {
  const { page } = app;
  await startSyncedDemo(app);
  const products = await tableRows<Product>(page, 'products');
  const lines = await tableRows<CachedPurchaseOrderItem>(page, 'purchaseOrderItems');
  // A product some order orders, with a description of two words or more and a barcode.
  const target = products.find(
    (product) =>
      product.supplier_sku2 &&
      product.short_description.split(/\s+/).length >= 2 &&
      lines.some((line) => line.product.id === product.id),
  )!;
  const words = target.short_description
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
  await expect(page.getByText(`${products.length.toLocaleString()} products on this computer`)).toBeVisible();

  // Two words of the description, the second cut short, in the other order.
  const search = page.getByRole('searchbox', { name: 'Find products' });
  await search.fill(`${words[1]!.slice(0, 3)} ${words[0]}`);
  const list = page.getByRole('listbox', { name: 'Products' });
  await expect(list.getByText(target.short_description, { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/#\/products\?q=/);
  await page.reload();
  await expect(search).toHaveValue(`${words[1]!.slice(0, 3)} ${words[0]}`);
  await expect(list.getByText(target.short_description, { exact: true }).first()).toBeVisible();

  // The beginning of the supplier SKU finds it too; Enter on the list opens the first match.
  await search.fill(target.supplier_sku);
  await expect(page.getByText(/^\d+ products? match, of [\d,]+$/)).toBeVisible();
  await list.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/products/${target.id}$`));
  await expect(page.getByRole('heading', { name: target.short_description, level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Stock per outlet' })).toBeVisible();
  const orders = [
    ...new Set(lines.filter((line) => line.product.id === target.id).map((line) => line.po_id)),
  ];
  const ordersTable = page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: 'Ordered' }) });
  await expect(ordersTable.getByRole('rowheader')).toHaveCount(
    lines.filter((line) => line.product.id === target.id).length,
  );
  await expect(ordersTable.getByRole('link', { name: `PO ${orders[0]}` }).first()).toBeVisible();

  // Anywhere outside a form, a scan opens the product: from the sync centre, focus on no field.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sync centre' }).click();
  await page.getByRole('heading', { name: 'Sync centre' }).click();
  await scan(page, target.supplier_sku2);
  await expect(page).toHaveURL(new RegExp(`#/products/${target.id}$`));

  // An unknown code says so and goes nowhere.
  await scan(page, '9399999999992');
  await expect(page.getByText('No product on this computer has the code 9399999999992.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#/products/${target.id}$`));

  // In a field, the keys are the field's: typing a barcode into the search does not open anything.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
  await search.click();
  await scan(page, target.supplier_sku2);
  await expect(search).toHaveValue(target.supplier_sku2);
  await expect(page).toHaveURL(/#\/products\?q=/);
});
