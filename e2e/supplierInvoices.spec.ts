/**
 * The back office completes a supplier invoice in Dockhand: found through the list (its filters survive a
 * reload), its notes and freight edited offline and sent exactly once when the API returns; a freight the
 * office changed on the server meanwhile is a conflict named in words and resolved on the invoice's page;
 * then the invoice is finalised, with a confirmation, and is read-only from then on.
 */
import { expect, test } from './fixtures';
import { keepMineInConflict } from './support/conflict';
import { BackOffice } from './support/invoices';
import { tableRows } from './support/pageData';
import { startSyncedDemo } from './support/journeys';
import type { OpRecord } from '../src/db/ops';

test('an invoice edited offline, in conflict with the server, then finalised', async ({ app }) => {
  const { page } = app;
  const simulator = await startSyncedDemo(app);
  const counts = (await simulator.snapshot()).counts;
  const office = await BackOffice.of(page);
  const status = page.getByRole('status', { name: 'Sync status' });

  // The list: every cached invoice, then only those in progress; the filter lives in the URL.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Supplier invoices' })
    .click();
  await expect(page.getByText(`${counts.supplierInvoices} invoices`, { exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'In progress' });
  await expect(page).toHaveURL(/status=In\+Progress/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('In Progress');
  await expect(page.getByText(/^\d+ invoices? match, of /)).toBeVisible();

  // Keyboard: the first row of the list opens with Enter.
  const list = page.getByRole('listbox', { name: 'Supplier invoices' });
  await list.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/supplier-invoices\/\d+$/);
  const id = Number(/supplier-invoices\/(\d+)$/.exec(page.url())![1]);
  const before = await office.invoice(id);
  expect(before.status).toBe('In Progress');
  const form = page.getByRole('form', { name: 'Edit invoice' });

  // Offline: the edit shows at once, pending, and waits.
  await simulator.setOffline(true);
  await form.getByLabel('Notes').fill('Two cartons short, credit requested');
  await form.getByLabel('Freight (ex tax)').fill('120.50');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Pending', { exact: true })).toBeVisible();
  await expect(status).toContainText('Offline', { timeout: 30_000 });
  await expect(form.getByLabel('Notes')).toHaveValue('Two cartons short, credit requested');

  await simulator.setOffline(false);
  await expect(page.getByText('Pending', { exact: true })).toHaveCount(0, { timeout: 60_000 });
  const edited = await office.invoice(id);
  expect(edited.notes).toBe('Two cartons short, credit requested');
  expect(edited.direct_costs.freight.total_ex).toBe(120.5);
  expect(edited.modified_on).not.toBe(before.modified_on);
  const updates = (await tableRows<OpRecord>(page, 'outbox')).filter(
    (op) => op.kind === 'updateSupplierInvoice',
  );
  expect(updates.map((op) => [op.state, op.body])).toEqual([
    [
      'done',
      { notes: 'Two cartons short, credit requested', direct_costs: { freight: { total_ex: 120.5 } } },
    ],
  ]);
  // Exactly once: the number names one invoice on the server, and no other invoice was created.
  expect((await simulator.snapshot()).invoices[edited.supplier_invoice_number!]).toEqual([id]);
  expect((await simulator.snapshot()).counts.supplierInvoices).toBe(counts.supplierInvoices);

  // The office changes the freight on the server while the freight is being typed here.
  await form.getByLabel('Freight (ex tax)').fill('130');
  await office.updateInvoice(id, { direct_costs: { freight: { total_ex: 99 } } });
  await form.getByRole('button', { name: 'Save changes' }).click();
  await keepMineInConflict(page, {
    label: 'Freight (ex tax)',
    key: 'direct_costs',
    mine: /^Keep mine: .*130\.00$/,
  });
  await expect(page.getByText('Pending', { exact: true })).toHaveCount(0, { timeout: 60_000 });
  await expect.poll(async () => (await office.invoice(id)).direct_costs.freight.total_ex).toBe(130);

  // Finalise, confirmed: the server finalises it and the page no longer offers any edit.
  await page.getByRole('button', { name: 'Finalise invoice…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Finalise this invoice?' });
  await expect(dialog).toContainText('can no longer be changed in Dockhand');
  await dialog.getByRole('button', { name: 'Finalise invoice' }).click();
  // Read-only at once, while the finalise is on its way; then finalised by the server.
  const lockNote = page.getByRole('note');
  await expect(lockNote).toContainText('can no longer be changed');
  await expect(page.getByRole('form', { name: 'Edit invoice' })).toHaveCount(0);
  await expect(lockNote).toHaveText('Finalised: this invoice can no longer be changed.', { timeout: 60_000 });
  const finalised = await office.invoice(id);
  expect(finalised).toMatchObject({ status: 'Finalised', notes: 'Two cartons short, credit requested' });
  expect(finalised.finalised_on).not.toBeNull();
  await expect(page.getByRole('form', { name: 'Edit invoice' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Finalise invoice…' })).toHaveCount(0);
  await expect(page.getByRole('textbox')).toHaveCount(0);
});
