/**
 * The receiving report (issue #28 parts 2 and 4): a delivery with a short, an over and a faulty line shows
 * its discrepancies in Complete receipt before anything is queued; the short line is marked not coming; after
 * saving, the report page is rendered to PDF as printed and read back (receipt number, PO, supplier, docket,
 * this PC, the lines and their figures, what is still on order and what is not coming, signatures). The
 * invoice reaching the simulator carries the not-coming note, and the faulty unit, sent offline to an open
 * return of the supplier opened by its number, reaches the simulator as exactly one return item.
 */
import type { OpRecord } from '../src/db/ops';
import { expect, test } from './fixtures';
import { BackOffice } from './support/invoices';
import { goOffline, startSyncedDemo } from './support/journeys';
import { tableRows } from './support/pageData';
import { printedText } from './support/pdfText';
import { expectReceivedNow, orderToReceive } from './support/receiving';
import { scan } from './support/scanner';

/** Until the op is sent: its state in the outbox. */
const opState = async (page: Parameters<typeof tableRows>[0], id: string) =>
  (await tableRows<OpRecord>(page, 'outbox')).find((op) => op.id === id)?.state;

test('the report before saving, printed after, and faulty units to a return once', async ({ app }) => {
  test.setTimeout(300_000);
  const { page } = app;
  const simulator = await startSyncedDemo(app);
  const office = await BackOffice.of(page);

  // An open return for each supplier that has one (the small demo's 40 returns), then an order of one of them.
  const openReturn = new Map<number, number>();
  for (let id = 400_001; id <= 400_040; id++) {
    const found = await office.supplierReturn(id);
    if (found.supplier_return_status.name !== 'Finalised') openReturn.set(found.supplier.id, id);
  }
  const { order, lines } = await orderToReceive(page, (candidate) => openReturn.has(candidate.supplier.id));
  const returnId = openReturn.get(order.supplier.id)!;
  const itemsBefore = await office.supplierReturnItems(returnId);
  const [short, over, faulty] = lines as [(typeof lines)[0], (typeof lines)[0], (typeof lines)[0]];

  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Outlet this PC receives for').selectOption({ label: order.outlet.name });
  await page.getByRole('link', { name: 'Receiving', exact: true }).click();
  await scan(page, String(order.id));
  await expect(page.getByRole('heading', { name: `Receive PO ${order.id}` })).toBeVisible();
  await expect(page.getByLabel('Scan or type a code')).toBeFocused();

  // One unit of the first line; one more than ordered of the second (after a yes); all of the third.
  await scan(page, short.product.supplier_sku2);
  await expectReceivedNow(page, short.po_item_id, 1);
  await page.keyboard.type(`${over.quantity_ordered + 1}x`, { delay: 120 });
  await scan(page, over.product.supplier_sku2);
  await page
    .getByRole('dialog', { name: 'More than ordered?' })
    .getByRole('button', { name: 'Add them' })
    .click();
  await expectReceivedNow(page, over.po_item_id, over.quantity_ordered + 1);
  await page.keyboard.type(`${faulty.quantity_ordered}x`, { delay: 120 });
  await scan(page, faulty.product.supplier_sku2);
  await expectReceivedNow(page, faulty.po_item_id, faulty.quantity_ordered);
  await page.getByRole('listbox', { name: /Lines to receive/ }).focus();
  await page.keyboard.press('Enter');
  const editor = page.getByRole('form', { name: /Edit line/ });
  await editor.getByLabel('Faulty').fill('1');
  await editor.getByLabel('Faulty').press('Enter');
  await expect(editor).toBeHidden();

  // Before saving: each wrong line in words, and the short one marked not coming.
  const docket = `RPT-${order.id}-${Date.now() % 100_000}`;
  const expected = (line: typeof short) => line.quantity_ordered - (line.quantity_cancelled ?? 0);
  const shortBy = expected(short) - 1;
  await page.getByRole('button', { name: 'Complete receipt…' }).click();
  await page.getByLabel('Invoice number (from the docket)').fill(docket);
  const review = page.getByRole('region', { name: 'Short, over or faulty' });
  await expect(review).toContainText(`1 of ${expected(short)} came · ${shortBy} short – still on order`);
  await expect(review).toContainText('1 over what was ordered');
  await expect(review).toContainText(`${faulty.quantity_ordered} of ${expected(faulty)} came · 1 faulty`);
  const name = short.product.short_description;
  await review
    .getByRole('combobox', { name: `What happens to the ${shortBy} short of ${name}` })
    .selectOption('Not coming');
  const sku = short.product.supplier_sku ? ` (${short.product.supplier_sku})` : '';
  const note = `Not coming (supplier will not send the rest): ${shortBy} × ${name}${sku}`;
  await expect(review).toContainText(`The invoice’s notes will say: ${note}`);
  await page.getByRole('button', { name: 'Save receipt' }).click();

  // After saving: the report page; the invoice reaches the simulator with the note.
  await expect(
    page.getByRole('heading', { name: `Receiving report: PO ${order.id}, docket ${docket}` }),
  ).toBeVisible();
  const queued = (await tableRows<OpRecord>(page, 'outbox')).find(
    (op) => op.kind === 'createSupplierInvoice',
  )!;
  await expect.poll(() => opState(page, queued.id), { timeout: 60_000 }).toBe('done');
  const invoiceId = (await simulator.snapshot()).invoices[docket]![0]!;
  const invoice = await office.invoice(invoiceId);
  expect(invoice.notes).toBe(`${note}.`);
  const receiptId = invoice.purchase_order_receipts[0]!.id;
  await expect(page.getByTestId('receipt')).toHaveText(String(receiptId));

  // Printed: the report and nothing of the app around it. The order's untouched lines are short too (still
  // on order), so a long order runs over several A4 pages.
  const printed = await printedText(page);
  const text = printed.text.replace(/\s+/g, ' ');
  expect(printed.pages).toBeGreaterThanOrEqual(1);
  for (const fact of [
    'Delivery discrepancy report',
    'Receipt',
    String(receiptId),
    `PO ${order.id}`,
    order.supplier.name,
    docket,
    `${order.outlet.name} receiving PC`,
    'units still on order',
    `${shortBy} units noted as not coming`,
    `On the invoice notes: ${note}.`,
    'Received by (name and signature)',
    'Driver or carrier (signature)',
    'Checked by the office (name and date)',
  ])
    expect(text).toContain(fact);
  // Each line's figures, in column order (a cell left empty prints nothing): ordered, this delivery, then
  // short, over or faulty, then still on order. Names and SKUs wrap inside their cells, so they are not read.
  expect(text).toContain(`${short.quantity_ordered} 1 ${shortBy} 0`);
  expect(text).toContain(`${over.quantity_ordered} ${over.quantity_ordered + 1} 1 0`);
  expect(text).toContain(`${faulty.quantity_ordered} ${faulty.quantity_ordered} 1 0`);
  expect(text).toContain('1 line over (1 unit), 1 faulty unit.');
  for (const screenOnly of ['Print report', 'Faulty units to a return', 'Back to orders to receive'])
    expect(text).not.toContain(screenOnly);
  // The button prints through the one print path: the browser's print in this host.
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  await page.getByRole('button', { name: 'Print report' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');

  // Faulty units to a return: the return opened by its number (looked up online), then sent offline.
  const toReturn = page.getByRole('region', { name: 'Faulty units to a return' });
  await toReturn.getByLabel('Or open a return by its number').fill(String(returnId));
  await toReturn.getByRole('button', { name: 'Open' }).click();
  await expect(toReturn.getByLabel('Return', { exact: true })).toHaveValue(String(returnId), {
    timeout: 60_000,
  });
  const reasons = (await tableRows<{ id: number; name: string; deleted: boolean }>(page, 'returnReasons'))
    .filter((reason) => !reason.deleted)
    .sort((a, b) => a.name.localeCompare(b.name));
  await goOffline(page, simulator);
  await toReturn.getByLabel('Reason').selectOption({ label: reasons[0]!.name });
  await toReturn.getByRole('button', { name: `Add 1 faulty unit to return ${returnId}` }).click();
  await expect(toReturn).toContainText(`1 faulty unit went to return ${returnId}`);
  const sent = (await tableRows<OpRecord>(page, 'outbox')).filter(
    (op) => op.kind === 'createSupplierReturnItem',
  );
  expect(sent).toHaveLength(1);

  await simulator.setOffline(false);
  await expect.poll(() => opState(page, sent[0]!.id), { timeout: 60_000 }).toBe('done');
  const added = (await office.supplierReturnItems(returnId)).filter(
    (item) => !itemsBefore.some((before) => before.id === item.id),
  );
  expect(added).toHaveLength(1);
  expect(added[0]).toMatchObject({
    product: { id: faulty.product.id },
    supplier_return_reason: { id: reasons[0]!.id },
    return_quantity: 1,
    original_buy_ex: faulty.supplier_buy_ex ?? faulty.product.supplier_buy_ex,
    original_supplier_invoice: docket,
  });
});
