/**
 * The supplier form on the edit-form shell, in Chromium: each field named by its form field takes its
 * label, bound (maxlength) and hint from the form's declarations, and the comments rule is said at the
 * field in words, naming the symbol to take out, with nothing queued.
 */
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { sampleSupplier } from '../../api/resources/fixtures';
import { mountInPage } from '../../components/testing/mountInPage';
import { DockhandDb } from '../../db/schema';
import SupplierEditForm from './SupplierEditForm.svelte';

describe('SupplierEditForm', () => {
  it('bounds each field as declared and says the comments rule at the field', async () => {
    const db = new DockhandDb(`supplier-edit-form-${crypto.randomUUID()}`);
    const supplier = sampleSupplier();
    await db.suppliers.put(supplier as never);
    mountInPage(SupplierEditForm, { db, supplier, ports: [], countries: [] });
    const form = page.getByRole('form', { name: 'Edit supplier' });

    const code = form.getByRole('textbox', { name: 'Supplier code' });
    await expect.element(code).toHaveAttribute('maxlength', '20');
    await expect.element(code).toHaveAccessibleDescription('Up to 20 characters');
    await expect.element(code).toBeRequired();
    await expect
      .element(form.getByRole('textbox', { name: 'Street address' }))
      .toHaveAttribute('maxlength', '100');
    const comments = form.getByRole('textbox', { name: 'Comments' });
    await expect.element(comments).toHaveAttribute('maxlength', '255');

    await userEvent.fill(comments, 'Ring before 10 @ the depot');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await expect.element(comments).toBeInvalid();
    await expect.element(comments).toHaveFocus();
    await expect
      .element(comments)
      .toHaveAccessibleDescription(/Take out @: comments cannot contain this symbol\./);
    expect(await db.outbox.count()).toBe(0);
    db.close();
  });
});
