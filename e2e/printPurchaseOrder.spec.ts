/**
 * A printable purchase order for the supplier (issue #29 part 3): from an order's page, "Print / Save as
 * PDF" opens its print view; rendered to PDF as printed (e2e/support/pdfText.ts) it reads back with the
 * header, the outlet's delivery address, every line's codes and the supplier's own code, and the total in
 * the order's currency, with nothing of the app around it. In the browser host the button is the browser's
 * print (counted here, as a headless browser has no dialog to answer). The desktop app's printer
 * settings are e2e/printSettings.electron.spec.ts. Browser project only (playwright.config.ts says why).
 */
import type { Outlet, ProductSupplier, Supplier } from '../src/api/resources';
import type { CachedPurchaseOrder, CachedPurchaseOrderItem } from '../src/db/schema';
import { expect, test } from './fixtures';
import { startSyncedDemo } from './support/journeys';
import { tableRows } from './support/pageData';
import { printedText } from './support/pdfText';

test('a purchase order prints for its supplier: header, delivery address, codes, supplier codes, totals', async ({
  app,
}) => {
  const { page } = app;
  await startSyncedDemo(app);

  // An open order of several lines at a cached outlet, with the supplier's own code for at least one of them
  // (the cache holds the product-supplier links of some products only).
  const read = async () => {
    const [orders, items, outlets, suppliers, links] = await Promise.all([
      tableRows<CachedPurchaseOrder>(page, 'purchaseOrders'),
      tableRows<CachedPurchaseOrderItem>(page, 'purchaseOrderItems'),
      tableRows<Outlet & { id: number }>(page, 'outlets'),
      tableRows<Supplier & { id: number }>(page, 'suppliers'),
      tableRows<ProductSupplier>(page, 'productSuppliers'),
    ]);
    const codeOf = (order: CachedPurchaseOrder, productId: number) => {
      const supplierCode = suppliers.find((s) => s.id === order.supplier.id)?.supplier_code;
      return links.find((l) => l.product_id === productId && l.supplier_code === supplierCode)?.supplier_sku2;
    };
    const linesOf = (order: CachedPurchaseOrder) => items.filter((item) => item.po_id === order.id);
    const order = orders.find((candidate) => {
      const lines = linesOf(candidate);
      return (
        candidate.status.name === 'OnOrder' &&
        lines.length >= 2 &&
        outlets.some((outlet) => outlet.id === candidate.outlet.id) &&
        lines.some((line) => codeOf(candidate, line.product.id))
      );
    });
    const counts = [orders, items, outlets, suppliers, links].map((rows) => rows.length).join('/');
    return { order, outlets, codeOf, linesOf, counts };
  };
  let found = await read();
  await expect
    .poll(async () => ((found = await read()), found.order ? 'found' : found.counts), {
      message: 'an order with a supplier’s code on a line (orders/items/outlets/suppliers/links)',
      timeout: 60_000,
    })
    .toBe('found');
  const { order, outlets, codeOf, linesOf } = found;
  const outlet = outlets.find((o) => o.id === order!.outlet.id)!;

  await page.evaluate((hash) => (location.hash = hash), `#/purchase-orders/${order!.id}`);
  await page.getByRole('link', { name: 'Print / Save as PDF' }).click();
  await expect(page.getByRole('heading', { name: 'Purchase order', exact: true })).toBeVisible();
  // Money reads with a no-break space between code and figure; the PDF's text with plain spaces.
  const total = (await page.getByTestId('po-total').textContent())!.replace(/\s+/g, ' ').trim();

  const { text, pages } = await printedText(page);
  const printed = text.replace(/\s+/g, ' ');
  expect(pages).toBeGreaterThanOrEqual(1);
  expect(printed).toContain('Purchase order');
  expect(printed).toContain(`PO ${order!.id}`);
  expect(printed).toContain(order!.supplier.name);
  // The outlet's delivery address, as an envelope reads it.
  expect(printed).toContain('Deliver to');
  expect(printed).toContain(outlet.address.address_line1!);
  expect(printed).toContain(`${outlet.address.suburb} ${outlet.address.state} ${outlet.address.postcode}`);
  for (const line of linesOf(order!)) {
    expect(printed).toContain(line.product.supplier_sku);
    const code = codeOf(order!, line.product.id);
    if (code) expect(printed).toContain(code);
  }
  // The total in the order's currency, the sum of the lines' totals.
  const currency = order!.fob_currency.currency_code;
  expect(printed).toContain(`Total (${currency}) ${total}`);
  expect(printed.split('Subtotal ex tax')).toHaveLength(2);
  const sum = linesOf(order!).reduce(
    (cents, line) => cents + Math.round(line.total_supplier_buy_ex * 100),
    0,
  );
  expect(Number(total.replace(/[^\d.]/g, ''))).toBeCloseTo(sum / 100, 2);
  // Nothing of the app is on paper: not the navigation, not the print button.
  expect(printed).not.toContain('Sync centre');
  expect(printed).not.toContain('Print / Save as PDF');

  await page.evaluate(() => {
    const counted = window as unknown as { printed: number };
    counted.printed = 0;
    window.print = () => void counted.printed++;
  });
  await page.getByRole('button', { name: 'Print / Save as PDF' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
});
