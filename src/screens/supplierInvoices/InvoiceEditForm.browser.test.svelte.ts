/**
 * The invoice editor in Chromium: freight has one meaning, "includes tax", the label says what the amount
 * typed is, and the amount typed is the freight's total: $25.50 including tax is sent as 23.18 ex and
 * shows as 25.50, never 28.05.
 */
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { SupplierInvoice } from '../../api/resources';
import { sampleSupplier, sampleSupplierInvoice } from '../../api/resources/fixtures';
import { mountInPage } from '../../components/testing/mountInPage';
import { DockhandDb } from '../../db/schema';
import FinaliseInvoice from './FinaliseInvoice.svelte';
import InvoiceEditForm from './InvoiceEditForm.svelte';

const optionTexts = (select: ReturnType<typeof page.getByRole>) =>
  select
    .getByRole('option')
    .elements()
    .map((option) => option.textContent);

/** The editor open on `invoice`, stored with whatever `prepare` adds to a fresh database. */
async function editing(invoice: SupplierInvoice, prepare?: (db: DockhandDb) => Promise<unknown>) {
  const db = new DockhandDb(`invoice-edit-form-${crypto.randomUUID()}`);
  await db.supplierInvoices.put(invoice);
  await prepare?.(db);
  mountInPage(InvoiceEditForm, { db, invoice });
  return { db, form: page.getByRole('form', { name: 'Edit invoice' }) };
}

describe('InvoiceEditForm', () => {
  it('takes the tax out of freight that includes it, and says so in its labels', async () => {
    const { db, form } = await editing(sampleSupplierInvoice({ id: 7001 }));

    await expect.element(form.getByRole('spinbutton', { name: 'Freight (ex tax)' })).toHaveValue(50);
    await userEvent.click(form.getByRole('checkbox', { name: 'Freight includes tax' }));
    const freight = form.getByRole('spinbutton', { name: 'Freight (inc tax)' });
    await userEvent.fill(freight, '25.50');
    await userEvent.click(form.getByRole('button', { name: 'Save changes' }));

    await expect.poll(() => db.outbox.count()).toBe(1);
    const [op] = await db.outbox.toArray();
    expect(op!.body).toEqual({ direct_costs: { freight: { includes_tax: true, total_ex: 23.18 } } });
    const row = (await db.supplierInvoices.get(7001))!;
    expect(row.direct_costs.freight).toEqual({
      includes_tax: true,
      total_ex: 23.18,
      total_tax: 2.32,
      total_inc: 25.5,
    });
  });

  it('offers the country of origin by name and distribute-costs-by as a choice, and sends their ids and values', async () => {
    const { db, form } = await editing(
      sampleSupplierInvoice({ id: 7002, distribute_costs_by: 'Value' }),
      (db) =>
        db.suppliers.bulkPut([
          sampleSupplier({ id: 1, country_of_origin: { id: 44, name: 'China' } }),
          sampleSupplier({ id: 2, country_of_origin: { id: 12, name: 'Australia' } }),
        ] as never),
    );

    const country = form.getByRole('combobox', { name: 'Country of origin' });
    await expect.poll(() => optionTexts(country)).toEqual(['Not changed', 'Australia', 'China']);
    await expect.element(form.getByRole('spinbutton', { name: /Country/ })).not.toBeInTheDocument();
    const distribution = form.getByRole('combobox', { name: 'Distribute costs by' });
    expect(optionTexts(distribution)).toEqual(['Not set', 'Value', 'Quantity', 'Weight']);
    await expect.element(distribution).toHaveDisplayValue('Value');
    await expect.element(form.getByRole('textbox', { name: 'Distribute costs by' })).not.toBeInTheDocument();

    await userEvent.selectOptions(country, 'China');
    await userEvent.selectOptions(distribution, 'Quantity');
    await userEvent.click(form.getByRole('button', { name: 'Save changes' }));
    await expect.poll(() => db.outbox.count()).toBe(1);
    const [op] = await db.outbox.toArray();
    expect(op!.body).toEqual({ distribute_costs_by: 'Quantity', origin_country: { id: 44 } });
  });

  it('says at the fields what is out of bounds, and saves nothing', async () => {
    const { db, form } = await editing(sampleSupplierInvoice({ id: 7003 }));

    const rounding = form.getByRole('spinbutton', { name: 'Rounding adjustment' });
    await userEvent.fill(rounding, '99999999999999');
    await expect.element(form.getByRole('textbox', { name: 'Notes' })).toHaveAttribute('maxlength', '2000');
    await userEvent.click(form.getByRole('button', { name: 'Save changes' }));
    await expect.element(rounding).toHaveAccessibleDescription(/Rounding adjustment must be 1,000 or less/);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('FinaliseInvoice', () => {
  it('refuses an invoice without its date before asking to confirm, and queues nothing', async () => {
    const db = new DockhandDb(`invoice-finalise-${crypto.randomUUID()}`);
    await db.supplierInvoices.put(sampleSupplierInvoice({ id: 7004, supplier_invoiced_on: null }));
    mountInPage(FinaliseInvoice, { db, id: 7004, blockedBy: null });

    await userEvent.click(page.getByRole('button', { name: 'Finalise invoice…' }));
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent(
        'Enter the supplier’s invoice date and save it before finalising: a finalised invoice cannot be changed.',
      );
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    expect(await db.outbox.count()).toBe(0);
  });
});
