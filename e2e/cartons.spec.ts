/**
 * Cartons on the dock (issue #28): a GS1-128 carton label, typed by the wedge with its symbology identifier
 * and its FNC1 as Ctrl+], receives the label's count and keeps its lot in the line's notes; the carton's
 * GTIN-14 (indicator 1 around the product's EAN-13) receives the product's carton quantity. Each answer says
 * "1 carton = N". The demo data has carton quantities and EAN-13 barcodes (server/data/products.ts); the
 * carton codes are derived from them here, as GS1 derives them.
 */
import { expect, test } from './fixtures';
import { startSyncedDemo } from './support/journeys';
import { tableRows } from './support/pageData';
import { draftOf, expectReceivedNow } from './support/receiving';
import { scan } from './support/scanner';
import { gtinCheckDigit } from '../src/db/receiving/gtin';
import type { CachedPurchaseOrder, CachedPurchaseOrderItem } from '../src/db/schema';

/** A line of an On order order with room for two cartons, whose barcode is on no other line of it. */
async function cartonLine(page: Parameters<typeof tableRows>[0]) {
  const [orders, items] = await Promise.all([
    tableRows<CachedPurchaseOrder>(page, 'purchaseOrders'),
    tableRows<CachedPurchaseOrderItem>(page, 'purchaseOrderItems'),
  ]);
  for (const order of orders.filter((candidate) => candidate.status.name === 'OnOrder')) {
    const lines = items.filter((item) => item.po_id === order.id);
    const line = lines.find((item) => {
      const perCarton = Number(item.product.carton_quantity);
      const barcode = item.product.supplier_sku2;
      return (
        perCarton >= 2 &&
        item.quantity_received === 0 &&
        item.quantity_ordered >= 2 * perCarton &&
        /^\d{13}$/.test(barcode) &&
        lines.filter((other) => other.product.supplier_sku2 === barcode).length === 1
      );
    });
    if (line) return { order, line, perCarton: Number(line.product.carton_quantity) };
  }
  throw new Error('The demo data has no On order line with room for two cartons');
}

test('a GS1 carton label and a carton GTIN-14 each receive a carton, and say "1 carton = N"', async ({
  app,
}) => {
  const { page } = app;
  await startSyncedDemo(app);
  const { order, line, perCarton } = await cartonLine(page);
  const cartonGtin = `1${line.product.supplier_sku2.slice(0, 12)}`;
  const carton = `${cartonGtin}${gtinCheckDigit(cartonGtin)}`;

  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Outlet this PC receives for').selectOption({ label: order.outlet.name });
  await page.getByRole('link', { name: 'Receiving', exact: true }).click();
  await expect(page.getByText(`Open orders for ${order.outlet.name}`)).toBeVisible();
  await scan(page, String(order.id));
  await expect(page.getByRole('heading', { name: `Receive PO ${order.id}` })).toBeVisible();
  await expect(page.getByLabel('Scan or type a code')).toBeFocused();
  const answer = page.getByLabel('Scan result');

  // The label: GTIN, lot L7 ended by FNC1, then the count. Its count is what the carton holds.
  await scan(page, `]C101${carton}10L7\u001d30${perCarton}`);
  await expect(answer).toContainText(`+${perCarton} units`);
  await expect(answer).toContainText(`1 carton = ${perCarton}`);
  await expect(answer).toContainText('Lot L7');
  await expectReceivedNow(page, line.po_item_id, perCarton);

  // The carton's GTIN-14 alone: the product's carton quantity, one carton more.
  await scan(page, carton);
  await expect(answer).toContainText(`+${perCarton} units`);
  await expect(answer).toContainText(`1 carton = ${perCarton}`);
  await expect(answer).not.toContainText('Lot');
  await expectReceivedNow(page, line.po_item_id, 2 * perCarton);

  // The lot stays with the receipt: the line's notes, sent with the completed receipt.
  await expect
    .poll(async () => (await draftOf(page, order.id))?.lines[line.po_item_id])
    .toMatchObject({ received: 2 * perCarton, notes: 'Lot L7' });
});
