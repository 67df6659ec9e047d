/**
 * The invoice editor in Chromium: freight has one meaning, "includes tax", the label says what the amount
 * typed is, and the amount typed is the freight's total: $25.50 including tax is sent as 23.18 ex and
 * shows as 25.50, never 28.05.
 */
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { sampleSupplierInvoice } from '../../api/resources/fixtures';
import { mountInPage } from '../../components/testing/mountInPage';
import { DockhandDb } from '../../db/schema';
import InvoiceEditForm from './InvoiceEditForm.svelte';

describe('InvoiceEditForm', () => {
  it('takes the tax out of freight that includes it, and says so in its labels', async () => {
    const db = new DockhandDb(`invoice-edit-form-${crypto.randomUUID()}`);
    const invoice = sampleSupplierInvoice({ id: 7001 });
    await db.supplierInvoices.put(invoice);
    mountInPage(InvoiceEditForm, { db, invoice });
    const form = page.getByRole('form', { name: 'Edit invoice' });

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
});
