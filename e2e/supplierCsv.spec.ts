/**
 * A supplier's CSV into a draft PO (issue #29, docs/supplier-csv.md): a buyer opens "Order from a CSV" from
 * the PO list, chooses the supplier, pastes an order form (quoted text with a comma, a price left empty),
 * checks the guessed columns, sees two rows ready and three refused with their reasons (another supplier's
 * product, an unknown code, the same product twice), and creates the draft, offline. It opens as the new
 * order. A second file for the same supplier goes on that draft while it still waits to be sent (its product
 * already there: the quantities add up), and after the sync exactly one order with those two lines is on the
 * simulator.
 */
import { expect, test } from './fixtures';
import { goOffline, queuedOrder, startSyncedDemo } from './support/journeys';
import { tableRows } from './support/pageData';
import type { Product, ProductSupplier } from '../src/api/resources';

/** Products whose supplier SKU no other product uses as any code: each row then names one product. */
function uniqueSkus(products: readonly Product[]): Product[] {
  const uses = new Map<string, number>();
  for (const product of products)
    for (const code of [product.supplier_sku, product.supplier_sku2, product.manufacturer_sku])
      if (code) uses.set(code.toUpperCase(), (uses.get(code.toUpperCase()) ?? 0) + 1);
  return products.filter(
    (product) =>
      !product.disabled && product.supplier_sku && uses.get(product.supplier_sku.toUpperCase()) === 1,
  );
}

test('a pasted supplier CSV becomes one draft PO with the matched rows, the refused ones saying why', async ({
  app,
}) => {
  const { page } = app;
  const simulator = await startSyncedDemo(app);
  const products = uniqueSkus(await tableRows<Product>(page, 'products'));
  const links = await tableRows<ProductSupplier>(page, 'productSuppliers');
  const bySupplier = new Map<number, Product[]>();
  for (const product of products)
    bySupplier.set(product.supplier.id, [...(bySupplier.get(product.supplier.id) ?? []), product]);
  const [supplierId, own] = [...bySupplier].find(
    ([, list]) => list.length >= 2 && list[0]!.supplier.is_enabled,
  )!;
  const code = own[0]!.supplier.supplier_code;
  const other = products.find(
    (product) =>
      product.supplier.id !== supplierId &&
      !links.some((link) => link.product_id === product.id && link.supplier_code === code),
  )!;
  const [first, second] = own;
  const csv = [
    'SKU,Description,Qty,Price',
    `${first!.supplier_sku},"${first!.short_description.replaceAll('"', '""')}, as listed",3,`,
    `${second!.supplier_sku},Second,5,12.50`,
    `${other.supplier_sku},Not theirs,1,`,
    'NOPE-404,Mystery,1,1.00',
    `${first!.supplier_sku},Again,2,`,
  ].join('\r\n');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Purchase orders' }).click();
  await page.getByRole('link', { name: 'Order from a CSV' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Order from a supplier’s CSV' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Supplier' }).selectOption(String(supplierId));
  await expect(page).toHaveURL(new RegExp(`from-csv\\?supplier=${supplierId}$`));
  const paste = page.getByLabel('Paste the CSV');
  await paste.fill(csv);
  await paste.press('Control+Enter');

  // The columns are guessed from the headings, and the rows heading takes the keyboard.
  await expect(page.getByRole('heading', { level: 3, name: '4. Rows' })).toBeFocused();
  await expect(page.getByRole('combobox', { name: 'Code (barcode, SKU or product code)' })).toHaveValue('0');
  await expect(page.getByRole('combobox', { name: 'Quantity' })).toHaveValue('2');
  await expect(page.getByRole('combobox', { name: 'Price (optional)' })).toHaveValue('3');
  await expect(page.getByText('2 rows ready, 3 refused')).toBeVisible();

  await page.getByRole('radio', { name: 'Refused rows' }).check();
  const rows = page.getByRole('listbox', { name: 'Rows of the file' });
  await expect(rows.locator('[data-reason]')).toHaveCount(3);
  await expect(rows.locator('[data-row="4"]')).toContainText('is bought from');
  await expect(rows.locator('[data-row="5"]')).toContainText('No product with code NOPE-404 on this PC');
  await expect(rows.locator('[data-row="6"]')).toContainText('is already on row 2');

  // Offline, so the draft waits on this PC for the second file.
  await goOffline(page, simulator);
  const outlet = page.getByRole('combobox', { name: 'Deliver to outlet' });
  if ((await outlet.inputValue()) === '') await outlet.selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Create draft PO with 2 lines' }).click();
  await expect(page).toHaveURL(/#\/purchase-orders\/-?\d+$/);
  const { externalId } = await queuedOrder(page);

  await page.goBack();
  await paste.fill(['SKU,Description,Qty,Price', `${second!.supplier_sku},Second,2,`].join('\r\n'));
  await paste.press('Control+Enter');
  await expect(page.getByText('1 row ready')).toBeVisible();
  await page.getByRole('radio', { name: /waiting to be sent/ }).check();
  // The waiting draft keeps its own outlet and ETA.
  await expect(outlet).toHaveCount(0);
  await page.getByRole('button', { name: 'Add 1 line to the waiting draft' }).click();
  await expect(page).toHaveURL(/#\/purchase-orders\/-?\d+$/);

  await simulator.setOffline(false);
  const status = page.getByRole('status', { name: 'Sync status' });
  await expect(status).toContainText(' 0 pending', { timeout: 60_000 });
  const landed = (await simulator.snapshot()).purchaseOrders[externalId];
  expect(landed).toHaveLength(1);
  expect(landed![0]!.items).toEqual([
    { product_id: first!.id, quantity_ordered: 3 },
    { product_id: second!.id, quantity_ordered: 7 },
  ]);
});
