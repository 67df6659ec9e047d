/**
 * The return header form on the edit-form shell, in Chromium: each field named by its form field reads
 * its label and errors from the form; a refused save says what is wrong at the field and puts focus
 * there, queueing nothing; the fix is queued as one change of only that field and opens the return;
 * Escape goes back to the return.
 */
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { sampleSupplierReturn } from '../../api/resources/fixtures';
import { mountInPage } from '../../components/testing/mountInPage';
import { DockhandDb } from '../../db/schema';
import ReturnEditForm from './ReturnEditForm.svelte';

async function editing() {
  const db = new DockhandDb(`return-edit-form-${crypto.randomUUID()}`);
  const supplierReturn = sampleSupplierReturn();
  await db.supplierReturns.put(supplierReturn);
  location.hash = `#/supplier-returns/${supplierReturn.id}/edit`;
  mountInPage(ReturnEditForm, { db, supplierReturn, countries: [{ value: 13, label: 'Australia' }] });
  return { db, form: page.getByRole('form', { name: 'Edit return' }) };
}

describe('ReturnEditForm', () => {
  it('refuses at the field with focus there, then queues only the fix and opens the return', async () => {
    const { db, form } = await editing();
    const authorisation = form.getByRole('textbox', { name: 'Return authorisation' });
    await expect.element(authorisation).toHaveValue('RA-1192');
    await expect.element(form.getByRole('combobox', { name: 'Country' })).toHaveDisplayValue('Australia');

    await userEvent.fill(authorisation, 'R'.repeat(101));
    await userEvent.click(form.getByRole('button', { name: 'Save return' }));
    await expect.element(authorisation).toBeInvalid();
    await expect
      .element(authorisation)
      .toHaveAccessibleDescription(/At most 100 characters \(this has 101\)\./);
    await expect.element(authorisation).toHaveFocus();
    await expect
      .element(form.getByRole('alert').first())
      .toHaveTextContent('Return authorisation: At most 100 characters (this has 101).');
    expect(await db.outbox.count()).toBe(0);

    await userEvent.fill(authorisation, 'RA-7');
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => db.outbox.count()).toBe(1);
    const [op] = await db.outbox.toArray();
    expect(op).toMatchObject({ kind: 'updateSupplierReturn', body: { return_authorisation: 'RA-7' } });
    await expect.poll(() => location.hash).toBe('#/supplier-returns/8001');
    db.close();
  });

  it('goes back to the return on Escape, queueing nothing', async () => {
    const { db, form } = await editing();
    await userEvent.fill(form.getByRole('textbox', { name: 'Suburb' }), 'Botany');
    await userEvent.keyboard('{Escape}');
    expect(location.hash).toBe('#/supplier-returns/8001');
    expect(await db.outbox.count()).toBe(0);
    db.close();
  });
});
