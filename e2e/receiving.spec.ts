/**
 * Receiving on the dock with no network, on a slow PC (CPU throttled 4×, `DOCKHAND_E2E_CPU_THROTTLE` to
 * change it): a three-line order received by scanning — one line partly, one over-received after a
 * confirmation, one with faulty units and a bin — with every wrong scan answered and nothing applied, a
 * reload in the middle that loses nothing, and the receipt completed into a queued supplier invoice. Back
 * online, the simulator holds exactly that invoice with those receipt lines, and the order's quantities and
 * status have moved.
 */
import { expect, test } from './fixtures';
import { startSyncedDemo } from './support/journeys';
import { tableRows } from './support/pageData';
import { draftOf, expectReceivedNow, orderToReceive } from './support/receiving';
import { scan, throttleCpu } from './support/scanner';
import type { OpRecord } from '../src/db/ops';

const CPU_RATE = Number(process.env['DOCKHAND_E2E_CPU_THROTTLE'] ?? 4);

test('an order received offline by scanning lands as exactly one supplier invoice', async ({ app }) => {
  // A first sync, a throttled delivery with a reload, and a sync back: more than the default budget.
  test.setTimeout(300_000);
  const { page } = app;
  const simulator = await startSyncedDemo(app);
  const { order, lines } = await orderToReceive(page);
  const [partial, over, faulty] = lines as [(typeof lines)[0], (typeof lines)[0], (typeof lines)[0]];

  // This PC receives for the order's outlet (chosen once in Settings).
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Outlet this PC receives for').selectOption({ label: order.outlet.name });
  await simulator.setOffline(true);
  await page.getByRole('link', { name: 'Receiving', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Receiving' })).toBeVisible();
  await expect(page.getByText(`Open orders for ${order.outlet.name}`)).toBeVisible();
  await throttleCpu(page, CPU_RATE);

  // Scanning the PO number opens it.
  const scanField = page.getByLabel('Scan a PO number or a product');
  await expect(scanField).toBeFocused();
  await scan(page, String(order.id));
  await expect(page.getByRole('heading', { name: `Receive PO ${order.id}` })).toBeVisible();
  const field = page.getByLabel('Scan or type a code');
  await expect(field).toBeFocused();
  const answer = page.getByLabel('Scan result');

  // Wrong cases: answered at once, and no line changes.
  await scan(page, '2999999999991');
  await expect(answer).toContainText('Unknown code 2999999999991');
  await scan(page, partial.product.supplier_sku2, { breakAfter: 5, pauseMs: 300 });
  await expect(answer).toContainText('interrupted');
  await expectReceivedNow(page, partial.po_item_id, 0);

  // One line partly: a single unit.
  await scan(page, partial.product.supplier_sku2);
  await expect(answer).toContainText('Added');
  await expectReceivedNow(page, partial.po_item_id, 1);

  // One line over-received: the remaining quantity plus one, typed before the scan (with its x), after a yes.
  const overUnits = over.quantity_ordered + 1;
  await page.keyboard.type(`${overUnits}x`, { delay: 120 });
  await scan(page, over.product.supplier_sku2);
  const question = page.getByRole('dialog', { name: 'More than ordered?' });
  await expect(question).toContainText('1 unit over');
  await question.getByRole('button', { name: 'Add them' }).click();
  await expectReceivedNow(page, over.po_item_id, overUnits);
  await expect(field).toBeFocused();

  // A reload in the middle of the delivery loses nothing.
  await expect
    .poll(async () => (await draftOf(page, order.id))?.lines[over.po_item_id]?.received)
    .toBe(overUnits);
  await page.reload();
  await expect(page.getByRole('heading', { name: `Receive PO ${order.id}` })).toBeVisible({
    timeout: 60_000,
  });
  await throttleCpu(page, CPU_RATE);
  await expectReceivedNow(page, partial.po_item_id, 1);
  await expectReceivedNow(page, over.po_item_id, overUnits);

  // The third line: two units, then faulty and bin by keyboard (Enter on the active line edits it).
  await expect(page.getByLabel('Scan or type a code')).toBeFocused();
  await page.keyboard.type('2x', { delay: 120 });
  await scan(page, faulty.product.supplier_sku2);
  await expectReceivedNow(page, faulty.po_item_id, 2);
  await page.getByRole('listbox', { name: /Lines to receive/ }).focus();
  await page.keyboard.press('Enter');
  const editor = page.getByRole('form', { name: /Edit line/ });
  await editor.getByLabel('Faulty').fill('1');
  await editor.getByLabel('Bin').fill('B-07');
  await editor.getByLabel('Bin').press('Enter');
  await expect(editor).toBeHidden();
  await expect(page.locator(`[data-po-item-id="${faulty.po_item_id}"]`)).toContainText('B-07');

  // Complete: the docket's number, its date; one local transaction queues the invoice.
  const docket = `DOCK-${order.id}-${Date.now() % 100_000}`;
  await page.getByRole('button', { name: 'Complete receipt…' }).click();
  await page.getByLabel('Invoice number (from the docket)').fill(docket);
  await page.getByLabel("Supplier's invoice date").fill(new Date().toISOString().slice(0, 10));
  await page.getByLabel('Freight (ex tax)').fill('12.50');
  await page.getByRole('button', { name: 'Save receipt' }).click();
  await expect(page.getByRole('heading', { name: 'Receiving' })).toBeVisible();
  await throttleCpu(page, 1);

  const ops = await tableRows<OpRecord>(page, 'outbox');
  const queued = ops.filter((op) => op.kind === 'createSupplierInvoice');
  expect(queued).toHaveLength(1);
  expect(await draftOf(page, order.id)).toBeUndefined();
  // The order shows the truth before the server has it.
  await page.goto(page.url().replace(/#.*$/, `#/purchase-orders/${order.id}`));
  await expect(page.getByText('Receiving in progress').first()).toBeVisible({ timeout: 60_000 });
  const before = await simulator.orderView(order.id);
  expect(before?.invoices.some((invoice) => invoice.supplier_invoice_number === docket)).toBe(false);

  await simulator.setOffline(false);
  const status = page.getByRole('status', { name: 'Sync status' });
  await expect(status).toContainText('Online', { timeout: 60_000 });
  await expect
    .poll(
      async () => (await tableRows<OpRecord>(page, 'outbox')).find((op) => op.id === queued[0]!.id)?.state,
      {
        timeout: 60_000,
      },
    )
    .toBe('done');

  const after = (await simulator.orderView(order.id))!;
  const invoices = after.invoices.filter((invoice) => invoice.supplier_invoice_number === docket);
  expect(invoices).toHaveLength(1);
  expect(invoices[0]!.freight_ex).toBe(12.5);
  expect(invoices[0]!.receipts).toEqual([
    {
      purchase_order_id: order.id,
      items: expect.arrayContaining([
        { purchase_order_item_id: partial.po_item_id, quantity_received: 1, quantity_faulty: 0, bin: '' },
        {
          purchase_order_item_id: over.po_item_id,
          quantity_received: overUnits,
          quantity_faulty: 0,
          bin: '',
        },
        { purchase_order_item_id: faulty.po_item_id, quantity_received: 2, quantity_faulty: 1, bin: 'B-07' },
      ]),
    },
  ]);
  expect(invoices[0]!.receipts[0]!.items).toHaveLength(3);
  const received = new Map(after.items.map((item) => [item.po_item_id, item.quantity_received]));
  expect(received.get(partial.po_item_id)).toBe(1);
  expect(received.get(over.po_item_id)).toBe(overUnits);
  expect(received.get(faulty.po_item_id)).toBe(2);
  expect(after.status).toBe('ReceivingInProgress');
});
